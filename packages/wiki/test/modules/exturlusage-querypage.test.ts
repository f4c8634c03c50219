import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { CACHED_PAGES } from '../../src/store/querycache.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { useReferenceApi } from '../helpers/reference-api.js';
import { SessionClient } from '../helpers/session-client.js';

describeEachEngine('list=exturlusage and list=querypage', (engine) => {
  const api = useReferenceApi(engine);

  test('external links by reversed host: a domain with its subdomains, a path prefix, a protocol', async () => {
    const sub = await api().query({ list: 'exturlusage', euquery: '*.example.org', eulimit: 'max', euprop: 'url' });
    const urls = sub.query.exturlusage.map((l: any) => l.url);
    assert.ok(urls.includes('http://example.org/') && urls.includes('http://stadtarchiv.example.org/Berlin'));
    assert.ok(urls.every((u: string) => /^http:\/\/([^/]*\.)?example\.org\//.test(u)));
    const path = await api().query({ list: 'exturlusage', euquery: 'stadtarchiv.example.org/B', euprop: 'url' });
    assert.deepEqual(path.query.exturlusage.map((l: any) => l.url).sort(), [
      'http://stadtarchiv.example.org/Berlin',
      'http://stadtarchiv.example.org/Bremen',
    ]);
    const https = await api().query({
      list: 'exturlusage',
      euprotocol: 'https',
      euquery: 'www.berlin.example',
      euprop: 'ids',
    });
    assert.deepEqual(https.query.exturlusage, [{ pageid: 236 }]);
    const bad = await api().query({ list: 'exturlusage', euquery: 'exa*mple.org' });
    assert.deepEqual([bad.error.code, bad.error.info], ['badquery', 'Invalid query.']);
  });

  test('an unknown protocol is refused with the protocols, the empty one once', async () => {
    const answer = await api().query({
      list: 'exturlusage',
      euquery: 'Stadt',
      euprotocol: 'bogus',
      errorformat: 'raw',
    });
    const [, , values, count] = answer.errors[0].params;
    assert.deepEqual(
      values.list.slice(0, 3).map((v: { plaintext: string }) => v.plaintext),
      ['', 'bitcoin', 'ftp'],
    );
    assert.deepEqual(count, { num: values.list.length });
  });

  test('pagepropnames: a continue value is a name; "0" and "" are none, a value with | is badcontinue', async () => {
    const all = await api().query({ list: 'pagepropnames' });
    const fromZero = await api().query({ list: 'pagepropnames', ppncontinue: '0' });
    assert.deepEqual(fromZero.query.pagepropnames, all.query.pagepropnames);
    const bad = await api().query({ list: 'pagepropnames', ppncontinue: '0|0' });
    assert.equal(bad.error.code, 'badcontinue');
  });

  test('expandurl writes a scheme in capitals in small letters, in exturlusage and extlinks alike', async () => {
    const urls = async (expandurl: Record<string, string>) =>
      (
        await api().query({
          list: 'exturlusage',
          euquery: 'en.wikipedia.org/w/index.php?title=Wikipedia:Sandbox',
          euprop: 'url',
          eulimit: 'max',
          ...expandurl,
        })
      ).query.exturlusage.map((l: any) => l.url);
    assert.ok(
      (await urls({})).some((url: string) => url.startsWith('Http://')),
      'stored as written',
    );
    assert.ok((await urls({ euexpandurl: '1' })).every((url: string) => url.startsWith('http://')));
    const links = await api().query({ prop: 'extlinks', pageids: '444', elexpandurl: '1', ellimit: 'max' });
    assert.ok(links.query.pages[0].extlinks.every((l: any) => !l.url.startsWith('Http')));
  });

  test('external links continue by index and link id, escaped', async () => {
    const first = await api().query({ list: 'exturlusage', euquery: '*.example.org', eulimit: '3' });
    assert.match(first.continue.eucontinue, /^http:\/\/org\.example\.[^|]*\|\d+$/);
    const all = await api().query({ list: 'exturlusage', euquery: '*.example.org', eulimit: 'max' });
    const next = await api().query({ list: 'exturlusage', euquery: '*.example.org', eulimit: '3', ...first.continue });
    assert.deepEqual([...first.query.exturlusage, ...next.query.exturlusage], all.query.exturlusage.slice(0, 6));
    // A value of two fields whose id is no number resumes after its index (MediaWiki 1.39 on
    // SQLite answers so: `|` lists from the start); another number of fields is refused.
    const fromStart = await api().query({
      list: 'exturlusage',
      euquery: '*.example.org',
      eulimit: '3',
      eucontinue: '|',
    });
    assert.deepEqual(fromStart.query.exturlusage, first.query.exturlusage);
    const bad = await api().query({ list: 'exturlusage', euquery: '*.example.org', eucontinue: 'a|b|c' });
    assert.equal(bad.error.code, 'badcontinue');
  });

  test('special pages are answered from the query cache, in their order, continued by offset', async () => {
    const wanted = await api().query({ list: 'querypage', qppage: 'Wantedpages', qplimit: '3' });
    const values = wanted.query.querypage.results.map((r: any) => Number(r.value));
    assert.deepEqual(
      values,
      [...values].sort((a, b) => b - a),
    );
    assert.deepEqual(wanted.continue, { qpoffset: 3, continue: '-||' });
    const next = await api().query({ list: 'querypage', qppage: 'Wantedpages', qplimit: '3', qpoffset: '3' });
    assert.ok(Number(next.query.querypage.results[0].value) <= values[2]);
    const short = await api().query({ list: 'querypage', qppage: 'Shortpages', qplimit: '2' });
    assert.ok(Number(short.query.querypage.results[0].value) <= Number(short.query.querypage.results[1].value));
    const old = await api().query({ list: 'querypage', qppage: 'Ancientpages', qplimit: '1' });
    const [oldest] = old.query.querypage.results;
    assert.match(oldest.value, /^\d{14}$/);
    assert.equal(oldest.timestamp.replace(/\D/g, ''), oldest.value);
    const info = await api().store.db.selectFrom('querycache_info').select('qci_type').execute();
    for (const type of Object.keys(CACHED_PAGES))
      assert.ok(
        info.some((r) => r.qci_type === type),
        type,
      );
  });

  test("special pages' rows as MediaWiki 1.39 counts them", async () => {
    const rows = async (page: string) =>
      (await api().query({ list: 'querypage', qppage: page, qplimit: 'max' })).query.querypage.results;
    // One row per shared content, named by its first file.
    assert.deepEqual(await rows('ListDuplicatedFiles'), [{ value: '2', ns: 6, title: 'Datei:Beispiel-Kopie.png' }]);
    // Templates transcluded once count too.
    const templates = await rows('Mostlinkedtemplates');
    assert.ok(templates.some((r: any) => r.value === '1'));
    // A missing page only redirects link to is not wanted.
    const wanted = await rows('Wantedpages');
    assert.ok(!wanted.some((r: any) => r.title === 'Vorlage:R from CamelCase'));
    assert.ok(wanted.length > 100);
    // Categories of equal size in the order of their ids, downwards.
    const ids = new Map(
      (await api().store.db.selectFrom('category').select(['cat_id', 'cat_title']).execute()).map((r) => [
        `Kategorie:${r.cat_title.replace(/_/g, ' ')}`,
        r.cat_id,
      ]),
    );
    const categories = await rows('Mostlinkedcategories');
    for (const [i, row] of categories.slice(1).entries()) {
      if (categories[i].value === row.value) assert.ok((ids.get(categories[i].title) ?? 0) > (ids.get(row.title) ?? 0));
    }
  });

  test('MediaStatistics names each media and MIME type with its files and bytes, of value 1', async () => {
    const results = (await api().query({ list: 'querypage', qppage: 'MediaStatistics' })).query.querypage.results;
    assert.deepEqual(results, [
      { value: '1', ns: -2, title: 'Medium:DRAWING;image/svg+xml;1;296' },
      { value: '1', ns: -2, title: 'Medium:BITMAP;image/png;4;8301' },
    ]);
  });

  test('Shortpages and Longpages give pages of equal length in page id order, up and down', async () => {
    const ids = new Map(
      (
        await api()
          .store.db.selectFrom('page')
          .select(['page_id', 'page_title'])
          .where('page_namespace', '=', 0)
          .execute()
      ).map((r) => [r.page_title.replace(/_/g, ' '), r.page_id]),
    );
    for (const [page, sign] of [
      ['Shortpages', 1],
      ['Longpages', -1],
    ] as const) {
      const results = (await api().query({ list: 'querypage', qppage: page, qplimit: 'max' })).query.querypage.results;
      let ties = 0;
      for (const [i, row] of results.slice(1).entries()) {
        const before = results[i];
        if (before.value !== row.value) continue;
        ties++;
        assert.ok(sign * ((ids.get(row.title) ?? 0) - (ids.get(before.title) ?? 0)) > 0, `${page}: ${row.title}`);
      }
      assert.ok(ties > 10, page);
    }
  });

  test('Mostrevisions lists every content page, those of a single revision too, as Fewestrevisions does', async () => {
    const most = await api().query({ list: 'querypage', qppage: 'Mostrevisions', qplimit: 'max' });
    const fewest = await api().query({ list: 'querypage', qppage: 'Fewestrevisions', qplimit: 'max' });
    const rows = most.query.querypage.results;
    assert.equal(rows.length, fewest.query.querypage.results.length);
    assert.equal(rows.at(-1).value, '1');
    assert.equal(fewest.query.querypage.results[0].value, '1');
  });

  test('a negative offset reads from the first row and continues counting from the offset given', async () => {
    const first = await api().query({ list: 'querypage', qppage: 'Mostlinkedtemplates' });
    const negative = await api().query({ list: 'querypage', qppage: 'Mostlinkedtemplates', qpoffset: '-1' });
    assert.deepEqual(negative.query.querypage.results, first.query.querypage.results);
    assert.equal(first.continue.qpoffset, 10);
    assert.equal(negative.continue.qpoffset, 9);
  });

  test('restricted pages need their right; the generator gives the listed titles', async () => {
    const denied = await api().query({ list: 'querypage', qppage: 'Unwatchedpages' });
    assert.equal(denied.error.code, 'specialpage-cantexecute');
    // Unwatched pages carry their namespace as their value, as MediaWiki's do.
    const admin = new SessionClient(api().app);
    assert.equal((await admin.logIn('Admin', REFERENCE_PASSWORDS.Admin as string)).json.login.result, 'Success');
    const unwatched = (
      await admin.get({ action: 'query', list: 'querypage', qppage: 'Unwatchedpages', qplimit: '500', format: 'json' })
    ).json.query.querypage.results;
    assert.ok(unwatched.length > 0);
    assert.ok(unwatched.every((r: any) => r.value === String(r.ns)));
    const pages = await api().query({ generator: 'querypage', gqppage: 'DoubleRedirects' });
    assert.deepEqual(pages.query.pages.map((p: any) => p.title).sort(), [
      'Benutzer:Küñall',
      'Doppelte Weiterleitung',
      'Main page',
    ]);
  });
});
