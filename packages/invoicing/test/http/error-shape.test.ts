import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { testEngines } from '@svc/common/testing';
import type { HTTPMethods } from 'fastify';
import { routeTableOf } from '../../src/http/route-table.js';
import { type Harness, useHarness } from '../harness.js';
import { httpRequest, type RawResponse, rawRequest } from '../support/raw-http.js';

/** Pages answer browsers with HTML; the scripts' live state, the API and unknown addresses with JSON. */
function isPage(path: string): boolean {
  return (path === '/' || /^\/(pay|portal)(\/|$)/.test(path)) && !/^\/pay\/[^/]+\/(live|events)$/.test(path);
}

/** Asserts the documented error shape: `{error:{type,code,message}}` as JSON, or an HTML page for pages. */
function assertErrorShape(response: RawResponse, path: string, what: string, code?: string) {
  const context = `${what}: ${response.statusLine}\n${response.body.slice(0, 300)}`;
  assert.ok(response.status >= 400 && response.status < 500, context);
  assert.ok(response.headers['content-security-policy'], `${context}\n(no security headers)`);
  if (isPage(path)) {
    assert.match(response.headers['content-type'] ?? '', /^text\/html; charset=utf-8/, context);
    assert.match(response.body, /^<!doctype html>/i, context);
    return;
  }
  assert.match(response.headers['content-type'] ?? '', /^application\/json/, context);
  const body = JSON.parse(response.body) as { error: Record<string, unknown> };
  assert.equal(typeof body.error.type, 'string', context);
  assert.equal(typeof body.error.code, 'string', context);
  assert.equal(typeof body.error.message, 'string', context);
  if (code !== undefined) assert.equal(body.error.code, code, context);
}

const unknownId = 'AAAAAAAAAAAAAAAAAAAAAAAA';

/** The route's address with its first parameter set to `value` and any later ones to `rest`. */
function concrete(url: string, value: string, rest = value): string {
  let first = true;
  return url.replace(/:[A-Za-z_]+|\*/g, () => {
    const part = first ? value : rest;
    first = false;
    return part;
  });
}

const engine = testEngines().find((e) => e.name === 'sqlite')!;

