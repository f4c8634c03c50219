/** A language's code where HTML writes it: BCP 47 (`pt-BR`), as MediaWiki 1.39 gives it for a Brazilian Portuguese wiki. */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { apiGet, emptyWikiApi, type TestApi } from '../helpers/api-app.js';

let api: TestApi;
before(async () => {
  api = await emptyWikiApi({ language: 'pt-br' });
});
after(async () => api.close());

test("info's pagelanguagehtmlcode and the export's xml:lang in BCP 47", async () => {
  const { json } = await apiGet(api.app, {
    action: 'query',
    titles: 'Fehlt',
    prop: 'info',
    export: '1',
    format: 'json',
    formatversion: '2',
  });
  const page = json.query.pages[0];
  assert.equal(page.pagelanguage, 'pt-br');
  assert.equal(page.pagelanguagehtmlcode, 'pt-BR');
  assert.match(json.query.export, /xml:lang="pt-BR"/);
});
