import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_RETRY_SCHEDULE_MS, nextStep } from '../src/service/webhook-dispatcher.js';

const now = 1_000_000;

test('the retry schedule spans about three days and ends in failure', () => {
  const total = DEFAULT_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
  assert.ok(total > 2.9 * 86_400_000 && total < 3.3 * 86_400_000, `${total / 86_400_000} days`);
  for (let attempt = 1; attempt <= DEFAULT_RETRY_SCHEDULE_MS.length; attempt++) {
    const step = nextStep({ status: 500, retryAfterMs: null }, attempt, now, DEFAULT_RETRY_SCHEDULE_MS, 0.2);
    const wait = step.nextAttemptAt - now;
    const planned = DEFAULT_RETRY_SCHEDULE_MS[attempt - 1]!;
    assert.equal(step.nextState, 'pending');
    assert.ok(wait >= planned * 0.8 && wait <= planned * 1.2, `attempt ${attempt}: ${wait} ms within ±20 %`);
  }
  const last = nextStep(
    { status: 500, retryAfterMs: null },
    DEFAULT_RETRY_SCHEDULE_MS.length + 1,
    now,
    DEFAULT_RETRY_SCHEDULE_MS,
    0.2,
  );
  assert.equal(last.nextState, 'failed');
});

test('2xx delivers, 410 disables, no answer retries, Retry-After is honoured up to a day', () => {
  assert.equal(nextStep({ status: 204, retryAfterMs: null }, 1, now, [5000], 0).nextState, 'delivered');
  const gone = nextStep({ status: 410, retryAfterMs: null }, 1, now, [5000], 0);
  assert.equal(gone.nextState, 'failed');
  assert.match(gone.disableEndpoint ?? '', /410/);
  assert.equal(nextStep({ status: null, retryAfterMs: null }, 1, now, [5000], 0).nextAttemptAt, now + 5000);
  assert.equal(nextStep({ status: 429, retryAfterMs: 60_000 }, 1, now, [5000], 0).nextAttemptAt, now + 60_000);
  assert.equal(nextStep({ status: 503, retryAfterMs: 1000 }, 1, now, [5000], 0).nextAttemptAt, now + 5000);
  assert.equal(
    nextStep({ status: 503, retryAfterMs: 10 * 86_400_000 }, 1, now, [5000], 0).nextAttemptAt,
    now + 86_400_000,
  );
  assert.equal(
    nextStep({ status: 301, retryAfterMs: null }, 1, now, [5000], 0).nextState,
    'pending',
    'redirects are not followed',
  );
});
