import assert from 'node:assert/strict';
import { test } from 'node:test';
import SQLite from 'better-sqlite3';
import { plannedOnce, withStatementCache } from '../src/database.js';

test('a bound LIMIT or OFFSET is prepared as +?, and nothing else changes', () => {
  assert.equal(
    plannedOnce('select "a" from "t" where "b" = ? order by "a" limit ? offset ?'),
    'select "a" from "t" where "b" = ? order by "a" limit +? offset +?',
  );
  assert.equal(
    plannedOnce('select x from (select x from t LIMIT ?) limit 5'),
    'select x from (select x from t LIMIT +?) limit 5',
  );
  assert.equal(plannedOnce('select unlimited from t where limited = ?'), 'select unlimited from t where limited = ?');
});

test('kept statements give the rows of a bound LIMIT and OFFSET, whatever value is bound next', () => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (id integer primary key, name text, size real)');
  const insert = sqlite.prepare('insert into t (id, name, size) values (?, ?, ?)');
  for (let i = 1; i <= 30; i++) insert.run(i, `n${i}`, i / 3);
  const cache = withStatementCache(sqlite);
  const source = 'select id, name, size from t where id > ? order by id desc limit ? offset ?';
  const direct = sqlite.prepare(source);
  for (const [after, limit, offset] of [
    [0, 5, 0],
    [10, 3, 2],
    [10, 0, 0],
    [10, -1, 25],
    [0, '4', '1'],
    [29, 50, 0],
  ]) {
    const kept = cache.prepare(source);
    assert.equal(kept.reader, true);
    assert.deepEqual(kept.all([after, limit, offset]), direct.all(after, limit, offset), `${after} ${limit} ${offset}`);
  }
  // The same statement is handed out again for the same text.
  assert.equal(cache.prepare(source), cache.prepare(source));
  sqlite.close();
});

test('a query of one column gives the same row objects as better-sqlite3, whatever the column is called', () => {
  const sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (id integer primary key, name text, "odd ""name""" text)');
  const insert = sqlite.prepare('insert into t (id, name, "odd ""name""") values (?, ?, ?)');
  for (let i = 1; i <= 20; i++) insert.run(i, i % 4 === 0 ? null : `n${i}`, `o${i}`);
  const cache = withStatementCache(sqlite);
  for (const source of [
    'select id from t where id > ? order by id desc limit ?',
    'select name from t where id > ? order by id desc limit ?',
    'select id as "constructor" from t where id > ? order by id limit ?',
    'select "odd ""name""" from t where id > ? order by id limit ?',
    'select count(*) from t where id > ? limit ?',
    'select id as "__proto__" from t where id > ? order by id limit ?',
    'select id as "__proto__", name from t where id > ? order by id limit ?',
  ]) {
    const kept = cache.prepare(source);
    const direct = sqlite.prepare(source);
    for (const [after, limit] of [
      [0, 5],
      [15, 50],
      [30, 5],
    ]) {
      const rows = kept.all([after, limit]);
      assert.deepEqual(rows, direct.all(after, limit), `${source} ${after} ${limit}`);
      for (const row of rows) assert.equal(Object.getPrototypeOf(row), Object.prototype);
    }
  }
  sqlite.close();
});
