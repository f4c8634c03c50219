import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ConfigError } from '@svc/common';
import { loadConfig } from '../src/config.js';
import { formatRate } from '../src/domain/money.js';
import { loadServerSecret, SECRET_FILE_NAME } from '../src/service/server-secret.js';

test('with no configuration: SQLite, the simulated ledger and a fixed rate', () => {
  const config = loadConfig({});
  assert.equal(config.database.engine, 'sqlite');
  assert.equal(config.ledger.kind, 'simulated');
  assert.equal(config.rates.source, 'fixed');
  assert.equal(config.rates.source === 'fixed' && formatRate(config.rates.eurPerCoin), '0.25');
  assert.equal(config.baseUrl, 'http://127.0.0.1:3000');
  assert.equal(config.referencePrefix, 'INV');
  assert.equal(config.secret, undefined);
});

test('bad values stop start-up naming the variable', () => {
  const bad: Record<string, string> = {
    INVOICING_SECRET: 'short',
    INVOICING_REFERENCE_PREFIX: 'inv-1',
    INVOICING_FIXED_RATE: '-2',
    INVOICING_RATE_SOURCE: 'oracle',
    INVOICING_MAX_AMOUNT_EUR: '12.345',
    INVOICING_BASE_URL: 'ftp://example.com',
    INVOICING_LEDGER: 'stellar',
    INVOICING_DEFAULT_EXPIRY_MIN: '0',
  };
  for (const [name, value] of Object.entries(bad)) {
    assert.throws(
      () => loadConfig({ [name]: value }),
      (error: unknown) => error instanceof ConfigError && error.variable === name,
      name,
    );
  }
  const ticker = loadConfig({ INVOICING_RATE_SOURCE: 'ticker', INVOICING_TICKER_PAIR: 'XLMEUR' });
  assert.deepEqual(ticker.rates, { source: 'ticker', url: 'https://api.kraken.com/0/public/Ticker', pair: 'XLMEUR' });
  assert.equal(loadConfig({ INVOICING_BASE_URL: 'https://pay.example.com/' }).baseUrl, 'https://pay.example.com');
});

test('without INVOICING_SECRET a secret is generated once into an owner-only file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'invoicing-secret-'));
  try {
    const first = loadServerSecret(undefined, dir);
    const second = loadServerSecret(undefined, dir);
    assert.deepEqual(first, second);
    assert.ok(first.length >= 32);
    const file = join(dir, SECRET_FILE_NAME);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(readFileSync(file, 'utf8').trim(), first.toString());
    const configured = loadServerSecret('x'.repeat(40), dir);
    assert.equal(configured.toString(), 'x'.repeat(40));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