describe('every route answers in the error shape', () => {
  const harness = useHarness(engine);
  let port = 0;
  let h: Harness;
  before(async () => {
    h = harness();
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const address = h.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  const send = (text: string) => rawRequest(port, text);

  test('the routes are enumerated from the app itself', () => {
    const routes = routeTableOf(h.app)?.routes ?? [];
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const known of ['POST /api/invoices', 'GET /api/invoices/:id', 'GET /pay/:id', 'POST /portal/sign-in']) {
      assert.ok(names.includes(known), `${known} is among ${names.join(', ')}`);
    }
  });

  test('a method a route does not take: 405 with Allow naming the ones it does', async () => {
    for (const route of routeTableOf(h.app)!.routes) {
      if (route.method === 'HEAD') continue;
      const path = concrete(route.url, unknownId);
      const wrong = (['DELETE', 'PATCH', 'PUT', 'POST', 'GET'] as HTTPMethods[]).find(
        (method) => !h.app.findRoute({ method, url: path }),
      )!;
      const response = await send(httpRequest(wrong, path));
      assertErrorShape(response, path, `${wrong} ${path}`, 'method_not_allowed');
      assert.equal(response.status, 405);
      assert.ok(response.headers.allow?.split(', ').includes(route.method), `Allow: ${response.headers.allow}`);
    }
  });

  test('an address over 2,048 characters (a 10,000-character id, a long query): 414', async () => {
    for (const route of routeTableOf(h.app)!.routes) {
      if (route.method === 'HEAD') continue;
      const path = concrete(route.url, unknownId);
      const longQuery = await send(httpRequest(route.method, `${path}?q=${'x'.repeat(3000)}`));
      assertErrorShape(longQuery, path, `${route.method} ${path}?q=…`, 'uri_too_long');
      assert.equal(longQuery.status, 414);
      if (!/[:*]/.test(route.url)) continue;
      const longId = concrete(route.url, 'a'.repeat(10_000), unknownId);
      const response = await send(httpRequest(route.method, longId));
      assertErrorShape(response, longId, `${route.method} ${route.url} with a 10,000-character id`, 'uri_too_long');
      assert.equal(response.status, 414);
      assert.ok(!response.body.includes('a'.repeat(2000)), 'the address is not repeated in the answer');
    }
  });

  test('a badly percent-encoded id: 400 invalid_url', async () => {
    for (const route of routeTableOf(h.app)!.routes) {
      if (route.method === 'HEAD' || !/[:*]/.test(route.url)) continue;
      const path = concrete(route.url, '%E0%A4%A');
      const response = await send(httpRequest(route.method, path));
      assertErrorShape(response, path, `${route.method} ${path}`, 'invalid_url');
      assert.equal(response.status, 400);
    }
  });

  test('bodies: a wrong content type (415), too large (413), not JSON (400)', async () => {
    for (const route of routeTableOf(h.app)!.routes) {
      if (!['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
      const path = concrete(route.url, unknownId);
      const cases = [
        { headers: { 'Content-Type': 'text/xml' }, body: '<a/>', status: 415, code: 'unsupported_media_type' },
        {
          headers: { 'Content-Type': 'application/json' },
          body: `{"a":"${'x'.repeat(20_000)}"}`,
          status: 413,
          code: 'body_too_large',
        },
        { headers: { 'Content-Type': 'application/json' }, body: '{"a":', status: 400, code: 'invalid_json' },
      ];
      for (const c of cases) {
        const response = await send(httpRequest(route.method, path, c.headers, c.body));
        assertErrorShape(response, path, `${route.method} ${path} (${c.code})`, c.code);
        assert.equal(response.status, c.status);
      }
    }
  });

  test('unknown addresses answer 404 route_not_found, page areas with the HTML page', async () => {
    for (const path of ['/nothing', '/api/nothing', '/api/invoices/a/b', '/assets/none.css', '/dev/x']) {
      const response = await send(httpRequest('GET', path));
      assertErrorShape(response, path, `GET ${path}`, 'route_not_found');
      assert.equal(response.status, 404);
    }
    for (const path of ['/portal/nothing', '/pay/a/b/c', `/pay/${unknownId}`]) {
      const response = await send(httpRequest('GET', path));
      assertErrorShape(response, path, `GET ${path}`);
      assert.equal(response.status, 404);
    }
  });
});

describe('malformed HTTP is answered as HTTP/1.1 with the JSON error', () => {
  const harness = useHarness(engine);
  let port = 0;
  before(async () => {
    const h = harness();
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const address = h.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });

  const cases: { what: string; request: string; status: number; code: string }[] = [
    { what: 'not HTTP at all', request: 'GARBAGE\r\n\r\n', status: 400, code: 'malformed_request' },
    {
      what: 'an unknown HTTP version',
      request: 'GET /healthz HTTP/7.2\r\nHost: x\r\n\r\n',
      status: 400,
      code: 'malformed_request',
    },
    {
      what: 'a header line without a colon',
      request: 'GET /healthz HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n',
      status: 400,
      code: 'malformed_request',
    },
    {
      what: 'a control character in the address',
      request: 'GET /api/invoices/a\x01b HTTP/1.1\r\nHost: x\r\n\r\n',
      status: 400,
      code: 'malformed_request',
    },
    {
      what: 'both Content-Length and Transfer-Encoding',
      request:
        'POST /api/invoices HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      status: 400,
      code: 'malformed_request',
    },
    {
      what: 'two different Content-Length headers',
      request:
        'POST /api/invoices HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
      status: 400,
      code: 'malformed_request',
    },
    {
      what: 'a broken chunk',
      request:
        'POST /api/invoices HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
      status: 400,
      code: 'malformed_request',
    },
    {
      what: 'HTTP/1.1 without Host',
      request: 'GET /api/invoices/AAAAAAAAAAAAAAAAAAAAAAAA HTTP/1.1\r\nConnection: close\r\n\r\n',
      status: 400,
      code: 'malformed_request',
    },
    {
      what: 'an unknown method',
      request: 'FOO /healthz HTTP/1.1\r\nHost: x\r\n\r\n',
      status: 400,
      code: 'malformed_request',
    },
    {
      what: 'an HTTP/2 preface',
      request: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
      status: 400,
      code: 'malformed_request',
    },
    {
      what: 'CONNECT (no proxy here)',
      request: 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
      status: 405,
      code: 'method_not_allowed',
    },
    {
      what: 'an Expect other than 100-continue',
      request:
        'POST /api/invoices HTTP/1.1\r\nHost: x\r\nExpect: the-impossible\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
      status: 417,
      code: 'expectation_failed',
    },
    {
      what: 'headers over 16 KiB',
      request: `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      status: 431,
      code: 'headers_too_large',
    },
    {
      what: 'a request line over 16 KiB',
      request: `GET /api/invoices/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      status: 431,
      code: 'headers_too_large',
    },
  ];

  for (const c of cases) {
    test(c.what, async () => {
      const response = await rawRequest(port, c.request);
      assert.match(response.statusLine, /^HTTP\/1\.1 \d{3} /, JSON.stringify(response.statusLine));
      assert.equal(response.status, c.status, `${response.statusLine}\n${response.body}`);
      assert.match(response.headers['content-type'] ?? '', /^application\/json/);
      assert.ok(response.headers['content-security-policy'], 'the security headers are sent too');
      assert.equal(Number(response.headers['content-length']), Buffer.byteLength(response.body));
      const body = JSON.parse(response.body) as { error: { type: string; code: string; message: string } };
      assert.equal(body.error.type, 'invalid_request_error');
      assert.equal(body.error.code, c.code);
      assert.ok(body.error.message.length > 0);
    });
  }

  test('the service keeps answering after all of them', async () => {
    const response = await rawRequest(port, httpRequest('GET', '/healthz'));
    assert.equal(response.status, 200);
    assert.equal(JSON.parse(response.body).status, 'ok');
  });
});
