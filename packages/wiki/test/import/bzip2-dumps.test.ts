import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { describeEachEngine, type TestEngine } from '@svc/common/testing';
import type { ImportProgress } from '../../src/import/progress.js';
import { decoderArguments } from '../../src/import/xml/bzip2-decoder.js';
import { importXmlDump, XmlImportError } from '../../src/import/xml/xml-importer.js';
import type { WikiStore } from '../../src/store/database.js';
import { dumpsDir } from '../helpers/fixtures.js';
import { ensureNativeBzip2 } from '../helpers/native-bzip2.js';
import { importTestStores } from './test-stores.js';

ensureNativeBzip2();
const xml = gunzipSync(readFileSync(join(dumpsDir, 'aawiki-20260101-pages-meta-history.xml.gz')));
const compressed = spawnSync('bzip2', ['-c'], { input: xml, maxBuffer: 1 << 28 }).stdout;

async function counts(store: WikiStore): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['page', 'revision', 'pagelinks', 'categorylinks', 'templatelinks']) {
    const rows = await (store.db as any).executeQuery({
      sql: `select count(*) as n from ${table}`,
      parameters: [],
      query: { kind: 'RawNode' },
    });
    out[table] = Number(rows.rows[0].n);
  }
  return out;
}

/** The labels of the import's progress phases. */
function recordedProgress(): { progress: ImportProgress; labels: string[] } {
  const labels: string[] = [];
  return { labels, progress: { begin: (label) => labels.push(label), advance() {}, end() {} } };
}

const savedDecoder = process.env.WIKI_BZIP2;
after(() => {
  if (savedDecoder === undefined) delete process.env.WIKI_BZIP2;
  else process.env.WIKI_BZIP2 = savedDecoder;
});

describeEachEngine('bzip2-compressed dumps', (engine: TestEngine) => {
  const { dir, freshStore } = importTestStores(engine, 'bzip2-dumps-');
  const plain = join(dir, 'aawiki.xml');
  const bz2 = join(dir, 'aawiki.xml.bz2');
  writeFileSync(plain, xml);
  writeFileSync(bz2, compressed);
  let expected: Record<string, number> | undefined;
  const plainCounts = async () => {
    if (!expected) {
      const reference = await freshStore();
      await importXmlDump(reference, plain, { lint: false });
      expected = await counts(reference);
    }
    return expected;
  };

  for (const [decoder, named] of [
    ['lbzip2', /bzip2 decompressed by lbzip2/],
    ['bzip2', /bzip2 decompressed by bzip2/],
    ['javascript', /bzip2 decompressed in JavaScript: install lbzip2/],
  ] as const) {
    test(`decompressed by ${decoder}, a .bz2 dump imports as its XML does, and the progress line says by what`, async () => {
      process.env.WIKI_BZIP2 = decoder;
      const store = await freshStore();
      const { progress, labels } = recordedProgress();
      // On a reader thread too, which decompresses the file itself.
      const summary = await importXmlDump(store, bz2, { lint: false, progress, readerThread: true });
      assert.deepEqual([summary.pages, summary.revisions], [507, 1307]);
      assert.match(labels[0]!, named);
      assert.deepEqual(await counts(store), await plainCounts());
    });
  }

  test('without WIKI_BZIP2 the fastest installed decoder runs', async () => {
    delete process.env.WIKI_BZIP2;
    const { progress, labels } = recordedProgress();
    await importXmlDump(await freshStore(), bz2, { lint: false, progress });
    assert.match(labels[0]!, /bzip2 decompressed by lbzip2/);
  });

  test('a damaged .bz2 file fails with the byte offset of the XML and the decoder’s reason', async () => {
    for (const decoder of ['lbzip2', 'bzip2']) {
      process.env.WIKI_BZIP2 = decoder;
      const damaged = Buffer.from(compressed);
      for (let i = Math.floor(damaged.length / 2); i < damaged.length / 2 + 64; i++) damaged[i]! ^= 0x55;
      const path = join(dir, `damaged-${decoder}.xml.bz2`);
      writeFileSync(path, damaged);
      const store = await freshStore();
      await assert.rejects(importXmlDump(store, path, { lint: false }), (err: Error) => {
        assert.ok(err instanceof XmlImportError);
        assert.match(
          err.message,
          new RegExp(`could not be read at byte \\d+: the bzip2 data is damaged \\(${decoder}: `),
        );
        const at = Number(/at byte (\d+)/.exec(err.message)![1]);
        assert.ok(at < xml.length, `offset ${at} within the XML's ${xml.length} bytes`);
        assert.match(err.message, /nothing was imported$/);
        return true;
      });
      assert.equal((await counts(store)).page, 0);

      const truncated = join(dir, `truncated-${decoder}.xml.bz2`);
      writeFileSync(truncated, compressed.subarray(0, Math.floor(compressed.length * 0.7)));
      await assert.rejects(importXmlDump(store, truncated, { lint: false }), /the bzip2 data is damaged/);
    }
  });

  test('an unknown WIKI_BZIP2 is refused with the choices', async () => {
    process.env.WIKI_BZIP2 = 'zstd';
    await assert.rejects(
      importXmlDump(await freshStore(), bz2, { lint: false }),
      /WIKI_BZIP2 is "zstd": expected lbzip2, bzip2 or javascript/,
    );
  });
});

test('lbzip2 decodes on every core but the one the importer needs; bzip2 takes no thread count', () => {
  const lbzip2 = { name: 'lbzip2', program: '/usr/bin/lbzip2' } as const;
  assert.deepEqual(decoderArguments(lbzip2, 2), ['-n', '1', '-d', '-c']);
  assert.deepEqual(decoderArguments(lbzip2, 1), ['-n', '1', '-d', '-c']);
  assert.deepEqual(decoderArguments(lbzip2, 8), ['-n', '7', '-d', '-c']);
  assert.deepEqual(decoderArguments({ name: 'bzip2', program: '/usr/bin/bzip2' }, 8), ['-d', '-c']);
});
