/**
 * GET and HEAD requests of api.php are answered by Node's HTTP server before Fastify sees them
 * (`apiFastPath` in app.ts). These tests send the same requests over HTTP and through Fastify's
 * `inject` (which always takes the Fastify route) and compare status, headers and body.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { type ListeningWiki, listeningReferenceWiki } from '../helpers/listening-wiki.js';

let served: ListeningWiki;
/** Requests that reached Fastify's own routing. */
const throughFastify: string[] = [];

before(async () => {
  served = await listeningReferenceWiki({
    beforeListen: (app) => {
      app.addHook('onRequest', async (request) => {
        throughFastify.push(`${request.method} ${request.url}`);
      });
    },
  });
});
after(() => served.close());

/** Headers that differ between any two answers (the time, the connection) are left out. */
const VARYING = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function comparable(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!VARYING.has(name.toLowerCase()))
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

const CASES: Array<{ name: string; method?: 'GET' | 'HEAD'; url: string; headers?: Record<string, string> }> = [
  { name: 'no parameters (the help page)', url: '/api.php' },
  {
    name: 'siteinfo',
    url: `/api.php${q({ action: 'query', meta: 'siteinfo', siprop: 'namespaces', format: 'json' })}`,
  },
  {
    name: 'allpages, formatversion 2, continued',
    url: `/api.php${q({ action: 'query', list: 'allpages', aplimit: '5', format: 'json', formatversion: '2' })}`,
  },
  {
    name: 'revision contents (an answer made of spliced parts)',
    url: `/api.php${q({ action: 'query', generator: 'allpages', gaplimit: '3', prop: 'revisions', rvprop: 'content', rvslots: 'main', format: 'json', formatversion: '2' })}`,
  },
  {
    name: 'a page title outside ASCII',
    url: `/api.php${q({ action: 'query', titles: 'München|Köln', format: 'json' })}`,
  },
  {
    name: 'an error',
    url: `/api.php${q({ action: 'query', list: 'allpages', apfilterredir: 'bogus', format: 'json' })}`,
  },
  { name: 'an unknown action', url: `/api.php${q({ action: 'nonesuch', format: 'json' })}` },
  { name: 'XML', url: `/api.php${q({ action: 'query', meta: 'siteinfo', siprop: 'namespaces', format: 'xml' })}` },
  { name: 'HTML (jsonfm)', url: `/api.php${q({ action: 'query', meta: 'userinfo' })}` },
  { name: 'JSONP', url: `/api.php${q({ action: 'query', meta: 'userinfo', format: 'json', callback: 'cb' })}` },
  {
    name: 'origin=*',
    url: `/api.php${q({ action: 'query', meta: 'userinfo', format: 'json', origin: '*' })}`,
    headers: { origin: 'https://example.org' },
  },
  {
    name: 'an origin that does not match',
    url: `/api.php${q({ action: 'query', meta: 'userinfo', format: 'json', origin: 'https://a.example' })}`,
    headers: { origin: 'https://b.example' },
  },
  {
    name: 'an unknown session cookie',
    url: `/api.php${q({ action: 'query', meta: 'userinfo', format: 'json' })}`,
    headers: { cookie: 'wiki_session=0123456789abcdef0123456789abcdef' },
  },
  {
    name: 'Accept-Language with uselang=user',
    url: `/api.php${q({ action: 'query', meta: 'siteinfo', siprop: 'namespaces', uselang: 'user', format: 'json' })}`,
    headers: { 'accept-language': 'en' },
  },
  {
    name: 'HEAD',
    method: 'HEAD',
    url: `/api.php${q({ action: 'query', meta: 'siteinfo', siprop: 'namespaces', format: 'json' })}`,
  },
  {
    name: 'the other path',
    url: `/w/api.php${q({ action: 'query', meta: 'siteinfo', siprop: 'namespaces', format: 'json' })}`,
  },
];

/** A request over HTTP as it is answered: the body's bytes as sent (no decompression). */
function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${served.origin}${url}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

for (const c of CASES) {
  for (const encoding of ['identity', 'gzip, deflate']) {
    test(`fast path and Fastify answer alike: ${c.name} (Accept-Encoding: ${encoding})`, async () => {
      const method = c.method ?? 'GET';
      // One Host both ways: the help page names the address it was asked at.
      const headers = { host: 'wiki.example', ...c.headers, 'accept-encoding': encoding };
      const overHttp = await rawRequest(c.url, method, headers);
      const injected = await served.app.inject({ method, url: c.url, headers });
      assert.equal(overHttp.status, injected.statusCode);
      assert.deepEqual(comparable(overHttp.headers), comparable(injected.headers));
      assert.ok(overHttp.body.equals(injected.rawPayload));
    });
  }
}

