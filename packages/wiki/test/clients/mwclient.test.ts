/**
 * mwclient (Debian's python3-mwclient), a real MediaWiki client, against api.php on the imported
 * reference wiki: site initialisation (siteinfo, userinfo) and list iteration with continuation.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { importReferenceWiki, type ReferenceWiki } from '../helpers/reference-wiki.js';

const PYTHON = '/usr/bin/python3';
const available = spawnSync(PYTHON, ['-c', 'import mwclient'], { encoding: 'utf8' }).status === 0;

let wiki: ReferenceWiki;
let app: FastifyInstance;
let host = '';

before(async () => {
  if (!available) return;
  wiki = await importReferenceWiki();
  app = await buildApp({ store: wiki.store, site: wiki.site });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
after(async () => {
  if (!available) return;
  await app.close();
  await wiki.dispose();
});

/** Runs a Python snippet with `site` connected to the server; its stdout is JSON. */
async function python(body: string): Promise<unknown> {
  const script = `import json, mwclient\nsite = mwclient.Site(${JSON.stringify(host)}, path='/', scheme='http')\n${body}`;
  const { spawn } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ['-c', script]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
  });
}

const skip = available ? false : 'python3-mwclient is not installed (apt-get install python3-mwclient)';

test('mwclient initialises the site from siteinfo and userinfo', { skip }, async () => {
  const info = (await python(
    "print(json.dumps({'sitename': site.site['sitename'], 'ns14': site.namespaces[14], 'anon': site.logged_in}))",
  )) as { sitename: string; ns14: string; anon: boolean };
  assert.deepEqual(info, { sitename: 'Testwiki', ns14: 'Kategorie', anon: false });
});

test('mwclient iterates allpages across continuation', { skip }, async () => {
  const titles = (await python(
    'print(json.dumps([p if isinstance(p, str) else p.name for p in site.allpages(namespace=10, limit=15, generator=False)]))',
  )) as string[];
  const whole = await app.inject({
    url: '/api.php?action=query&list=allpages&apnamespace=10&aplimit=max&format=json&formatversion=2',
  });
  assert.deepEqual(
    titles,
    whole.json().query.allpages.map((p: { title: string }) => p.title),
  );
});
