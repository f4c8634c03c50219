/**
 * `index.php` under hostile requests: 600 made from a fixed seed out of the raw action's
 * parameters with valid, invalid, boundary and hostile values (ids beyond every integer type,
 * titles with control characters, broken percent escapes, paths, unknown actions and content
 * types), by GET and POST. Every answer is one of the statuses the raw action gives, never a 5xx,
 * with a content type, and a text sent as HTML only for the refusal page.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { testEngines } from '@svc/common/testing';
import type { FastifyInstance } from 'fastify';
import { Random } from '../fuzz/random.js';
import { buildApp } from '../src/api/app.js';
import { importReferenceWiki, type ReferenceWiki } from './helpers/reference-wiki.js';

const VALUES: Record<string, readonly string[]> = {
  action: ['raw', 'RAW', 'view', 'edit', 'history', '', 'raw\u0000', 'räw'],
  title: [
    'Berlin',
    'BRD',
    'Gibt es nicht',
    '',
    ' ',
    '[[',
    'a|b',
    '%',
    '%zz',
    'Spezial:Version',
    'en:Berlin',
    'Media:Beispiel.png',
    'Benutzer:Nobody/x.js',
    'MediaWiki:Common.css',
    'Berlin#Geschichte',
    'x'.repeat(300),
    '\u0001\u0002',
    'a\u0000b',
    'Benutzer:A\u0000/x.js',
    '../../etc/passwd',
    'Kategorie:Stadt',
    'Vorlage:Infobox Stadt',
    '::',
    'Talk:',
    '\uFFFD',
  ],
  curid: ['236', '0', '-1', 'abc', '1e3', '99999999999999999999', '2147483648', ' 236'],
  oldid: ['248', '0', '-5', 'abc', '99999999999999999999', '2147483648', '3532', '1.5'],
  diff: ['248', 'prev', 'next', '99999999999999999999'],
  direction: ['next', 'prev', 'cur', 'sideways', ''],
  section: ['0', '1', '2', '-3', '99', 'abc', 'T-1', '1e309', '99999999999999999999', 'new'],
  slot: ['main', 'foo', '', 'main\u0000'],
  templates: ['expand', 'no', ''],
  ctype: ['text/x-wiki', 'text/javascript', 'text/css', 'application/json', 'text/html', 'application/x-zope-edit', ''],
  gen: ['js', 'css', 'x'],
  maxage: ['0', '60', '-1', 'abc', '99999999999999999999'],
  smaxage: ['0', '10', '-1', 'abc', '1e3'],
  maxlag: ['5', '-1', 'abc'],
};
const PATHS = [
  '/index.php',
  '/index.php/Berlin',
  '/index.php/Spezial:Export/Berlin',
  '/index.php/%E2%82',
  '/index.php/a/b/c',
];

for (const engine of testEngines()) {
  describe(`index.php under hostile requests [${engine.name}]`, { skip: engine.skip }, () => {
    let wiki: ReferenceWiki;
    let app: FastifyInstance;
    let origin: string;
    before(async () => {
      wiki = await importReferenceWiki(engine);
      app = await buildApp({ store: wiki.store, site: wiki.site });
      await app.listen({ host: '127.0.0.1', port: 0 });
      origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });
    after(async () => {
      await app?.close();
      await wiki?.dispose();
    });

    test('600 hostile index.php requests: no 5xx, every answer typed', async () => {
      const random = new Random(4646);
      const failures: string[] = [];
      const statuses = new Set<number>();
      for (let i = 0; i < 600; i++) {
        const params = new URLSearchParams();
        params.set('action', random.chance(0.85) ? 'raw' : random.pick(VALUES.action as string[]));
        for (const [name, values] of Object.entries(VALUES)) {
          if (name !== 'action' && random.chance(0.3)) params.set(name, random.pick(values));
        }
        const path = random.pick(PATHS);
        const post = random.chance(0.2);
        const url = `${origin}${path}${post ? '' : `?${params}`}`;
        const answer = await fetch(url, {
          method: post ? 'POST' : 'GET',
          redirect: 'manual',
          ...(post ? { body: params, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
        });
        const type = answer.headers.get('content-type') ?? '';
        const body = await answer.text();
        const request = `${post ? 'POST ' : ''}${path}?${params}`;
        statuses.add(answer.status);
        if (answer.status >= 500) failures.push(`${answer.status} ${request}: ${body.slice(0, 200)}`);
        else if (![200, 301, 304, 400, 403, 404].includes(answer.status)) failures.push(`${answer.status} ${request}`);
        else if (answer.status !== 301 && type === '') failures.push(`no content type: ${request}`);
        else if (type.startsWith('text/html') && answer.status !== 301 && !body.includes('<h1>Forbidden</h1>')) {
          failures.push(`HTML that is no refusal: ${request}`);
        }
      }
      assert.deepEqual(failures, []);
      // The requests reach every kind of answer: texts, redirects, refusals, missing pages.
      for (const status of [200, 301, 403, 404]) assert.ok(statuses.has(status), `a ${status} among ${[...statuses]}`);
    });
  });
}
