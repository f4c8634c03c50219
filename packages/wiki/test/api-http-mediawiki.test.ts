/**
 * api.php over HTTP against a live MediaWiki 1.39 on the same wiki. Who may keep an answer: every query
 * module with each value of its `prop`-like parameters, anonymous and logged in as a user with
 * no special rights and as an administrator (who sees deleted parts), with and without an
 * explicit `uselang`, with `maxage` and `smaxage`; the other reading actions; JSONP and
 * `origin=*` requests sent with a session cookie. Compared: `Cache-Control`, and for answers that
 * shared caches may keep their `Vary` and whether they expire; `Content-Disposition` of every
 * format; the help page. Requests that one side refuses with another error are left out (values
 * of the spec's newer MediaWiki). Then the headers of cross-origin, JSONP and untrusted requests
 * (and their tokens), the order in which the account actions check their token and the request's
 * method, and the XML of `export`.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiSession } from '../conformance/api-session.js';
import { QUERY_MODULES } from '../src/modules/registry.js';
import { type ListeningWiki, listeningReferenceWiki } from './helpers/listening-wiki.js';
import { REQUIRED_VALUES } from './helpers/module-requests.js';
import { REFERENCE_PASSWORDS } from './helpers/reference-accounts.js';
import { type ReferenceMediaWiki, startReferenceMediaWiki } from './helpers/reference-mediawiki.js';

let mediawiki: ReferenceMediaWiki;
let ours: ListeningWiki;

type Caller = 'anonymous' | 'Dave' | 'Admin';
/** A caller's cookies on each side (none for the anonymous caller, who keeps no session). */
const sessions = new Map<Caller, [ApiSession, ApiSession]>();

before(async () => {
  [mediawiki, ours] = await Promise.all([startReferenceMediaWiki(), listeningReferenceWiki()]);
  for (const name of ['Dave', 'Admin'] as const) {
    const pair: [ApiSession, ApiSession] = [new ApiSession(`${ours.origin}/api.php`), new ApiSession(mediawiki.apiUrl)];
    for (const session of pair) await session.logIn(name, REFERENCE_PASSWORDS[name]);
    sessions.set(name, pair);
  }
});
after(async () => {
  await Promise.all([mediawiki?.stop(), ours?.close()]);
});

/** What is compared of an answer's headers. */
interface Seen {
  error: string | null;
  cacheControl: string | null;
  /** For answers shared caches may keep: `Vary` and whether an `Expires` lies ahead. */
  vary?: string | null;
  expiresAhead?: boolean;
  contentDisposition: string | null;
  /** Said of the pages of the formats for people (`jsonfm` and the like). */
  contentLanguage: string | null;
}

/** Beside the required values: a message list, so that `allmessages` answers a few messages, not all. */
const SMALLER: Record<string, Record<string, string>> = { allmessages: { messages: 'edit' } };

/** The parameters whose values decide a module's cache mode, each tried alone. */
const DECIDING = new Set(['prop', 'show', 'testactions', 'enableparser', 'lang', 'page', 'type']);

/** Modules MediaWiki 1.39 does not have. */
const NEWER = new Set(['codexicons', 'linterrors', 'linterstats', 'trackingcategories']);
/** Values MediaWiki 1.39 does not know (it leaves them out with a warning), by parameter. */
const NEWER_VALUES = new Set(['inprop=editintro']);

async function headersOf(origin: string, query: string, cookie: string | undefined): Promise<Seen> {
  const response = await fetch(`${origin}?${query}`, { headers: cookie ? { cookie } : {} });
  await response.arrayBuffer();
  const cacheControl = response.headers.get('cache-control');
  const shared = cacheControl?.includes('public') === true;
  const expires = response.headers.get('expires');
  return {
    error: response.headers.get('mediawiki-api-error'),
    cacheControl,
    ...(shared
      ? { vary: response.headers.get('vary'), expiresAhead: expires !== null && Date.parse(expires) > 1000 }
      : {}),
    contentDisposition: response.headers.get('content-disposition'),
    contentLanguage: response.headers.get('content-language'),
  };
}

/** The request to both servers as `caller`; undefined when they refuse it with different errors. */
async function both(query: string, caller: Caller): Promise<[Seen, Seen] | undefined> {
  const pair = sessions.get(caller);
  const [a, b] = await Promise.all([
    headersOf(`${ours.origin}/api.php`, query, pair?.[0].cookieHeader()),
    headersOf(mediawiki.apiUrl, query, pair?.[1].cookieHeader()),
  ]);
  return a.error === b.error ? [a, b] : undefined;
}

