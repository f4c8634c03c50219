/**
 * Expensive requests answered on request threads (request-threads.ts): the same answers as on the
 * event loop, small requests answered while a thread works on a long one, and the classifier
 * that learns each request shape's cost; on PostgreSQL, a thread following the stored site as its
 * process does.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { testEngines } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { EXPENSIVE_MS, LoopWork, RequestCosts, requestShape } from '../../src/api/request-cost.js';
import { defaultSite } from '../../src/site/defaults.js';
import { openWikiStore } from '../../src/store/database.js';
import { saveSite } from '../../src/store/site-store.js';
import { importReferenceWiki, type ReferenceWiki } from '../helpers/reference-wiki.js';

const q = (params: Record<string, string>) => `/api.php?${new URLSearchParams(params)}`;

/** Requests of each kind: guessed expensive (help, jsonfm, large limits, texts, export) and small. */
const CASES: { url: string; headers?: Record<string, string>; method?: 'GET' | 'POST'; body?: string }[] = [
  { url: q({ action: 'help', format: 'jsonfm' }) },
  { url: q({ action: 'paraminfo', modules: 'query+allpages|query+revisions', format: 'json' }) },
  {
    url: q({
      action: 'query',
      generator: 'allpages',
      gaplimit: 'max',
      prop: 'revisions',
      rvprop: 'content|ids',
      rvslots: 'main',
      format: 'json',
      formatversion: '2',
    }),
    headers: { 'accept-encoding': 'gzip' },
  },
  { url: q({ action: 'query', generator: 'allpages', gaplimit: '5', export: '1', format: 'xml' }) },
  { url: q({ action: 'query', list: 'allpages', aplimit: '500', format: 'php' }) },
  { url: q({ action: 'query', list: 'allpages', aplimit: 'abc', format: 'json', errorformat: 'plaintext' }) },
  { url: q({ action: 'query', meta: 'siteinfo', format: 'json' }) },
  // Titles sent in the legacy encoding (not UTF-8), on a thread (jsonfm is guessed expensive).
  { url: '/api.php?action=query&format=jsonfm&titles=K%F6ln%7CBer%FFlin%7CA%81B' },
  {
    url: '/api.php',
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      action: 'query',
      prop: 'extracts',
      titles: 'Köln',
      exintro: '1',
      format: 'json',
    }).toString(),
  },
];

/** The answer without the server's clock (siteinfo's `time`), which may pass a second between the two. */
function withoutClock(body: string): string {
  return body.replace(/"(time|curtimestamp)":"[^"]*"/g, '"$1":""');
}

describe('request threads', () => {
  let wiki: ReferenceWiki;
  let onLoop: FastifyInstance;
  let withThreads: FastifyInstance;
  before(async () => {
    wiki = await importReferenceWiki();
    const file = wiki.store.sqlite?.name;
    assert.ok(file, 'the reference wiki is stored in a SQLite file');
    onLoop = await buildApp({ store: wiki.store, site: wiki.site });
    withThreads = await buildApp({
      store: wiki.store,
      site: wiki.site,
      requestThreads: { database: { engine: 'sqlite', file }, count: 2 },
    });
  });
  after(async () => {
    await withThreads?.close();
    await onLoop?.close();
    await wiki?.dispose();
  });

  test('answers are the same whether a thread or the event loop made them', async () => {
    for (const { url, headers, method, body } of CASES) {
      const ours = await withThreads.inject({ method: method ?? 'GET', url, headers, body });
      const theirs = await onLoop.inject({ method: method ?? 'GET', url, headers, body });
      assert.equal(ours.statusCode, theirs.statusCode, url);
      assert.equal(ours.headers['content-type'], theirs.headers['content-type'], url);
      assert.equal(ours.headers['content-encoding'], theirs.headers['content-encoding'], url);
      assert.equal(withoutClock(ours.body), withoutClock(theirs.body), url);
    }
  });

  test('a small request is answered while a thread works on a long one', async () => {
    await withThreads.listen({ host: '127.0.0.1', port: 0 });
    const { port } = withThreads.server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    const order: string[] = [];
    // The help of every module, recursively and highlighted: a few hundred milliseconds of work.
    const long = fetch(`${origin}${q({ action: 'help', recursivesubmodules: '1', format: 'jsonfm' })}`).then(
      async (response) => {
        await response.arrayBuffer();
        order.push('long');
      },
    );
    const small = fetch(`${origin}${q({ action: 'query', meta: 'siteinfo', format: 'json' })}`).then(
      async (response) => {
        assert.equal(response.status, 200);
        await response.json();
        order.push('small');
      },
    );
    await Promise.all([long, small]);
    assert.deepEqual(order, ['small', 'long']);
  });
});

