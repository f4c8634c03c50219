import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { describeEachEngine, type TestEngine } from '@svc/common/testing';
import sharp from 'sharp';
import { importXmlDump, XmlImportError } from '../../src/import/xml/xml-importer.js';
import type { WikiStore } from '../../src/store/database.js';
import { loadSite } from '../../src/store/site-store.js';
import { importTestStores } from './test-stores.js';

/** `a/ab/Name` as MediaWiki lays out an upload folder, computed here independently. */
function hashed(name: string): string {
  const md5 = createHash('md5').update(name).digest('hex');
  return `${md5[0]}/${md5.slice(0, 2)}/${name}`;
}

function sha1Base36(bytes: Buffer): string {
  return BigInt(`0x${createHash('sha1').update(bytes).digest('hex')}`)
    .toString(36)
    .padStart(31, '0');
}

function upload(name: string, timestamp: string, bytes: Buffer, comment: string, rel?: string): string {
  return `<upload><timestamp>${timestamp}</timestamp><contributor><username>Uploader</username><id>5</id></contributor>
    <comment>${comment}</comment><filename>${name}</filename><src>https://example.org/images/${hashed(name)}</src>
    <size>${bytes.length}</size>${rel ? `<rel>${rel}</rel>` : ''}<contents encoding="base64">${bytes.toString('base64')}</contents></upload>`;
}

function filePage(id: number, name: string, uploads: string): string {
  return `<page><title>File:${name.replace(/_/g, ' ')}</title><ns>6</ns><id>${id}</id>
    <revision><id>${id * 10}</id><timestamp>2021-03-04T05:06:07Z</timestamp><contributor><username>Describer</username><id>6</id></contributor>
    <comment>description of ${name}</comment><model>wikitext</model><format>text/x-wiki</format><text xml:space="preserve">A file. [[Category:Pictures]]</text></revision>
    ${uploads}</page>`;
}

function dump(pages: string): string {
  return `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">
  <siteinfo><sitename>Files</sitename><dbname>fileswiki</dbname><base>https://example.org/wiki/Main_Page</base>
    <generator>MediaWiki 1.39.0</generator><case>first-letter</case>
    <namespaces><namespace key="0" case="first-letter" /><namespace key="6" case="first-letter">File</namespace>
      <namespace key="14" case="first-letter">Category</namespace></namespaces>
  </siteinfo>
  ${pages}
</mediawiki>`;
}

interface ImageRow {
  img_name: string;
  img_size: number;
  img_width: number;
  img_height: number;
  img_bits: number;
  img_media_type: string;
  img_major_mime: string;
  img_minor_mime: string;
  img_metadata: string;
  img_description: string;
  img_timestamp: string;
  img_sha1: string;
  actor_name: string;
}

