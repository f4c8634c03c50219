import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import {
  createSession,
  deleteExpiredSessions,
  deleteMerchantSessions,
  hashSessionToken,
  resolveSession,
} from '../../src/portal/sessions.js';
import { useHarness } from '../harness.js';

const policy = { idleMs: 60_000 * 60, absoluteMs: 60_000 * 60 * 24 };

describeEachEngine('portal sessions', (engine) => {
  const harness = useHarness(engine);

  test('the database keeps only a hash of the token; the token resolves to its merchant', async () => {
    const { store, merchant } = harness();
    const now = Date.UTC(2030, 0, 1);
    const token = await createSession(store.db, merchant.id, now, policy);
    assert.match(token, /^[\w-]{43}$/, '256 random bits');
    const rows = await store.db.selectFrom('portal_sessions').selectAll().execute();
    assert.ok(rows.every((row) => row.id_hash !== token && !row.id_hash.includes(token)));
    assert.ok(rows.some((row) => row.id_hash === hashSessionToken(token)));
    assert.deepEqual(await resolveSession(store.db, token, now + 1000, policy), { merchantId: merchant.id });
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    assert.equal(await resolveSession(store.db, altered, now, policy), undefined);
    assert.equal(await resolveSession(store.db, 'short', now, policy), undefined);
  });

  test('a session ends when idle too long, at its absolute end, and on sign-out everywhere', async () => {
    const { store, merchant } = harness();
    const now = Date.UTC(2030, 0, 2);
    const idle = await createSession(store.db, merchant.id, now, policy);
    assert.equal(await resolveSession(store.db, idle, now + policy.idleMs, policy), undefined, 'idle for an hour');

    let busy = await createSession(store.db, merchant.id, now, policy);
    for (let t = now; t < now + policy.absoluteMs; t += policy.idleMs / 2) {
      assert.ok(await resolveSession(store.db, busy, t, policy), 'used every half hour, it lives on');
    }
    assert.equal(await resolveSession(store.db, busy, now + policy.absoluteMs, policy), undefined, 'a day at most');

    busy = await createSession(store.db, merchant.id, now, policy);
    const other = await createSession(store.db, merchant.id, now, policy);
    await deleteMerchantSessions(store.db, merchant.id);
    assert.equal(await resolveSession(store.db, busy, now, policy), undefined);
    assert.equal(await resolveSession(store.db, other, now, policy), undefined);

    await createSession(store.db, merchant.id, now, policy);
    const fresh = await createSession(store.db, merchant.id, now + policy.idleMs, policy);
    await deleteExpiredSessions(store.db, now + policy.idleMs + 1, policy);
    const left = await store.db.selectFrom('portal_sessions').select('id_hash').execute();
    assert.deepEqual(
      left.map((r) => r.id_hash),
      [hashSessionToken(fresh)],
      'the sweep removes ended sessions only',
    );
  });
});