describe('request costs', () => {
  const params = (query: string) => [...new URLSearchParams(query)];

  test('a shape ignores values that change little in cost and keeps the modules, format and large limits', () => {
    assert.equal(
      requestShape(params('action=query&list=allpages&aplimit=10&apfrom=A&format=json')),
      requestShape(params('format=json&apfrom=Zebra&action=query&list=allpages&aplimit=20')),
    );
    assert.notEqual(
      requestShape(params('action=query&list=allpages&aplimit=10')),
      requestShape(params('action=query&list=allpages&aplimit=max')),
    );
    assert.notEqual(
      requestShape(params('action=query&list=allpages&format=json')),
      requestShape(params('action=query&list=allpages&format=jsonfm')),
    );
  });

  test('unmeasured shapes are judged from their parameters, measured ones by their cost', () => {
    const costs = new RequestCosts();
    const cheap = params('action=query&meta=siteinfo');
    const help = params('action=help');
    const texts = params('action=query&generator=allpages&prop=revisions&rvprop=content');
    assert.equal(costs.expensive(requestShape(cheap), cheap), false);
    assert.equal(costs.expensive(requestShape(help), help), true);
    assert.equal(costs.expensive(requestShape(texts), texts), true);
    // Measured: a cheap-looking shape that took long goes away; an expensive-looking one that did not stays.
    costs.record(requestShape(cheap), EXPENSIVE_MS * 20);
    assert.equal(costs.expensive(requestShape(cheap), cheap), true);
    for (let i = 0; i < 10; i++) costs.record(requestShape(texts), EXPENSIVE_MS / 10);
    assert.equal(costs.expensive(requestShape(texts), texts), false);
    for (let i = 0; i < 10; i++) costs.record(requestShape(cheap), EXPENSIVE_MS / 10);
    assert.equal(costs.expensive(requestShape(cheap), cheap), false);
    // One small excess (a garbage collection during the request) does not send a small kind away.
    costs.record(requestShape(cheap), EXPENSIVE_MS * 2);
    assert.equal(costs.expensive(requestShape(cheap), cheap), false);
    // A kind of which one request in five holds the loop long does go: it would delay the others.
    for (let i = 0; i < 4; i++) costs.record(requestShape(cheap), EXPENSIVE_MS / 10);
    costs.record(requestShape(cheap), EXPENSIVE_MS * 30);
    assert.equal(costs.expensive(requestShape(cheap), cheap), true);
  });

  test("work on the event loop is at most the loop's time on it, without its waits", () => {
    const started = performance.now();
    const work = new LoopWork();
    let spun = 0;
    for (let i = 0; i < 200_000; i++) spun += Math.sqrt(i);
    assert.ok(spun > 0);
    const ms = work.ms(0);
    assert.ok(ms >= 0 && ms <= performance.now() - started, `${ms} ms`);
    // Time spent waiting for other requests' turns is not work: waits longer than the whole time leave none.
    assert.equal(work.ms(Number.MAX_SAFE_INTEGER), 0);
  });

  test('the shapes remembered are bounded', () => {
    const costs = new RequestCosts();
    for (let i = 0; i < 10_000; i++) costs.record(`action=query&list=m${i}`, 1);
    assert.ok(costs.size <= 2000, `${costs.size} shapes remembered`);
  });
});

const postgres = testEngines().find((e) => e.name === 'postgres')!;

describe('request threads on PostgreSQL', { skip: postgres.skip }, () => {
  test('a thread reloads the stored site settings when another process changes them, as its process does', async () => {
    const created = await postgres.createTarget();
    const store = await openWikiStore(created.target);
    await saveSite(store.db, defaultSite({ siteName: 'Vorher' }));
    const app = await buildApp({ store, requestThreads: { database: created.target, readUrls: [], count: 1 } });
    const writer = await openWikiStore(created.target);
    // `jsonfm` is answered on a thread; plain `json` of the same module on the event loop.
    const siteName = async (format: string) => {
      const response = await app.inject({ method: 'GET', url: q({ action: 'query', meta: 'siteinfo', format }) });
      return /"sitename": ?"(\w+)"/.exec(response.body.replaceAll('&quot;', '"'))?.[1];
    };
    try {
      assert.equal(await siteName('jsonfm'), 'Vorher');
      await saveSite(writer.db, defaultSite({ siteName: 'Nachher' }));
      const seen = { thread: await siteName('jsonfm'), loop: await siteName('json') };
      for (let tries = 0; tries < 100 && (seen.thread !== 'Nachher' || seen.loop !== 'Nachher'); tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen.thread = await siteName('jsonfm');
        seen.loop = await siteName('json');
      }
      assert.deepEqual(seen, { thread: 'Nachher', loop: 'Nachher' });
    } finally {
      await app.close();
      await writer.close();
      await store.close();
      await created.dispose();
    }
  });
});
