/**
 * Missing redirect targets get their fake ids namespace by namespace, in the order the namespaces
 * first come among the targets the page set did not hold before (MediaWiki looks up only those),
 * and a `formatversion=2` answer lists pages by id. Found against MediaWiki 1.39 on a wiki whose
 * first redirect of a pass led to a page of the set.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiGet, emptyWikiApi, type TestApi } from '../helpers/api-app.js';

let api: TestApi;
before(async () => {
  api = await emptyWikiApi();
  const pages: [number, string, number][] = [
    [10, 'A', 0],
    [11, 'R1', 1],
    [12, 'R2', 1],
    [13, 'R3', 1],
  ];
  for (const [id, title, redirect] of pages) {
    await api.store.db
      .insertInto('page')
      .values({
        page_id: id,
        page_namespace: 2,
        page_title: title,
        page_is_redirect: redirect,
        page_random: 0.5,
        page_touched: '20261122000000',
        page_latest: 0,
        page_len: 0,
      })
      .execute();
  }
  // R1 leads to a page of the set, R2 to a missing page of the main namespace, R3 to a missing user page.
  await api.store.db
    .insertInto('redirect')
    .values([
      { rd_from: 11, rd_namespace: 2, rd_title: 'A' },
      { rd_from: 12, rd_namespace: 0, rd_title: 'Fehlt' },
      { rd_from: 13, rd_namespace: 2, rd_title: 'Fehlt' },
    ])
    .execute();
});
after(async () => api.close());

test('missing redirect targets are numbered by the namespaces of the targets looked up', async () => {
  const { json } = await apiGet(api.app, {
    action: 'query',
    titles: 'Benutzer:A|Benutzer:R1|Benutzer:R2|Benutzer:R3',
    redirects: '1',
    format: 'json',
    formatversion: '2',
  });
  // The main namespace's target is looked up first (-1), the user page's second (-2).
  assert.deepEqual(
    json.query.pages.map((p: { title: string }) => p.title),
    ['Benutzer:Fehlt', 'Fehlt', 'Benutzer:A'],
  );
});
