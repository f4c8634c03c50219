import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../src/api/app.js';
import { queryJson } from '../helpers/reference-api.js';
import { importReferenceWiki, type ReferenceWiki } from '../helpers/reference-wiki.js';

const fixtureImages = fileURLToPath(new URL('../fixtures/reference-wiki/images/', import.meta.url));

describe('the upload folder', () => {
  let wiki: ReferenceWiki;
  let app: FastifyInstance;
  let folder: string;
  let thumbnails: string;

  before(async () => {
    wiki = await importReferenceWiki();
    folder = mkdtempSync(join(tmpdir(), 'uploads-'));
    thumbnails = mkdtempSync(join(tmpdir(), 'thumbnails-'));
    cpSync(fixtureImages, folder, { recursive: true });
    app = await buildApp({
      store: wiki.store,
      site: { ...wiki.site, uploadDirectory: folder },
      thumbnails: { directory: thumbnails, maxBytes: 1024 * 1024 },
    });
  });
  after(async () => {
    await app.close();
    await wiki.dispose();
    rmSync(folder, { recursive: true, force: true });
    rmSync(thumbnails, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });
  const path = (url: string) => new URL(url).pathname;

  test('originals and old versions are served as imageinfo names them', async () => {
    const answer = await queryJson(app, {
      prop: 'imageinfo',
      titles: 'Datei:Karte.png',
      iiprop: 'url|size',
      iilimit: '2',
    });
    const [current, old] = answer.query.pages[0].imageinfo;
    const original = await get(path(current.url));
    assert.equal(original.statusCode, 200);
    assert.equal(original.headers['content-type'], 'image/png');
    assert.equal(original.rawPayload.length, current.size);
    const archived = await get(path(old.url));
    assert.equal(archived.statusCode, 200);
    assert.equal(archived.rawPayload.length, old.size);
  });

  test('a thumbnail URL from imageinfo is made on first request at the size imageinfo gave, and kept in the data folder', async () => {
    const answer = await queryJson(app, {
      prop: 'imageinfo',
      titles: 'Datei:Rathaus.png|Datei:Logo.svg',
      iiprop: 'url',
      iiurlwidth: '120',
    });
    for (const page of answer.query.pages) {
      const info = page.imageinfo[0];
      const response = await get(path(info.thumburl));
      assert.equal(response.statusCode, 200, info.thumburl);
      assert.equal(response.headers['content-type'], 'image/png');
      const meta = await sharp(response.rawPayload).metadata();
      assert.equal(meta.format, 'png');
      assert.deepEqual([meta.width, meta.height], [info.thumbwidth, info.thumbheight]);
      const relativePath = decodeURIComponent(path(info.thumburl)).split('/').slice(2);
      assert.ok(existsSync(join(thumbnails, ...relativePath)), relativePath.join('/'));
      assert.ok(!existsSync(join(folder, ...relativePath)), 'nothing is written into the upload folder');
      const again = await get(path(info.thumburl));
      assert.deepEqual(again.rawPayload, response.rawPayload);
    }
    assert.match(
      answer.query.pages[0].imageinfo[0].thumburl,
      /\/images\/thumb\/6\/6f\/Logo\.svg\/120px-Logo\.svg\.png$/,
    );
  });

  test('missing files answer 404 and nothing outside the public folder can be read', async () => {
    for (const url of [
      '/images/0/07/Gibtsnicht.png',
      '/images/thumb/0/07/Gibtsnicht.png/100px-Gibtsnicht.png',
      '/images/thumb/0/07/Rathaus.png/100px-Anders.png',
      '/images/../settings.json',
      '/images/%2e%2e/settings.json',
      '/images/0%2f..%2f..%2fsettings.json',
      '/images/0/07/..%5c..%5csettings.json',
      '/images/deleted/t/s/n/tsnymbovn9a3wgf6qnwx042w5m4njdm.png',
      '/images/temp/3/3b/20261121222619!phpVCqGKz.png',
    ]) {
      const response = await get(url);
      assert.ok([400, 404].includes(response.statusCode), `${url}: ${response.statusCode}`);
    }
  });
});