function queriesOfModules(): string[] {
  const queries: string[] = [];
  for (const { descriptor } of QUERY_MODULES) {
    if (NEWER.has(descriptor.name)) continue;
    const base = new URLSearchParams({ action: 'query', format: 'json', [descriptor.group]: descriptor.name });
    if (descriptor.group === 'prop') base.set('titles', 'Berlin|Datei:Beispiel.png');
    const values = { ...REQUIRED_VALUES[descriptor.name], ...SMALLER[descriptor.name] };
    for (const [name, value] of Object.entries(values)) base.set(`${descriptor.prefix}${name}`, value);
    queries.push(base.toString());
    for (const param of descriptor.parameters) {
      if (!DECIDING.has(param.name)) continue;
      const values = Array.isArray(param.type) ? param.type : param.type === 'boolean' ? ['1'] : [];
      for (const value of values) {
        if (NEWER_VALUES.has(`${descriptor.prefix}${param.name}=${value}`)) continue;
        const query = new URLSearchParams(base);
        query.set(`${descriptor.prefix}${param.name}`, value);
        queries.push(query.toString());
      }
    }
  }
  return queries;
}

async function compareAll(queries: readonly string[], callers: readonly Caller[]): Promise<string[]> {
  const differences: string[] = [];
  const jobs = queries.flatMap((query) => callers.map((caller) => [query, caller] as const));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const [query, caller] = jobs[next++];
      const seen = await both(query, caller);
      if (seen && JSON.stringify(seen[0]) !== JSON.stringify(seen[1])) {
        differences.push(`${caller} ${query}\n  ours ${JSON.stringify(seen[0])}\n  MW   ${JSON.stringify(seen[1])}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return differences;
}

test("every module's cache mode, each deciding value alone, three callers, explicit uselang", async () => {
  const queries = queriesOfModules().map((query) => `${query}&uselang=de&maxage=60&smaxage=30`);
  const differences = await compareAll(queries, ['anonymous', 'Dave', 'Admin']);
  assert.deepEqual(differences, []);
});

test('the default uselang=user keeps answers of a session private; without an age nothing is shared', async () => {
  const queries = [
    ...queriesOfModules()
      .filter((_, i) => i % 5 === 0)
      .map((query) => `${query}&maxage=60&smaxage=30`),
    'action=query&list=allpages&format=json',
    'action=query&list=allpages&format=json&smaxage=30',
    'action=query&list=allpages&format=json&maxage=-5',
    'action=query&list=allpages&format=json&uselang=content&maxage=20',
    'action=query&list=allpages&format=json&uselang=&maxage=20',
    'action=query&list=nosuchlist&format=json&maxage=20',
    'action=query&list=allpages&aplimit=-3&format=json&maxage=20',
  ];
  const differences = await compareAll(queries, ['anonymous', 'Dave']);
  assert.deepEqual(differences, []);
});

test('the other reading actions, errors, JSONP and origin=* with a session cookie', async () => {
  const queries = [
    'action=compare&fromtitle=Berlin&totitle=BRD',
    'action=expandtemplates&text=%7B%7BPAGENAME%7D%7D&prop=wikitext',
    'action=paraminfo&modules=query',
    'action=query&meta=siteinfo&assert=user',
    'action=query&list=allpages&aplimit=nonsense',
    'action=query&generator=allpages&prop=revisions|info&inprop=watched',
    'action=query&generator=recentchanges&prop=info',
    'action=query&list=allpages&callback=cb',
    'action=query&list=allpages&origin=*',
    'action=query&list=allpages&meta=userinfo',
  ].map((query) => `${query}&format=json&uselang=de&maxage=60&smaxage=30`);
  const differences = await compareAll(queries, ['anonymous', 'Dave', 'Admin']);
  assert.deepEqual(differences, []);
});

test('Content-Disposition names the answer by its format; its pages for people name the language', async () => {
  for (const format of ['json', 'jsonfm', 'xml', 'xmlfm', 'php', 'phpfm', 'rawfm', 'none']) {
    const seen = await both(`action=query&meta=siteinfo&format=${format}`, 'anonymous');
    assert.ok(seen);
    assert.equal(seen[0].contentDisposition, seen[1].contentDisposition, format);
    assert.equal(seen[0].contentLanguage, seen[1].contentLanguage, format);
  }
  const jsonp = await both('action=query&meta=siteinfo&format=json&callback=cb', 'anonymous');
  assert.equal(jsonp?.[0].contentDisposition, 'inline; filename=api-result.js');
  assert.equal(jsonp?.[1].contentDisposition, 'inline; filename=api-result.js');
});

test('the help page is HTML whatever the format, inside an answer with wrap', async () => {
  for (const query of ['action=help', 'action=help&format=json', 'action=help&format=xml']) {
    const [a, b] = await Promise.all([fetch(`${ours.origin}/api.php?${query}`), fetch(`${mediawiki.apiUrl}?${query}`)]);
    await Promise.all([a.arrayBuffer(), b.arrayBuffer()]);
    for (const name of ['content-disposition', 'content-language', 'cache-control', 'x-frame-options']) {
      assert.equal(a.headers.get(name), b.headers.get(name), `${query}: ${name}`);
    }
    assert.match(a.headers.get('content-type') ?? '', /^text\/html/);
  }
  const wrapped = async (origin: string) =>
    (await (await fetch(`${origin}?action=help&wrap=1&format=json&formatversion=2`)).json()).help;
  const [a, b] = await Promise.all([wrapped(`${ours.origin}/api.php`), wrapped(mediawiki.apiUrl)]);
  assert.deepEqual(Object.keys(a), Object.keys(b));
  assert.equal(a.mime, b.mime);
  assert.equal(a.filename, b.filename);
});

test('cross-origin, JSONP and untrusted requests: suppressed logins, no tokens, refused origins', async () => {
  const untrusted = { 'treat-as-untrusted': '1' };
  for (const [query, origin, extra] of [
    ['action=query&meta=userinfo&format=json&origin=*', undefined, {}],
    ['action=query&meta=userinfo&format=json&callback=cb', undefined, {}],
    ['action=query&meta=userinfo&format=json&origin=http%3A%2F%2Fexample.org', 'http://example.org', {}],
    ['action=query&meta=userinfo&format=json', undefined, untrusted],
    ['action=query&meta=tokens&format=json&origin=*', undefined, {}],
    ['action=query&meta=tokens&format=json&callback=cb', undefined, {}],
    ['action=query&meta=tokens&type=csrf%7Cwatch&format=json&errorformat=raw', undefined, untrusted],
  ] as const) {
    for (const caller of ['anonymous', 'Dave'] as const) {
      const pair = sessions.get(caller);
      const headers = (cookie: string | undefined) => ({
        ...(cookie ? { cookie } : {}),
        ...(origin ? { origin } : {}),
        ...extra,
      });
      const [a, b] = await Promise.all([
        fetch(`${ours.origin}/api.php?${query}`, { headers: headers(pair?.[0].cookieHeader()) }),
        fetch(`${mediawiki.apiUrl}?${query}`, { headers: headers(pair?.[1].cookieHeader()) }),
      ]);
      const [bodyA, bodyB] = await Promise.all([a.text(), b.text()]);
      for (const name of [
        'mediawiki-login-suppressed',
        'mediawiki-cors-rejection',
        'access-control-allow-origin',
        'access-control-allow-credentials',
        'cache-control',
      ]) {
        assert.equal(a.headers.get(name), b.headers.get(name), `${caller} ${query}: ${name}`);
      }
      assert.equal(bodyA, bodyB, `${caller} ${query}`);
    }
  }
});

test('logout and clientlogin check their token (given, in the POST body, valid) before the method; login the method first', async () => {
  const cases: [method: 'GET' | 'POST', url: string, body: string][] = [
    ['GET', 'action=logout', ''],
    ['GET', 'action=logout&token=abc', ''],
    ['GET', 'action=logout&token=%2B%5C', ''],
    ['POST', 'action=logout&token=abc', 'format=json'],
    ['POST', 'action=logout', 'token=abc'],
    ['GET', 'action=clientlogin', ''],
    ['GET', 'action=clientlogin&logintoken=abc', ''],
    ['POST', 'action=clientlogin&logintoken=abc', 'loginreturnurl=http%3A%2F%2Fexample.org'],
    ['POST', 'action=clientlogin', 'logintoken=abc&loginreturnurl=http%3A%2F%2Fexample.org'],
    ['GET', 'action=login&lgname=Dave&lgpassword=x', ''],
    ['POST', 'action=login&lgpassword=x', 'lgname=Dave'],
  ];
  for (const [method, url, body] of cases) {
    const send = async (endpoint: string) => {
      const response = await fetch(`${endpoint}?${url}&format=json`, {
        method,
        ...(method === 'POST' ? { body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
      });
      return (await response.json()).error?.code;
    };
    const [a, b] = await Promise.all([send(`${ours.origin}/api.php`), send(mediawiki.apiUrl)]);
    assert.equal(a, b, `${method} ${url} ${body}`);
  }
});

test("export writes MediaWiki's XML byte for byte (but the generator): order, redirects, contributors, schemas", async () => {
  const cases: Record<string, string>[] = [
    { generator: 'allpages', gapnamespace: '2', gaplimit: '50' },
    { generator: 'allpages', gapnamespace: '4', gaplimit: '50', exportschema: '0.10' },
    { generator: 'allpages', gapnamespace: '14', gaplimit: '50' },
    { generator: 'allpages', gapfilterredir: 'redirects', gaplimit: '50' },
    { titles: 'Köln|Berlin|Diskussion:Köln|Aardvark|Gibtsnicht' },
    { titles: 'A|Hauptseite', redirects: '1' },
    { pageids: '239|236|59|736' },
    { revids: '3532|59|1573' },
    { generator: 'categorymembers', gcmtitle: 'Kategorie:Stadt', gcmlimit: '20' },
    { generator: 'search', gsrsearch: 'Stadt', gsrlimit: '20' },
  ];
  for (const params of cases) {
    const query = new URLSearchParams({ action: 'query', export: '1', exportnowrap: '1', ...params }).toString();
    const [a, b] = await Promise.all(
      [`${ours.origin}/api.php`, mediawiki.apiUrl].map(async (url) => (await fetch(`${url}?${query}`)).text()),
    );
    const withoutGenerator = (xml: string) => xml.replace(/<generator>[^<]*<\/generator>/, '');
    assert.equal(withoutGenerator(a), withoutGenerator(b), query);
  }
});

/** An answer as compared here: status, type, error code, CORS headers, and the JSON without software fields. */
async function rawExchange(endpoint: string, init: RequestInit & { query: string }): Promise<unknown> {
  const response = await fetch(`${endpoint}?${init.query}`, init);
  const text = await response.text();
  const cors = [...response.headers].filter(([name]) => /^(access-control-|mediawiki-cors|mediawiki-login)/.test(name));
  let body: unknown = text;
  if (response.headers.get('content-type')?.includes('json')) {
    const tree = JSON.parse(text);
    delete tree.error?.['*'];
    delete tree.error?.docref;
    delete tree.docref;
    delete tree['*'];
    body = tree;
  }
  return {
    status: response.status,
    type: response.headers.get('content-type')?.toLowerCase(),
    error: response.headers.get('mediawiki-api-error'),
    cors: Object.fromEntries(cors.sort()),
    body: typeof body === 'string' && body.includes('<html') ? 'html' : body,
  };
}

test('HTTP as clients send it: other methods, OPTIONS and preflights, bodies and bytes that are not UTF-8', async () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const preflight = { origin: 'https://a.example', 'access-control-request-method': 'POST' };
  const cases: [string, RequestInit & { query: string }][] = [
    ['PUT json', { method: 'PUT', query: 'action=query&titles=Berlin&format=json' }],
    ['DELETE xml', { method: 'DELETE', query: 'action=query&format=xml&errorformat=plaintext&uselang=en' }],
    ['DELETE German', { method: 'DELETE', query: 'action=query&format=json&errorformat=plaintext&uselang=de' }],
    ['PATCH, unknown action', { method: 'PATCH', query: 'action=foo&format=json' }],
    ['PUT, assertion', { method: 'PUT', query: 'action=query&assert=user&format=json' }],
    ['OPTIONS', { method: 'OPTIONS', query: 'action=query' }],
    ['OPTIONS origin=*', { method: 'OPTIONS', query: 'action=query&origin=*' }],
    [
      'preflight',
      {
        method: 'OPTIONS',
        query: 'origin=*',
        headers: { ...preflight, 'access-control-request-headers': 'Api-User-Agent' },
      },
    ],
    [
      'preflight, header not allowed',
      { method: 'OPTIONS', query: 'origin=*', headers: { ...preflight, 'access-control-request-headers': 'X-Secret' } },
    ],
    ['GET bytes', { query: 'action=query&format=json&titles=M%C3%BCller%7CBer%FFlin%7CA%81B%7C%E2%82%AC%80' }],
    ['GET bytes, U+001F', { query: 'action=query&format=json&titles=%1FBer%FFlin%1FM%C3%BCller' }],
    ['GET bytes, control', { query: 'action=query&format=json&titles=Berlin%7C%1FX%7C%1F%FF' }],
    ['GET bytes, list', { query: 'action=query&format=json&list=allpages&aplimit=2&apfrom=%C3' }],
    ['GET bytes, boolean', { query: 'action=query&format=json&titles=Berlin&redirects=%FF' }],
    ['POST bytes', { method: 'POST', query: '', headers: form, body: 'action=query&format=json&titles=M%FCnchen' }],
    [
      'POST JSON',
      {
        method: 'POST',
        query: 'action=query&format=json&titles=Berlin',
        headers: { 'content-type': 'application/json' },
        body: '{',
      },
    ],
    [
      'POST broken multipart',
      {
        method: 'POST',
        query: 'action=query&format=json&titles=Berlin',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        body: '--x\r\nbroken',
      },
    ],
    ['uselang refused', { query: 'action=query&format=json&formatversion=2&errorformat=plaintext&uselang=%1Fde%1Fen' }],
    ['callback warning', { query: 'action=query&format=json&titles=Berlin&callback=f%1F' }],
  ];
  for (const [label, init] of cases) {
    const [a, b] = await Promise.all([
      rawExchange(`${ours.origin}/api.php`, init),
      rawExchange(mediawiki.apiUrl, init),
    ]);
    assert.deepEqual(a, b, label);
  }
});
