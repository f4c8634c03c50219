import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { referenceWikiFiles } from './helpers/reference-wiki.js';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'wiki-cli-import-'));

function wiki(...args: string[]) {
  return wikiIn(dataDir, ...args);
}

function wikiIn(data: string, ...args: string[]) {
  const run = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', cli, ...args], {
    env: { ...process.env, WIKI_DATA_DIR: data, WIKI_DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('wiki import (command line)', () => {
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('imports a MediaWiki database and prints a summary', async () => {
    const files = await referenceWikiFiles();
    const run = wiki('import', files.database, '--settings', files.settings, '--images', files.images);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /imported Testwiki \(testwiki\): 2,660 pages, 3,530 revisions, 9 users, 174 log entries, 5 files/,
    );
    assert.match(run.stdout, /upload folder: .*images/);
    assert.match(run.stderr, /pagelinks \(table \d+ of \d+\): 63,720 rows in/);
  });

  test('refuses another wiki with a non-zero exit code and a message', async () => {
    const files = await referenceWikiFiles();
    const settings = join(dataDir, 'other.json');
    writeFileSync(settings, JSON.stringify({ DBname: 'otherwiki' }));
    const run = wiki('import', files.database, '--settings', settings);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /holds the wiki testwiki .*not otherwiki; give --replace/);
  });

  test("a dump with --images: its File: pages' files are linked into the store's upload folder", async () => {
    const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const md5 = createHash('md5').update('Pic.png').digest('hex');
    const hashed = `${md5[0]}/${md5.slice(0, 2)}/Pic.png`;
    const source = join(dataDir, 'source-images');
    mkdirSync(join(source, md5[0]!, md5.slice(0, 2)), { recursive: true });
    writeFileSync(join(source, hashed), png);
    const dump = join(dataDir, 'files.xml');
    writeFileSync(
      dump,
      `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/" version="0.10" xml:lang="en">
        <siteinfo><sitename>Pics</sitename><dbname>picswiki</dbname><base>https://pics.example.org/wiki/Main_Page</base>
          <namespaces><namespace key="0" case="first-letter" /><namespace key="6" case="first-letter">File</namespace></namespaces></siteinfo>
        <page><title>File:Pic.png</title><ns>6</ns><id>1</id><revision><id>1</id><timestamp>2020-01-01T00:00:00Z</timestamp>
          <contributor><username>Ann</username><id>1</id></contributor><text xml:space="preserve">A picture.</text></revision></page>
      </mediawiki>`,
    );
    const data = join(dataDir, 'dump-store');
    const run = wikiIn(data, 'import', dump, '--images', source);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /imported Pics \(picswiki\): 1 pages/);
    assert.match(run.stdout, /1 files in the upload folder .*dump-store\/images/);
    assert.deepEqual(readFileSync(join(data, 'images', hashed)), png);
    assert.match(wikiIn(data, 'import', dump, '--images', join(dataDir, 'missing')).stderr, /is not a directory/);
  });

  test('a dump through a pipe: standard input (compressed or not) and a named pipe, read once', async () => {
    const gzFile = fileURLToPath(new URL('fixtures/dumps/simplewiki-sample-2pages-33revs.xml.gz', import.meta.url));
    // Standard input as a shell gives it: a pipe (`cat dump | wiki import /dev/stdin`).
    const fromStdin = (feed: string, store: string) =>
      spawnSync(
        'sh',
        ['-c', `${feed} "$0" | "$@"`, gzFile, process.execPath, '--conditions=source', '--import', 'tsx', cli].concat([
          'import',
          '/dev/stdin',
          '--no-lint',
        ]),
        { env: { ...process.env, WIKI_DATA_DIR: join(dataDir, store), WIKI_DATABASE_URL: '' }, encoding: 'utf8' },
      );
    const gzipped = fromStdin('cat', 'stdin-gz');
    assert.equal(gzipped.status, 0, gzipped.stderr);
    assert.match(gzipped.stdout, /imported .*: 2 pages \(0 redirects\), 33 revisions/);
    const plain = fromStdin('gzip -dc', 'stdin-xml');
    assert.equal(plain.status, 0, plain.stderr);
    assert.match(plain.stdout, /imported .*: 2 pages \(0 redirects\), 33 revisions/);

    // What is no dump, or nothing at all, is refused with where reading stopped.
    const garbage = fromStdin("printf 'not a dump%.0s'", 'stdin-garbage');
    assert.equal(garbage.status, 1);
    assert.match(garbage.stderr, /\/dev\/stdin is not well-formed XML at byte 10.*nothing was imported/);
    const empty = fromStdin('head -c 0', 'stdin-empty');
    assert.equal(empty.status, 1);
    assert.match(empty.stderr, /\/dev\/stdin ends too early \(truncated\?\) at byte 0.*nothing was imported/);

    const fifo = join(dataDir, 'dump-pipe');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    // Another process writes it (this one waits for the import), blocking until the pipe is opened.
    const writer = spawn('sh', ['-c', 'cat "$1" > "$0"', fifo, gzFile], { stdio: 'ignore' });
    const written = once(writer, 'exit');
    const named = wikiIn(join(dataDir, 'fifo-store'), 'import', fifo, '--no-lint');
    assert.equal(named.code, 0, named.stderr);
    assert.match(named.stdout, /imported .*: 2 pages \(0 redirects\), 33 revisions/);
    await written;
  });

  test('bad arguments are named', () => {
    assert.equal(wiki('import').code, 1);
    const unknown = wiki('import', 'notes.txt');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /cannot tell what notes\.txt is/);
    assert.match(wiki('import', 'x.sqlite', '--images').stderr, /--images needs a value/);
  });
});