describeEachEngine('XML dump import: uploads and the upload folder', (engine: TestEngine) => {
  const { dir, freshStore } = importTestStores(engine, 'dump-files-');

  async function images(store: WikiStore): Promise<Map<string, ImageRow>> {
    const rows = await store.db
      .selectFrom('image')
      .innerJoin('actor', 'actor_id', 'img_actor')
      .selectAll('image')
      .select('actor_name')
      .orderBy('img_name')
      .execute();
    return new Map(rows.map((row) => [row.img_name, row as unknown as ImageRow]));
  }

  test('uploads with their contents, old versions and files of a source folder, with metadata read from the files', async () => {
    const red = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
      .withMetadata({ density: 96 })
      .png()
      .toBuffer();
    const oldRed = await sharp({ create: { width: 20, height: 10, channels: 4, background: '#c008' } })
      .png()
      .toBuffer();
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a0' } })
      .withExif({ IFD0: { Make: 'TestCam', Model: 'Model 1' } })
      .jpeg()
      .toBuffer();
    const folderFile = await sharp({ create: { width: 12, height: 34, channels: 3, background: '#00c' } })
      .gif()
      .toBuffer();
    const archived = await sharp({ create: { width: 5, height: 6, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const source = join(dir, 'source-images');
    mkdirSync(join(source, hashed('Folder.gif'), '..'), { recursive: true });
    writeFileSync(join(source, hashed('Folder.gif')), folderFile);
    const archiveDir = join(source, 'archive', hashed('Folder.gif'), '..');
    mkdirSync(archiveDir, { recursive: true });
    writeFileSync(join(archiveDir, '20200101000000!Folder.gif'), archived);

    const xml = dump(
      filePage(
        1,
        'Red.png',
        upload('Red.png', '2021-05-01T00:00:00Z', red, 'second version') +
          upload('Red.png', '2020-05-01T00:00:00Z', oldRed, 'first version', 'archive/x/xy/20210501000000!Red.png'),
      ) +
        filePage(2, 'Photo.jpg', upload('Photo.jpg', '2021-06-01T12:00:00Z', photo, 'a photo')) +
        filePage(3, 'Folder.gif', ''),
    );
    const file = join(dir, 'files.xml');
    writeFileSync(file, xml);
    const uploads = join(dir, 'store-images');
    const store = await freshStore();
    const summary = await importXmlDump(store, file, { lint: false, uploadDirectory: uploads, imagesDir: source });
    assert.equal(summary.uploads, 3);

    const rows = await images(store);
    assert.deepEqual([...rows.keys()], ['Folder.gif', 'Photo.jpg', 'Red.png']);
    const png = rows.get('Red.png')!;
    assert.deepEqual(
      [
        png.img_size,
        png.img_width,
        png.img_height,
        png.img_bits,
        png.img_media_type,
        png.img_major_mime,
        png.img_minor_mime,
      ],
      [red.length, 40, 30, 8, 'BITMAP', 'image', 'png'],
    );
    assert.equal(png.img_sha1, sha1Base36(red));
    assert.equal(png.img_timestamp, '20210501000000');
    assert.equal(png.img_description, 'second version');
    assert.equal(png.actor_name, 'Uploader');
    const pngData = JSON.parse(png.img_metadata).data;
    assert.equal(pngData.colorType, 'truecolour');
    assert.equal(pngData.bitDepth, 8);
    assert.equal(pngData.metadata.XResolution, '3780/100'); // 96 dpi in pixels per centimetre

    const jpeg = rows.get('Photo.jpg')!;
    assert.deepEqual(
      [jpeg.img_width, jpeg.img_height, jpeg.img_media_type, jpeg.img_major_mime, jpeg.img_minor_mime, jpeg.img_sha1],
      [64, 48, 'BITMAP', 'image', 'jpeg', sha1Base36(photo)],
    );
    const exif = JSON.parse(jpeg.img_metadata).data;
    assert.equal(exif.Make, 'TestCam');
    assert.equal(exif.Model, 'Model 1');

    // A File: page without uploads: the file from the source folder, uploaded by the page's first editor.
    const gif = rows.get('Folder.gif')!;
    assert.deepEqual(
      [gif.img_size, gif.img_width, gif.img_height, gif.img_minor_mime, gif.img_timestamp, gif.actor_name],
      [folderFile.length, 12, 34, 'gif', '20210304050607', 'Describer'],
    );
    assert.equal(JSON.parse(gif.img_metadata).data.frameCount, 1);

    const old = await store.db
      .selectFrom('oldimage')
      .select(['oi_name', 'oi_archive_name', 'oi_width', 'oi_height', 'oi_timestamp', 'oi_sha1', 'oi_description'])
      .orderBy('oi_name')
      .execute();
    assert.deepEqual(old, [
      {
        oi_name: 'Folder.gif',
        oi_archive_name: '20200101000000!Folder.gif',
        oi_width: 5,
        oi_height: 6,
        oi_timestamp: '20200101000000',
        oi_sha1: sha1Base36(archived),
        oi_description: '',
      },
      {
        oi_name: 'Red.png',
        oi_archive_name: '20210501000000!Red.png',
        oi_width: 20,
        oi_height: 10,
        oi_timestamp: '20200501000000',
        oi_sha1: sha1Base36(oldRed),
        oi_description: 'first version',
      },
    ]);

    // The files are in the store's upload folder, laid out as MediaWiki does, and the site serves it.
    assert.deepEqual(readFileSync(join(uploads, hashed('Red.png'))), red);
    assert.deepEqual(readFileSync(join(uploads, hashed('Photo.jpg'))), photo);
    assert.deepEqual(readFileSync(join(uploads, hashed('Folder.gif'))), folderFile);
    const archivedRed = join(uploads, 'archive', hashed('Red.png'), '..', '20210501000000!Red.png');
    assert.deepEqual(readFileSync(archivedRed), oldRed);
    assert.ok(existsSync(join(uploads, 'archive', hashed('Folder.gif'), '..', '20200101000000!Folder.gif')));
    assert.equal((await loadSite(store.db))?.uploadDirectory, uploads);
    const stats = await store.db.selectFrom('site_stats').select('ss_images').executeTakeFirst();
    assert.equal(Number(stats?.ss_images), 3);

    // Importing again changes nothing; reading on a worker thread gives the same rows.
    await importXmlDump(store, file, { lint: false, uploadDirectory: uploads, imagesDir: source });
    assert.deepEqual(await images(store), rows);
    assert.equal((await store.db.selectFrom('oldimage').select('oi_name').execute()).length, 2);
    const threaded = await freshStore();
    await importXmlDump(threaded, file, {
      lint: false,
      uploadDirectory: join(dir, 'threaded-images'),
      imagesDir: source,
      readerThread: true,
    });
    assert.deepEqual(await images(threaded), rows);
  });

  test('a newer upload makes the current version an old one; without the bytes a row has what the dump says', async () => {
    const first = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const second = await sharp({ create: { width: 16, height: 8, channels: 3, background: '#456' } })
      .png()
      .toBuffer();
    const uploads = join(dir, 'newer-images');
    const store = await freshStore();
    const one = join(dir, 'one.xml');
    writeFileSync(one, dump(filePage(1, 'Pic.png', upload('Pic.png', '2020-01-01T00:00:00Z', first, 'one'))));
    await importXmlDump(store, one, { lint: false, uploadDirectory: uploads });
    const two = join(dir, 'two.xml');
    writeFileSync(two, dump(filePage(1, 'Pic.png', upload('Pic.png', '2022-01-01T00:00:00Z', second, 'two'))));
    await importXmlDump(store, two, { lint: false, uploadDirectory: uploads });
    const current = (await images(store)).get('Pic.png')!;
    assert.deepEqual([current.img_width, current.img_timestamp], [16, '20220101000000']);
    const old = await store.db.selectFrom('oldimage').selectAll().execute();
    assert.deepEqual(
      old.map((o) => [o.oi_archive_name, o.oi_width, o.oi_timestamp]),
      [['20220101000000!Pic.png', 8, '20200101000000']],
    );
    assert.deepEqual(readFileSync(join(uploads, hashed('Pic.png'))), second);
    assert.deepEqual(readFileSync(join(uploads, 'archive', hashed('Pic.png'), '..', '20220101000000!Pic.png')), first);

    const bare = join(dir, 'bare.xml');
    writeFileSync(
      bare,
      dump(
        filePage(
          4,
          'Elsewhere.png',
          `<upload><timestamp>2020-02-02T00:00:00Z</timestamp><contributor><username>Uploader</username><id>5</id></contributor>
           <comment>x</comment><filename>Elsewhere.png</filename><size>1234</size><sha1base36>abc</sha1base36></upload>`,
        ),
      ),
    );
    const other = await freshStore();
    await importXmlDump(other, bare, { lint: false });
    const row = (await images(other)).get('Elsewhere.png')!;
    assert.deepEqual([row.img_size, row.img_sha1, row.img_major_mime, row.img_width], [1234, 'abc', 'unknown', 0]);
    await assert.rejects(
      importXmlDump(other, bare, { lint: false, imagesDir: join(dir, 'nothing-here') }),
      (err: Error) => {
        assert.ok(err instanceof XmlImportError);
        assert.match(err.message, /upload folder .*nothing-here is not a directory/);
        return true;
      },
    );
  });
});
