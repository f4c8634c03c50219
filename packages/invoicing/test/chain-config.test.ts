import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError } from '@svc/common';
import { loadConfig } from '../src/config.js';

test('a chain ledger is configured by network, RPC URL and login, confirmations and rate pair', () => {
  const config = loadConfig({
    INVOICING_LEDGER: 'litecoin',
    INVOICING_RPC_USER: 'shop',
    INVOICING_RPC_PASSWORD: 'secret',
    INVOICING_RATE_SOURCE: 'ticker',
  });
  assert.deepEqual(config.ledger, {
    kind: 'litecoin',
    network: 'main',
    rpc: { url: 'http://127.0.0.1:9332/', user: 'shop', password: 'secret', cookieFile: undefined },
  });
  assert.equal(config.defaultConfirmations, 1);
  assert.equal(config.gapLimit, 20);
  assert.equal(config.rates.source === 'ticker' && config.rates.pair, 'LTCEUR');

  const bitcoin = loadConfig({
    INVOICING_LEDGER: 'bitcoin',
    INVOICING_NETWORK: 'regtest',
    INVOICING_RPC_COOKIE_FILE: '/var/lib/bitcoind/regtest/.cookie',
    INVOICING_CONFIRMATIONS: '6',
    INVOICING_RATE_SOURCE: 'ticker',
  });
  assert.equal(bitcoin.ledger.kind === 'bitcoin' && bitcoin.ledger.rpc.url, 'http://127.0.0.1:18443/');
  assert.equal(bitcoin.ledger.kind === 'bitcoin' && bitcoin.ledger.rpc.cookieFile, '/var/lib/bitcoind/regtest/.cookie');
  assert.equal(bitcoin.defaultConfirmations, 6);
  assert.equal(bitcoin.rates.source === 'ticker' && bitcoin.rates.pair, 'XBTEUR');
});

test('bad chain settings stop start-up naming the variable', () => {
  const login = { INVOICING_LEDGER: 'litecoin', INVOICING_RPC_USER: 'u', INVOICING_RPC_PASSWORD: 'p' };
  const cases: [Record<string, string>, string][] = [
    [{ INVOICING_LEDGER: 'litecoin' }, 'INVOICING_RPC_USER'],
    [{ ...login, INVOICING_NETWORK: 'testnet4' }, 'INVOICING_NETWORK'],
    [{ ...login, INVOICING_RPC_URL: 'not a url' }, 'INVOICING_RPC_URL'],
    [{ ...login, INVOICING_RPC_URL: 'ftp://127.0.0.1/' }, 'INVOICING_RPC_URL'],
    [{ ...login, INVOICING_CONFIRMATIONS: '3' }, 'INVOICING_CONFIRMATIONS'],
    [{ ...login, INVOICING_GAP_LIMIT: '0' }, 'INVOICING_GAP_LIMIT'],
  ];
  for (const [env, variable] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => error instanceof ConfigError && error.variable === variable,
      `${JSON.stringify(env)} names ${variable}`,
    );
  }
});
