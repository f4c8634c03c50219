/**
 * Thumbnails are kept in the store's data folder, within their byte bound (least recently used
 * ones removed first), and the upload folder the wiki was imported from is only read: 1,000
 * distinct widths leave it as it was.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../src/api/app.js';
import { importReferenceWiki, type ReferenceWiki } from '../helpers/reference-wiki.js';

const fixtureImages = fileURLToPath(new URL('../fixtures/reference-wiki/images/', import.meta.url));
const CACHE_BYTES = 256 * 1024;

/** Every file below `dir`: relative path, size and modification time. */
function listing(dir: string): string[] {
  const files: string[] = [];
  const visit = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      const info = statSync(path);
      if (info.isDirectory()) visit(path);
      else files.push(`${relative(dir, path)} ${info.size} ${info.mtimeMs}`);
    }
  };
  visit(dir);
  return files.sort();
}

function bytesBelow(dir: string): number {
  return listing(dir).reduce((sum, line) => sum + Number(line.split(' ').at(-2)), 0);
}

describe('the thumbnail cache', () => {
  let wiki: ReferenceWiki;
  let app: FastifyInstance;
  let uploads: string;
  let cache: string;

  before(async () => {
    wiki = await importReferenceWiki();
    uploads = mkdtempSync(join(tmpdir(), 'uploads-'));
    cache = mkdtempSync(join(tmpdir(), 'thumbnails-'));
    cpSync(fixtureImages, uploads, { recursive: true });
    app = await buildApp({
      store: wiki.store,
      site: { ...wiki.site, uploadDirectory: uploads },
      thumbnails: { directory: cache, maxBytes: CACHE_BYTES },
    });
  });
  after(async () => {
    await app.close();
    await wiki.dispose();
    rmSync(uploads, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  });

  test('1,000 distinct widths: each as asked, the cache within its bound, the upload folder unchanged', async () => {
    const before = listing(uploads);
    // Karte.png is 640 px wide (widths below it), Logo.svg is drawn at any width.
    const urls = [
      ...Array.from({ length: 639 }, (_, i) => `/images/thumb/b/ba/Karte.png/${i + 1}px-Karte.png`),
      ...Array.from({ length: 361 }, (_, i) => `/images/thumb/6/6f/Logo.svg/${i + 700}px-Logo.svg.png`),
    ];
    assert.equal(new Set(urls).size, 1000);
    for (const [i, url] of urls.entries()) {
      const response = await app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      if (i % 97 === 0) {
        const meta = await sharp(response.rawPayload).metadata();
        assert.equal(meta.width, Number(/(\d+)px-/.exec(url)?.[1]), url);
      }
      assert.ok(bytesBelow(cache) <= CACHE_BYTES, `after ${url}: ${bytesBelow(cache)} bytes kept`);
    }
    assert.deepEqual(listing(uploads), before);
    assert.ok(bytesBelow(cache) > CACHE_BYTES / 2, 'the cache is used');
  });

  test('a thumbnail used recently is kept while older ones are removed', async () => {
    const kept = '/images/thumb/b/ba/Karte.png/100px-Karte.png';
    const first = await app.inject({ method: 'GET', url: kept });
    assert.equal(first.statusCode, 200);
    for (let width = 200; width < 330; width++) {
      await app.inject({ method: 'GET', url: `/images/thumb/b/ba/Karte.png/${width}px-Karte.png` });
      await app.inject({ method: 'GET', url: kept });
    }
    assert.ok(listing(cache).some((line) => line.startsWith(join('thumb', 'b', 'ba', 'Karte.png', '100px-Karte.png'))));
    assert.ok(!listing(cache).some((line) => line.includes('/200px-Karte.png ')), 'the oldest is gone');
  });
});