test('answers are gzip-compressed when the client accepts it and they are large', async () => {
  const large = `/api.php${q({ action: 'query', generator: 'allpages', gaplimit: '50', prop: 'revisions', rvprop: 'content', rvslots: 'main', format: 'json', formatversion: '2' })}`;
  const plain = await rawRequest(large, 'GET', { 'accept-encoding': 'identity' });
  assert.ok(plain.body.length > 16 * 1024, 'the answer is large enough to be compressed');
  assert.equal(plain.headers['content-encoding'], undefined);
  // A public answer also varies by cookie, as MediaWiki's (answers of a session stay private).
  assert.equal(plain.headers.vary, 'Accept-Encoding, Treat-as-Untrusted, Cookie');
  const gzipped = await rawRequest(large, 'GET', { 'accept-encoding': 'gzip' });
  assert.equal(gzipped.headers['content-encoding'], 'gzip');
  assert.equal(gzipped.headers.vary, 'Accept-Encoding, Treat-as-Untrusted, Cookie');
  assert.equal(Number(gzipped.headers['content-length']), gzipped.body.length);
  assert.ok(gzipped.body.length < plain.body.length / 2, `${gzipped.body.length} of ${plain.body.length} bytes`);
  assert.ok(gunzipSync(gzipped.body).equals(plain.body));
  // The same answer as JSONP: the callback around it, compressed and not.
  const jsonp = `${large}&callback=cb`;
  const jsonpPlain = await rawRequest(jsonp, 'GET', { 'accept-encoding': 'identity' });
  assert.equal(jsonpPlain.body.toString(), `/**/cb(${plain.body.toString()})`);
  const jsonpGzipped = await rawRequest(jsonp, 'GET', { 'accept-encoding': 'gzip' });
  assert.equal(jsonpGzipped.headers['content-encoding'], 'gzip');
  assert.ok(gunzipSync(jsonpGzipped.body).equals(jsonpPlain.body));
  // A client that refuses gzip gets the plain answer.
  const refused = await rawRequest(large, 'GET', { 'accept-encoding': 'gzip;q=0, identity' });
  assert.equal(refused.headers['content-encoding'], undefined);
  assert.ok(refused.body.equals(plain.body));
  // A small answer is sent as it is.
  const small = await rawRequest(`/api.php${q({ action: 'query', meta: 'userinfo', format: 'json' })}`, 'GET', {
    'accept-encoding': 'gzip',
  });
  assert.equal(small.headers['content-encoding'], undefined);
  assert.equal(small.headers.vary, 'Accept-Encoding');
  // The same answer in formatversion 1 (compressed whole, not from prepared pieces) and over POST.
  const v1 = large.replace('formatversion=2', 'formatversion=1');
  const v1Plain = await rawRequest(v1, 'GET', { 'accept-encoding': 'identity' });
  const v1Gzipped = await rawRequest(v1, 'GET', { 'accept-encoding': 'gzip' });
  assert.equal(v1Gzipped.headers['content-encoding'], 'gzip');
  assert.ok(gunzipSync(v1Gzipped.body).equals(v1Plain.body));
  const posted = await fetch(`${served.origin}/api.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': 'gzip' },
    body: large.slice(large.indexOf('?') + 1),
  });
  assert.equal(posted.headers.get('content-encoding'), 'gzip');
  assert.ok(Buffer.from(await posted.arrayBuffer()).equals(plain.body), 'fetch undoes the gzip coding');
});

test('a session started by a GET over the fast path: the cookie Fastify would set, and it carries the session', async () => {
  const url = `/api.php${q({ action: 'query', meta: 'tokens', type: 'login', format: 'json' })}`;
  const masked = (text: string) => text.replace(/=[a-z0-9]{32}(?=;)/g, '=…').replace(/"[0-9a-f]{40}\+\\\\"/g, '"…"');
  const overHttp = await fetch(`${served.origin}${url}`);
  const injected = await served.app.inject({ url });
  const cookies = overHttp.headers.getSetCookie();
  assert.equal(cookies.length, 1);
  assert.deepEqual(
    cookies.map(masked),
    [injected.headers['set-cookie']].flat().map((c) => masked(String(c))),
  );
  const body = await overHttp.text();
  assert.equal(masked(body), masked(injected.body));
  assert.notEqual(masked(body), body, 'the token is masked');
  // The cookie carries the session: a token asked for with it is that session's login token (a
  // token holds the second it was made, so its text may differ from the first one's).
  const cookie = String(cookies[0]).split(';')[0] as string;
  const again = await fetch(`${served.origin}${url}`, { headers: { cookie } });
  const token = ((await again.json()) as { query: { tokens: { logintoken: string } } }).query.tokens.logintoken;
  const login = async (headers: Record<string, string>) => {
    const answer = await fetch(`${served.origin}/api.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams({
        action: 'login',
        lgname: 'Nobody',
        lgpassword: 'wrong',
        lgtoken: token,
        format: 'json',
      }),
    });
    return ((await answer.json()) as { login: { result: string } }).login.result;
  };
  assert.equal(await login({ cookie }), 'Failed', 'the token is accepted: only the password is wrong');
  assert.equal(await login({}), 'NeedToken', 'without the cookie there is no session');
});

test('GET and HEAD of api.php over HTTP do not reach Fastify; other requests do', async () => {
  throughFastify.length = 0;
  const url = `/api.php${q({ action: 'query', meta: 'siteinfo', siprop: 'namespaces', format: 'json' })}`;
  assert.equal((await fetch(`${served.origin}${url}`)).status, 200);
  assert.equal((await fetch(`${served.origin}${url}`, { method: 'HEAD' })).status, 200);
  assert.deepEqual(throughFastify, []);

  const post = await fetch(`${served.origin}/api.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=query&meta=siteinfo&format=json',
  });
  assert.equal(post.status, 200);
  assert.ok(((await post.json()) as { query?: unknown }).query);
  const put = await fetch(`${served.origin}${url}`, { method: 'PUT' });
  assert.equal(put.status, 405);
  assert.equal((await fetch(`${served.origin}/healthz`)).status, 200);
  assert.equal((await fetch(`${served.origin}/api.php/extra${q({ action: 'query' })}`)).status, 404);
  assert.deepEqual(throughFastify, [
    'POST /api.php',
    `PUT ${url}`,
    'GET /healthz',
    `GET /api.php/extra${q({ action: 'query' })}`,
  ]);
});
