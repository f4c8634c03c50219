import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useReferenceApi } from '../helpers/reference-api.js';

describeEachEngine('siteinfo siprop=extensions', (engine) => {
  const api = useReferenceApi(engine);

  test('the installed skins and extensions with their credits, as MediaWiki 1.39 lists them', async () => {
    const answer = await api().query({
      action: 'query',
      meta: 'siteinfo',
      siprop: 'extensions',
      format: 'json',
      formatversion: '2',
    });
    const extensions = answer.query.extensions as Array<Record<string, string>>;
    // Skins first, then the extensions by kind in the order the kinds are first met.
    assert.deepEqual(
      extensions.map((e) => `${e.type}:${e.name}`),
      [
        'skin:Vector',
        'skin:MonoBook',
        'skin:Timeless',
        'parserhook:Cite',
        'parserhook:ParserFunctions',
        'other:Gadgets',
        'other:TextExtracts',
        'specialpage:Interwiki',
        'specialpage:Renameuser',
        'specialpage:Replace Text',
        'api:PageImages',
        'antispam:TitleBlacklist',
      ],
    );
    // MediaWiki 1.39's entries, field for field and in its order.
    assert.deepEqual(Object.entries(extensions[3] ?? {}), [
      ['type', 'parserhook'],
      ['name', 'Cite'],
      ['descriptionmsg', 'cite-desc'],
      [
        'author',
        'Ævar Arnfjörð Bjarmason, Andrew Garrett, Brion Vibber, Ed Sanders, Marius Hoch, Steve Sanbeg, Trevor Parscal, ...',
      ],
      ['url', 'https://www.mediawiki.org/wiki/Extension:Cite'],
      ['license-name', 'GPL-2.0-or-later'],
      ['license', '/index.php/Spezial:Version/License/Cite'],
      ['credits', '/index.php/Spezial:Version/Credits/Cite'],
    ]);
    assert.deepEqual(Object.entries(extensions[9] ?? {}), [
      ['type', 'specialpage'],
      ['name', 'Replace Text'],
      ['descriptionmsg', 'replacetext-desc'],
      ['author', 'Yaron Koren, Niklas Laxström, ...'],
      ['url', 'https://www.mediawiki.org/wiki/Extension:Replace_Text'],
      ['version', '1.7'],
      ['license-name', 'GPL-2.0-or-later'],
      ['license', '/index.php/Spezial:Version/License/Replace_Text'],
    ]);
    assert.equal(extensions[0]?.namemsg, 'vector-specialversion-name');
  });

  test("the database's engine and version, as the store's own engine gives them", async () => {
    const { general } = (await api().query({ meta: 'siteinfo', siprop: 'general' })).query;
    assert.equal(general.dbtype, engine.name);
    assert.match(general.dbversion, /^\d+\.\d+/);
  });
});
