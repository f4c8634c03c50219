import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useReferenceApi } from '../helpers/reference-api.js';

const titles = (answer: any): string[] => answer.query.categorymembers.map((p: any) => p.title);

describeEachEngine('list=categorymembers', (engine) => {
  const api = useReferenceApi(engine);
  const cm = (params: Record<string, string>) =>
    api().query({ list: 'categorymembers', cmtitle: 'Kategorie:Bilder', ...params });

  test('lists pages, then subcategories, then files, each in sort key order', async () => {
    const person = await api().query({ list: 'categorymembers', cmtitle: 'Kategorie:Person', cmprop: 'title|type' });
    const types = person.query.categorymembers.map((m: any) => m.type);
    assert.deepEqual(
      types,
      [...types].sort((a: string, b: string) => (a === b ? 0 : a === 'page' ? -1 : 1)),
    );
    const bilder = await cm({ cmprop: 'type', cmtype: 'file|page' });
    assert.deepEqual(
      bilder.query.categorymembers.map((m: any) => m.type),
      ['file', 'file', 'file', 'page'],
      'in the order the types were asked for',
    );
  });

  test('continuation crosses from one type to the next', async () => {
    const first = await cm({ cmlimit: '2', cmtype: 'page|file', cmprop: 'title|type' });
    assert.match(first.continue.cmcontinue, /^file\|[0-9a-f]+\|\d+$/);
    const rest = await cm({ cmlimit: '5', cmtype: 'page|file', cmprop: 'title|type', ...first.continue });
    assert.equal(first.query.categorymembers.length + rest.query.categorymembers.length, 4);
    assert.equal(rest.continue, undefined);
  });

  test('descending sort key order and sort key bounds', async () => {
    const down = await api().query({
      list: 'categorymembers',
      cmtitle: 'Kategorie:Stadt',
      cmtype: 'page',
      cmdir: 'desc',
      cmlimit: '3',
    });
    assert.deepEqual(titles(down), ['Zürich', 'Wien', 'Stuttgart']);
    const range = await api().query({
      list: 'categorymembers',
      cmtitle: 'Kategorie:Stadt',
      cmtype: 'page',
      cmstartsortkeyprefix: 'd',
      cmendsortkeyprefix: 'F',
    });
    assert.deepEqual(titles(range), ['Deutschland', 'Dresden', 'Düsseldorf']);
    const hex = await api().query({
      list: 'categorymembers',
      cmtitle: 'Kategorie:Stadt',
      cmstarthexsortkey: '5749454e',
      cmtype: 'page',
    });
    assert.deepEqual(titles(hex), ['Wien', 'Zürich']);
    const bad = await api().query({ list: 'categorymembers', cmtitle: 'Kategorie:Stadt', cmstarthexsortkey: 'xyz' });
    assert.deepEqual(
      [bad.error.code, bad.error.info],
      ['badvalue_cmstarthexsortkey', 'Invalid value for parameter "cmstarthexsortkey".'],
    );
  });

  test('sorting by timestamp continues by timestamp and page id', async () => {
    const all = await api().query({
      list: 'categorymembers',
      cmtitle: 'Kategorie:Stadt',
      cmsort: 'timestamp',
      cmprop: 'ids|timestamp',
      cmlimit: 'max',
    });
    const stamps = all.query.categorymembers.map((m: any) => `${m.timestamp}|${String(m.pageid).padStart(6, '0')}`);
    assert.deepEqual(stamps, [...stamps].sort());
    const first = await api().query({
      list: 'categorymembers',
      cmtitle: 'Kategorie:Stadt',
      cmsort: 'timestamp',
      cmlimit: '4',
    });
    assert.match(first.continue.cmcontinue, /^\d{14}\|\d+$/);
    const bounded = await api().query({
      list: 'categorymembers',
      cmtitle: 'Kategorie:Stadt',
      cmsort: 'timestamp',
      cmstart: all.query.categorymembers[2].timestamp,
      cmend: all.query.categorymembers[2].timestamp,
      cmprop: 'timestamp',
    });
    assert.ok(bounded.query.categorymembers.every((m: any) => m.timestamp === all.query.categorymembers[2].timestamp));
  });

  test('namespace filter, page id of the category, and the errors of a bad category', async () => {
    const subcats = await api().query({ list: 'categorymembers', cmtitle: 'Kategorie:Person', cmnamespace: '14' });
    assert.ok(subcats.query.categorymembers.every((m: any) => m.ns === 14));
    assert.ok(subcats.query.categorymembers.length > 0);
    const notCategory = await api().query({ list: 'categorymembers', cmtitle: 'Berlin' });
    assert.deepEqual(
      [notCategory.error.code, notCategory.error.info],
      ['invalidcategory', 'The category name you entered is not valid.'],
    );
    // A title no page can have is refused as such before its namespace is looked at (not so for backlinks).
    for (const cmtitle of ['Media:Beispiel.png', 'Spezial:Alle Seiten', '#Nur Abschnitt']) {
      const impossible = await api().query({ list: 'categorymembers', cmtitle });
      assert.deepEqual(
        [impossible.error.code, impossible.error.info],
        ['pagecannotexist', "Namespace doesn't allow actual pages."],
      );
    }
    const special = await api().query({ list: 'backlinks', bltitle: 'Spezial:Alle Seiten' });
    assert.deepEqual(special.query.backlinks, []);
    const both = await api().query({ list: 'categorymembers', cmtitle: 'Kategorie:Stadt', cmpageid: '1' });
    assert.deepEqual(
      [both.error.code, both.error.info],
      ['invalidparammix', 'The parameters "cmtitle" and "cmpageid" can not be used together.'],
    );
    const missing = await api().query({ list: 'categorymembers', cmpageid: '999999' });
    assert.deepEqual([missing.error.code, missing.error.info], ['nosuchpageid', 'There is no page with ID 999999.']);
    const badContinue = await api().query({
      list: 'categorymembers',
      cmtitle: 'Kategorie:Stadt',
      cmcontinue: 'page|zz|1',
    });
    assert.equal(badContinue.error.code, 'badcontinue');
    const empty = await api().query({ list: 'categorymembers', cmtitle: 'Kategorie:Gibt es nicht' });
    assert.deepEqual(empty.query.categorymembers, []);
  });
});
