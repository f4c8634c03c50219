import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PublicInvoice } from '../src/service/public-invoice.js';
import { PublicViewCache } from '../src/service/public-view-cache.js';

function view(status: PublicInvoice['status'], expiresAt: number): { view: PublicInvoice; json: string } {
  return { view: { status, expires_at: expiresAt } as PublicInvoice, json: `{"status":"${status}"}` };
}

test('a cached view is reused until its invoice changes, whatever else changes', () => {
  const state = { data: 1, versions: new Map([['a', 0]]) };
  const cache = new PublicViewCache({
    dataVersion: () => state.data,
    invoiceVersion: (id) => state.versions.get(id),
  });
  assert.equal(cache.get('a', 0), undefined);
  cache.set('a', cache.versionsBeforeRead('a'), view('open', 100));
  assert.equal(cache.get('a', 0)?.json, '{"status":"open"}');
  state.data = 2; // another invoice changed
  assert.equal(cache.get('a', 0)?.json, '{"status":"open"}');
  state.data = 3;
  state.versions.set('a', 1); // this one changed
  assert.equal(cache.get('a', 0), undefined);
  cache.set('a', cache.versionsBeforeRead('a'), view('paid', 100));
  assert.equal(cache.get('a', 0)?.json, '{"status":"paid"}');
});

test('an open view past its expiry is never served, and unknown invoices are not cached', () => {
  const cache = new PublicViewCache({ dataVersion: () => 1, invoiceVersion: (id) => (id === 'a' ? 0 : undefined) });
  cache.set('a', cache.versionsBeforeRead('a'), view('open', 100));
  assert.ok(cache.get('a', 99_999));
  assert.equal(cache.get('a', 100_000), undefined);
  cache.set('b', cache.versionsBeforeRead('b'), view('open', 100));
  assert.equal(cache.get('b', 0), undefined);
});

test('the cache stays within its weight, the least recently used entries leaving first', () => {
  const cache = new PublicViewCache({ dataVersion: () => 1, invoiceVersion: () => 0 });
  const big = (n: number) => ({ view: { status: 'paid', expires_at: 0 } as PublicInvoice, json: 'x'.repeat(n) });
  for (let i = 0; i < 100; i++) cache.set(`i${i}`, cache.versionsBeforeRead(`i${i}`), big(50_000));
  const { entries, weight } = cache.size();
  assert.ok(weight <= 8_000_000, `weight ${weight}`);
  assert.ok(entries >= 30 && entries < 100, `${entries} entries`);
  assert.equal(cache.get('i0', 0), undefined, 'the first ones left');
  assert.ok(cache.get('i99', 0), 'the last one stays');
  // A use moves an entry to the end: after more entries it is still there.
  const survivor = `i${100 - entries}`;
  assert.ok(cache.get(survivor, 0));
  for (let i = 100; i < 110; i++) cache.set(`i${i}`, cache.versionsBeforeRead(`i${i}`), big(50_000));
  assert.ok(cache.get(survivor, 0), 'recently used, so kept');
  // Setting an entry again replaces it without counting it twice.
  const before = cache.size().weight;
  cache.set('i109', cache.versionsBeforeRead('i109'), big(50_000));
  assert.equal(cache.size().weight, before);
});
