import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { buildApp } from '../../src/api/app.js';
import { queryJson, useReferenceApi } from '../helpers/reference-api.js';

const ids = (items: any[]): number[] => items.map((p) => p.pageid);

describeEachEngine('list=backlinks, embeddedin, imageusage', (engine) => {
  const api = useReferenceApi(engine);

  test('backlinks are in page id order, by linking namespace first when several are asked for', async () => {
    const all = await api().query({ list: 'backlinks', bltitle: 'Berlin', bllimit: 'max' });
    const plain = ids(all.query.backlinks);
    assert.deepEqual(
      plain,
      [...plain].sort((a, b) => a - b),
    );
    const byNs = await api().query({ list: 'backlinks', bltitle: 'Berlin', blnamespace: '0|2|10', bllimit: 'max' });
    const keys = byNs.query.backlinks.map((p: any) => [p.ns, p.pageid]);
    assert.deepEqual(
      keys,
      [...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]),
    );
    assert.equal(keys[keys.length - 1][0], 10);
    const down = await api().query({ list: 'backlinks', bltitle: 'Berlin', bldir: 'descending', bllimit: '2' });
    assert.deepEqual(ids(down.query.backlinks), [...plain].reverse().slice(0, 2));
    assert.equal(down.continue.blcontinue, `0|${[...plain].reverse()[2]}`);
  });

  test('with redirect, the links to redirects are listed under each redirect', async () => {
    const answer = await api().query({
      list: 'backlinks',
      bltitle: 'Deutschland',
      blredirect: '1',
      blfilterredir: 'redirects',
    });
    assert.deepEqual(answer.query.backlinks, [
      {
        pageid: 292,
        ns: 0,
        title: 'BRD',
        redirect: true,
        redirlinks: [{ pageid: 299, ns: 0, title: 'Doppelte Weiterleitung', redirect: true }],
      },
      { pageid: 293, ns: 0, title: 'Bundesrepublik Deutschland', redirect: true },
    ]);
    const v1 = await api().query({
      list: 'backlinks',
      bltitle: 'Deutschland',
      blredirect: '1',
      blfilterredir: 'redirects',
      formatversion: '1',
    });
    assert.equal(v1.query.backlinks[0].redirect, '');
  });

  test('when the links to redirects overflow, the next batch restarts the first list and resumes the second', async () => {
    const params = { list: 'backlinks', bltitle: 'Annys pogosts', blredirect: '1', bllimit: '3' };
    const first = await api().query(params);
    assert.equal(first.continue.blcontinue, '0|1766|0|Anis_pogosts|0|2357');
    const anis = first.query.backlinks.find((p: any) => p.title === 'Anis pogosts');
    assert.equal(anis.redirlinks.length, 3);
    const second = await api().query({ ...params, ...first.continue });
    assert.deepEqual(ids(second.query.backlinks), ids(first.query.backlinks));
    const more = second.query.backlinks.find((p: any) => p.title === 'Anis pogosts').redirlinks;
    assert.equal(more[0].pageid, 2357);
    assert.ok(more.every((r: any) => !ids(anis.redirlinks).includes(r.pageid)));
  });

  test('with redirect, the limit bounds are halved as in MediaWiki', async () => {
    const max = await api().query({ list: 'backlinks', bltitle: 'Deutschland', blredirect: '1', bllimit: 'max' });
    assert.equal(max.limits.backlinks, 250);
    const plainMax = await api().query({ list: 'backlinks', bltitle: 'Deutschland', bllimit: 'max' });
    assert.equal(plainMax.limits.backlinks, 500);
    const over = await api().query({
      list: 'imageusage',
      iutitle: 'Datei:Beispiel.png',
      iuredirect: '1',
      iulimit: '300',
    });
    assert.match(over.warnings.imageusage.warnings, /300.*250/);
    const within = await api().query({ list: 'imageusage', iutitle: 'Datei:Beispiel.png', iulimit: '300' });
    assert.equal(within.warnings, undefined);
    // Beyond the whole range: read against it first, then against the half, each warned about.
    const far = await api().query({
      list: 'imageusage',
      iutitle: 'Datei:Beispiel.png',
      iuredirect: '1',
      iulimit: '5001',
    });
    assert.equal(
      far.warnings.imageusage.warnings,
      'The value "5001" for parameter "iulimit" must be between 1 and 500.\n' +
        'The value "500" for parameter "iulimit" must be between 1 and 250.',
    );
    // The halved range is checked after the module's second reading of its parameters: the raw
    // error format's repeated warning (a multi-value sent with U+001F) comes before it.
    const raw = await api().query({
      list: 'imageusage',
      iutitle: 'Datei:Beispiel.png',
      iunamespace: '\u001f6\u001f-2\u001fx',
      iuredirect: '1',
      iulimit: '5001',
      errorformat: 'raw',
      formatversion: '2',
    });
    assert.deepEqual(
      raw.warnings.map((w: { code: string; params: { plaintext: string }[] }) => [w.code, w.params[0].plaintext]),
      [
        ['unrecognizedvalues', 'iunamespace'],
        ['outofrange', 'iulimit'],
        ['unrecognizedvalues', 'iunamespace'],
        ['outofrange', 'iulimit'],
      ],
    );
    // Another parameter's error ends the request before the halved range is applied.
    const failed = await api().query({ list: 'imageusage', iupageid: '0x10', iuredirect: '1', iulimit: '5001' });
    assert.equal(failed.error.code, 'badinteger');
    assert.equal(
      failed.warnings.imageusage.warnings,
      'The value "5001" for parameter "iulimit" must be between 1 and 500.',
    );
  });

  test('a full answer continues inside the batch, at the page or the redirect to add next', async () => {
    const params = { list: 'backlinks', bltitle: 'Annys pogosts', blredirect: '1', bllimit: '3' };
    const whole = await api().query(params);
    const site = api().site;
    const small = await buildApp({
      store: api().store,
      site: { ...site, settings: { ...site.settings, APIMaxResultSize: 60 } },
    });
    try {
      const seen: any[] = [];
      let next: Record<string, string> = {};
      const shapes: string[] = [];
      for (let round = 0; round < 20; round++) {
        const answer = await queryJson(small, { ...params, ...next });
        for (const page of answer.query?.backlinks ?? []) {
          // The page whose redirlinks continue is listed again, as MediaWiki lists it.
          if (!seen.some((p) => p.pageid === page.pageid && p.parent === undefined)) {
            seen.push({ ...page, redirlinks: undefined });
          }
          for (const link of page.redirlinks ?? []) seen.push({ ...link, parent: page.pageid });
        }
        if (!answer.continue) break;
        assert.match(answer.warnings.result?.warnings ?? answer.warnings.backlinks.warnings, /60 bytes/);
        shapes.push(answer.continue.blcontinue);
        next = answer.continue;
        if (answer.continue.blcontinue === whole.continue.blcontinue) break;
      }
      assert.ok(shapes.some((c) => c.split('|').length === 7));
      assert.ok(shapes.some((c) => c.split('|').length === 8));
      const expected: any[] = [];
      for (const page of [...whole.query.backlinks].sort((a, b) => a.pageid - b.pageid)) {
        expected.push({ ...page, redirlinks: undefined });
        for (const link of page.redirlinks ?? []) expected.push({ ...link, parent: page.pageid });
      }
      assert.deepEqual(seen, expected);
    } finally {
      await small.close();
    }
  });

  test('as a generator, the redirects and the pages linking to them are all produced', async () => {
    const answer = await api().query({
      generator: 'backlinks',
      gbltitle: 'Deutschland',
      gblredirect: '1',
      gbllimit: 'max',
    });
    const produced = answer.query.pages.map((p: any) => p.pageid);
    assert.ok(produced.includes(292) && produced.includes(299));
  });

  test('embeddedin lists transclusions; imageusage wants a file', async () => {
    const embedded = await api().query({ list: 'embeddedin', eititle: 'Vorlage:Person', einamespace: '0' });
    assert.deepEqual(ids(embedded.query.embeddedin), [257, 258, 259, 260, 261]);
    const usage = await api().query({ list: 'imageusage', iutitle: 'Bild:Beispiel.png', iulimit: '2' });
    assert.deepEqual(ids(usage.query.imageusage), [236, 237]);
    assert.equal(usage.continue.iucontinue, '0|332');
    const notFile = await api().query({ list: 'imageusage', iutitle: 'Berlin' });
    assert.deepEqual(
      [notFile.error.code, notFile.error.info],
      ['bad_image_title', 'The title for "imageusage" must be a file.'],
    );
  });

  test('the page given by id, and the errors of a missing target and a bad continuation', async () => {
    const byId = await api().query({ list: 'backlinks', blpageid: '236', bllimit: '1' });
    assert.equal(byId.query.backlinks[0].pageid, 1);
    const none = await api().query({ list: 'backlinks' });
    assert.deepEqual(
      [none.error.code, none.error.info],
      ['missingparam', 'One of the parameters "bltitle" and "blpageid" is required.'],
    );
    for (const bad of ['1', 'a|b', '0|1|2', '0|1|0|X|0']) {
      const answer = await api().query({ list: 'backlinks', bltitle: 'Berlin', blcontinue: bad });
      assert.equal(answer.error?.code, 'badcontinue', bad);
    }
    const invalid = await api().query({ list: 'embeddedin', eititle: '<>' });
    assert.equal(invalid.error.code, 'invalidtitle');
  });
});
