import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, envBoolean, envInteger, envPort, envPostgresUrl } from '../src/env.js';

test('a port that is not a number names the variable', () => {
  assert.throws(
    () => envPort({ WIKI_PORT: 'abc' }, 'WIKI_PORT', 8080),
    (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.variable, 'WIKI_PORT');
      assert.match(error.message, /^invalid environment variable WIKI_PORT: .*"abc"/);
      return true;
    },
  );
});

test('defaults apply when a variable is unset or blank', () => {
  assert.equal(envPort({}, 'P', 3000), 3000);
  assert.equal(envPort({ P: '  ' }, 'P', 3000), 3000);
  assert.equal(envPort({ P: '4000' }, 'P', 3000), 4000);
});

test('integers out of bounds and booleans that are neither are refused', () => {
  assert.throws(() => envPort({ P: '70000' }, 'P', 1), ConfigError);
  assert.throws(() => envInteger({ N: '1.5' }, 'N', 1, { min: 0, max: 10 }), ConfigError);
  assert.equal(envBoolean({ B: 'yes' }, 'B', false), true);
  assert.throws(() => envBoolean({ B: 'maybe' }, 'B', false), ConfigError);
});

test('a database URL must be a postgres URL', () => {
  assert.equal(envPostgresUrl({}, 'DATABASE_URL'), undefined);
  assert.equal(envPostgresUrl({ DATABASE_URL: 'postgres://u@h/db' }, 'DATABASE_URL'), 'postgres://u@h/db');
  assert.throws(() => envPostgresUrl({ DATABASE_URL: 'mysql://u@h/db' }, 'DATABASE_URL'), /DATABASE_URL/);
  assert.throws(() => envPostgresUrl({ DATABASE_URL: 'not a url' }, 'DATABASE_URL'), /DATABASE_URL/);
});
