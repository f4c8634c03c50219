/**
 * The import directions of docs/architecture.md: portal → http and web → service → payments →
 * store → domain; the ledger and rate adapters implement interfaces the service uses; the domain
 * stays pure.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type Layers, layerViolations } from '@svc/common/testing';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

const INVOICING_LAYERS: Layers = {
  rooms: {
    // The process's assembly: the CLI (with the portal's `set-login` and the webhook commands), the
    // server and its HTTP app, config.
    entry: [
      'cli.ts',
      'index.ts',
      'runtime.ts',
      'config.ts',
      'app.ts',
      'portal/set-login-command.ts',
      'webhook-command.ts',
    ],
    http: ['http/'],
    web: ['web/'],
    portal: ['portal/'],
    service: ['service/'],
    payments: ['payments/'],
    ledger: ['ledger/'],
    rates: ['rates/'],
    store: ['store/'],
    domain: ['domain/'],
  },
  mayImport: {
    entry: ['*'],
    http: ['entry', 'web', 'service', 'payments', 'ledger', 'rates', 'store', 'domain'],
    web: ['service', 'domain'],
    // The merchant portal whole: its accounts and sessions, routes and pages, on the pages' plumbing.
    portal: ['http', 'web', 'service', 'store', 'domain'],
    service: ['payments', 'ledger', 'rates', 'store', 'domain'],
    payments: ['ledger', 'store', 'domain'],
    ledger: ['domain'],
    rates: ['domain'],
    store: ['domain'],
    domain: [],
  },
};

test('every import of the invoicing service goes the written direction', () => {
  assert.deepEqual(layerViolations(SRC, INVOICING_LAYERS), []);
});
