import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { referenceWikiFiles } from './helpers/reference-wiki.js';

const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'wiki-cli-import-'));

function wiki(...args: string[]) {
  const run = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', cli, ...args], {
    env: { ...process.env, WIKI_DATA_DIR: dataDir, WIKI_DATABASE_URL: '' },
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

  test('bad arguments are named', () => {
    assert.equal(wiki('import').code, 1);
    const unknown = wiki('import', 'notes.txt');
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /cannot tell what notes\.txt is/);
    assert.match(wiki('import', 'x.sqlite', '--images').stderr, /--images needs a value/);
  });
});
