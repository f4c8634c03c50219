import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describeEachEngine } from '@svc/common/testing';
import { openInvoice } from '../src/domain/invoice.js';
import { toRow } from '../src/store/invoices.js';
import { useHarness } from './harness.js';

const INVOICES = 100_000;
/** Each row carries about 600 bytes of metadata, so the whole export is about 80 MB. */
const METADATA = JSON.stringify({ note: 'x'.repeat(580) });
/** How often, in bytes received, the live heap is measured. */
const SAMPLE_EVERY = 4_000_000;

/** A full collection on demand, so that what is measured is what is still referenced. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describeEachEngine('CSV export of many invoices', (engine) => {
  if (engine.name !== 'sqlite') return;
  const harness = useHarness(engine);

  test('100,000 invoices export streamed, in constant memory', { timeout: 600_000 }, async () => {
    const h = harness();
    const sqlite = h.store.sqlite!;
    const row0 = toRow(
      openInvoice({
        id: 'x',
        merchantId: h.merchant.id,
        orderRef: 'INV-X',
        recipient: h.merchant.recipient,
        pricedIn: 'eur',
        amountCoin: 40_000_000n,
        amountEur: 1000n,
        rate: { eurPerCoin: 2_500_000n, source: 'fixed', at: h.clock.now() },
        toleranceBp: 0,
        expiresMin: 15,
        now: h.clock.now(),
        metadata: METADATA,
      }).invoice,
    );
    const columns = Object.keys(row0);
    const insert = sqlite.prepare(
      `insert into invoices (${columns.join(',')}) values (${columns.map(() => '?').join(',')})`,
    );
    sqlite.transaction(() => {
      for (let i = 0; i < INVOICES; i++) {
        const ref = `INV-${String(i).padStart(10, '0')}`;
        const values = {
          ...row0,
          id: `bulk${String(i).padStart(20, '0')}`,
          order_ref: ref,
          message: ref,
          created_at: Number(row0.created_at) - i,
        };
        insert.run(...columns.map((c) => (values as Record<string, unknown>)[c]));
      }
    })();

    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const address = h.app.server.address() as { port: number };
    const gc = collector();
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let lines = 0;
    let bytes = 0;
    let nextSample = SAMPLE_EVERY;
    const response = await fetch(`http://127.0.0.1:${address.port}/api/invoices/export.csv`, {
      headers: { authorization: `Bearer ${h.key}` },
    });
    assert.equal(response.status, 200);
    const decoder = new TextDecoder();
    for await (const chunk of response.body!) {
      bytes += chunk.length;
      const text = decoder.decode(chunk, { stream: true });
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
      if (bytes >= nextSample) {
        nextSample += SAMPLE_EVERY;
        // Server and client share this process: an export gathered anywhere before it is sent
        // stays referenced across the samples, while garbage of chunks already sent does not.
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
    }
    assert.equal(lines, INVOICES + 1, 'a header and one line per invoice');
    assert.ok(bytes > 60_000_000, `the export is large (${bytes} bytes)`);
    const grown = peak - before;
    // An export held in memory would keep at least its own size live (one byte a character).
    assert.ok(
      grown < bytes / 8,
      `live memory grew by ${Math.round(grown / 1e6)} MB for a ${Math.round(bytes / 1e6)} MB export`,
    );
  });
});
