/**
 * mwn, a real MediaWiki client library, against api.php on the imported reference wiki, without
 * logging in: site info, queries with continuation, generators and error handling.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Mwn } from 'mwn';
import { buildApp } from '../../src/api/app.js';
import { importReferenceWiki, type ReferenceWiki } from '../helpers/reference-wiki.js';

let wiki: ReferenceWiki;
let app: FastifyInstance;
let bot: Mwn;

before(async () => {
  wiki = await importReferenceWiki();
  app = await buildApp({ store: wiki.store, site: wiki.site });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  bot = new Mwn({ apiUrl: `http://127.0.0.1:${port}/api.php`, userAgent: 'wiki-api-tests/1.0', silent: true });
});
after(async () => {
  await app.close();
  await wiki.dispose();
});

test('getSiteInfo reads namespaces and the main page', async () => {
  await bot.getSiteInfo();
  const info = await bot.query({ meta: 'siteinfo' });
  assert.equal(info.query?.general.mainpage, 'Hauptseite');
  assert.equal(bot.Title.nameIdMap.kategorie, 14);
});

test('continuedQuery walks allpages to the end', async () => {
  const responses = await bot.continuedQuery({ action: 'query', list: 'allpages', apnamespace: 10, aplimit: 20 }, 100);
  const titles = responses.flatMap((r) => r.query?.allpages.map((p: { title: string }) => p.title) ?? []);
  const whole = await bot.query({ list: 'allpages', apnamespace: 10, aplimit: 'max' });
  assert.deepEqual(
    titles,
    whole.query?.allpages?.map((p: { title: string }) => p.title),
  );
  assert.ok(responses.length > 1, 'more than one batch');
});

test('getPagesByPrefix uses allpages with a prefix', async () => {
  const titles = await bot.getPagesByPrefix('Infobox', { apnamespace: 10 });
  assert.ok(titles.includes('Vorlage:Infobox Stadt'));
});

test('generator queries return pages', async () => {
  const response = await bot.query({ generator: 'allpages', gapnamespace: 14, gaplimit: 5 });
  assert.equal(response.query?.pages?.length, 5);
});

test('API errors reach the client as MediaWiki errors', async () => {
  await assert.rejects(bot.query({ list: 'allpages', apfilterredir: 'bogus' }), (error: Error & { code?: string }) => {
    assert.equal(error.code, 'badvalue');
    return true;
  });
});
