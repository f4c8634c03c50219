import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { parseGadgetsDefinition } from '../../src/store/gadgets.js';
import { useReferenceApi } from '../helpers/reference-api.js';

test('the definition syntax: sections, flags, list options and pages by kind', () => {
  const gadgets = parseGadgetsDefinition(
    [
      '* Frei|Frei.js',
      '== werkzeuge ==',
      '* Paket [ResourceLoader|package|default|rights=edit, move|dependencies=mediawiki.util,jquery|peers=Frei|skins=vector|actions=edit,view] |Paket.js|Paket.css|daten.json',
      'kein Eintrag',
      '*  Kaputt',
      '== darstellung ==',
      '** Alt|Alt.js|Alt.css',
    ].join('\n'),
  );
  assert.deepEqual(
    gadgets.map((g) => [g.name, g.category]),
    [
      ['Frei', ''],
      ['Paket', 'werkzeuge'],
      ['Alt', 'darstellung'],
    ],
  );
  const paket = gadgets[1];
  assert.equal(paket.resourceLoader, true);
  assert.equal(paket.package, true);
  assert.equal(paket.default, true);
  assert.equal(paket.hidden, false);
  assert.deepEqual(paket.rights, ['edit', 'move']);
  assert.deepEqual(paket.dependencies, ['mediawiki.util', 'jquery']);
  assert.deepEqual(paket.peers, ['Frei']);
  assert.deepEqual(paket.skins, ['vector']);
  assert.deepEqual(paket.actions, ['edit', 'view']);
  assert.deepEqual(paket.scripts, ['MediaWiki:Gadget-Paket.js']);
  assert.deepEqual(paket.styles, ['MediaWiki:Gadget-Paket.css']);
  assert.deepEqual(paket.datas, ['MediaWiki:Gadget-daten.json']);
  assert.deepEqual(gadgets[2].styles, ['MediaWiki:Gadget-Alt.css']);
});

describeEachEngine('list=gadgets and list=gadgetcategories', (engine) => {
  const api = useReferenceApi(engine);

  test('gadgets by id, by category, enabled by default, with legacy scripts flagged', async () => {
    const byId = await api().query({ list: 'gadgets', gaids: 'Uhr|Fehlt', gaprop: 'id|desc' });
    assert.deepEqual(byId.query.gadgets, [{ id: 'Uhr', desc: 'Zeigt eine Uhr an' }]);
    const enabled = await api().query({ list: 'gadgets', gaenabledonly: '1', gaprop: 'id' });
    assert.deepEqual(enabled.query.gadgets, [{ id: 'Hallo' }]);
    const hidden = await api().query({ list: 'gadgets', gacategories: 'darstellung' });
    assert.equal(hidden.query.gadgets[0].metadata.settings.hidden, true);
    assert.equal(hidden.query.gadgets[0].metadata.settings.legacyscripts, false);
  });

  test('categories by name with their titles and member counts', async () => {
    const answer = await api().query({
      list: 'gadgetcategories',
      gcnames: 'darstellung',
      gcprop: 'name|title|members',
    });
    assert.deepEqual(answer.query.gadgetcategories, [{ name: 'darstellung', desc: 'Darstellung', members: 1 }]);
    const names = await api().query({ list: 'gadgetcategories' });
    assert.deepEqual(names.query.gadgetcategories, [{ name: 'werkzeuge' }, { name: 'darstellung' }]);
  });

  test('an empty list of names or categories filters nothing; an empty list of ids lets nothing through', async () => {
    const categories = await api().query({ list: 'gadgetcategories', gcnames: '' });
    assert.deepEqual(categories.query.gadgetcategories, [{ name: 'werkzeuge' }, { name: 'darstellung' }]);
    const all = await api().query({ list: 'gadgets', gaprop: 'id' });
    assert.ok(all.query.gadgets.length > 1);
    assert.deepEqual(
      (await api().query({ list: 'gadgets', gaprop: 'id', gacategories: '' })).query.gadgets,
      all.query.gadgets,
    );
    assert.deepEqual((await api().query({ list: 'gadgets', gaprop: 'id', gaids: '' })).query.gadgets, []);
  });

  test('an empty prop gives empty entries, printed as PHP prints empty arrays', async () => {
    assert.deepEqual((await api().query({ list: 'gadgetcategories', gcprop: '' })).query.gadgetcategories, [[], []]);
    const gadgets = (await api().query({ list: 'gadgets', gaprop: '' })).query.gadgets;
    assert.ok(gadgets.length > 1 && gadgets.every((g: unknown) => Array.isArray(g) && g.length === 0));
  });
});
