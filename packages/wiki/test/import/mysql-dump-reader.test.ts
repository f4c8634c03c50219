import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { readSqlDump, SqlDumpError, type SqlDumpEvent } from '../../src/import/sql-dump/mysql-dump-reader.js';
import { fixturesDir } from '../helpers/fixtures.js';

/** Wikimedia's own dumps of the Afar Wikipedia's categorylinks and pagelinks (newest schema). */
const sample = (table: string) => gunzipSync(readFileSync(join(fixturesDir, 'sql', `aawiki-20260101-${table}.sql.gz`)));

async function events(bytes: Buffer, chunkSize: number): Promise<SqlDumpEvent[]> {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const out: SqlDumpEvent[] = [];
  for await (const event of readSqlDump(Readable.from(chunks), 'dump')) out.push(event);
  return out;
}

const rowsOf = (all: SqlDumpEvent[]) => all.flatMap((e) => (e.type === 'rows' ? e.rows : []));

describe('MySQL dump reader', () => {
  test("reads Wikimedia's categorylinks dump: its database, columns and every row, escapes decoded", async () => {
    const all = await events(sample('categorylinks'), 1 << 16);
    assert.deepEqual(all[0], { type: 'database', name: 'aawiki' });
    assert.deepEqual(all[1], {
      type: 'table',
      table: 'categorylinks',
      columns: [
        'cl_from',
        'cl_sortkey',
        'cl_timestamp',
        'cl_sortkey_prefix',
        'cl_type',
        'cl_collation_id',
        'cl_target_id',
      ],
    });
    const rows = rowsOf(all);
    assert.equal(rows.length, 156);
    assert.deepEqual(rows[1], [1343, 'SJ\nSJ', '2025-02-17 13:31:43', 'Sj', 'page', 1, 212]);
  });

  test('the rows are the same whatever the chunks the bytes arrive in', async () => {
    for (const table of ['categorylinks', 'pagelinks']) {
      const whole = rowsOf(await events(sample(table), 1 << 20));
      assert.ok(whole.length > 100);
      for (const size of [1, 7, 97, 4096])
        assert.deepEqual(rowsOf(await events(sample(table), size)), whole, `${table}, ${size}`);
    }
    assert.equal(rowsOf(await events(sample('pagelinks'), 1 << 20)).length, 637);
  });

  test('quotes, backslashes, NULL, negative and large numbers, and multi-byte text', async () => {
    const dump = Buffer.from(
      '-- Host: h    Database: x\nCREATE TABLE `t` (\n  `a` int,\n  `b` blob\n) ENGINE=InnoDB;\n' +
        "INSERT INTO `t` VALUES (1,'it\\'s a \\\\ back\\0slash'),(-2,NULL),(18446744073709551615,'Łódź ''x'''),(3,'');\n",
    );
    for (const size of [1, 3, 1000]) {
      assert.deepEqual(rowsOf(await events(dump, size)), [
        [1, "it's a \\ back\0slash"],
        [-2, null],
        ['18446744073709551615', "Łódź 'x'"],
        [3, ''],
      ]);
    }
  });

  test('a truncated or malformed dump fails with the byte offset where reading stopped', async () => {
    const bytes = sample('pagelinks');
    const cut = bytes.subarray(0, bytes.indexOf('),(') + 10);
    await assert.rejects(events(cut, 4096), (err: Error) => {
      assert.ok(err instanceof SqlDumpError);
      assert.match(
        err.message,
        /dump could not be read at byte \d+: the INSERT into pagelinks ends too early \(truncated\?\)/,
      );
      return true;
    });
    const broken = Buffer.from(bytes.toString('utf8').replace('(1271,1,195)', '(1271,1,195)x'));
    const at = broken.indexOf('x', broken.indexOf('(1271,1,195)'));
    await assert.rejects(events(broken, 4096), (err: Error) => {
      assert.match(err.message, /unexpected "x" between the rows of an INSERT into pagelinks/);
      assert.equal((err as SqlDumpError).byteOffset, at);
      return true;
    });
  });
});
