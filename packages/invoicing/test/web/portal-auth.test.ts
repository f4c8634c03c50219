import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cookieName, parseCookies, serializeCookie } from '../../src/http/pages/cookies.js';
import { csrfToken, csrfTokenMatches } from '../../src/http/pages/csrf.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../src/portal/password.js';
import { defaultSignInLimits, SignInLimiter, SlidingWindowCounter } from '../../src/portal/sign-in-limiter.js';

test('passwords are stored as salted scrypt hashes and verify only with the right password', async () => {
  const stored = await hashPassword('correct horse battery');
  assert.match(stored, /^scrypt\$15\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  assert.notEqual(stored, await hashPassword('correct horse battery'), 'a new salt each time');
  assert.equal(await verifyPassword('correct horse battery', stored), true);
  assert.equal(await verifyPassword('correct horse batterY', stored), false);
  assert.equal(await verifyPassword('x', 'not-a-hash'), false);
  assert.equal(passwordProblem('short'), 'short');
  assert.equal(passwordProblem('long enough!'), undefined);
});

test('failed sign-ins slow the same account and address with doubling delays, never a lock', () => {
  let now = 0;
  const limits = { ...defaultSignInLimits, perPairFree: 3, perClientFree: 100, perAccountFree: 100 };
  const limiter = new SignInLimiter(limits, () => now);
  const guesser = { email: 'a@x.test', client: '1.1.1.1' };
  for (let i = 0; i < 3; i++) {
    assert.equal(limiter.retryAfterMs(guesser), 0);
    limiter.recordFailure(guesser);
  }
  const waits: number[] = [];
  for (let i = 0; i < 12; i++) {
    const wait = limiter.retryAfterMs(guesser);
    waits.push(wait);
    now += wait;
    assert.equal(limiter.retryAfterMs(guesser), 0, 'allowed once the wait is over');
    limiter.recordFailure(guesser);
  }
  assert.deepEqual(waits.slice(0, 5), [1000, 2000, 4000, 8000, 16_000]);
  assert.equal(Math.max(...waits), limits.maxDelayMs, 'the delay stops growing at its cap');
  assert.equal(limiter.retryAfterMs({ email: 'a@x.test', client: '2.2.2.2' }), 0, 'another address is not slowed');
  limiter.recordSuccess({ email: 'a@x.test', client: '1.1.1.1' });
  assert.equal(limiter.retryAfterMs(guesser), 0, 'a success clears the pair');
});

test('the per-account and per-address counters spare addresses and devices that signed in before', () => {
  let now = 0;
  const limits = { ...defaultSignInLimits, perPairFree: 100, perClientFree: 4, perAccountFree: 4 };
  const limiter = new SignInLimiter(limits, () => now);
  limiter.recordSuccess({ email: 'a@x.test', client: '9.9.9.9' });
  for (let i = 0; i < 4; i++) limiter.recordFailure({ email: 'a@x.test', client: `1.1.1.${i}` });
  assert.ok(limiter.retryAfterMs({ email: 'a@x.test', client: '5.5.5.5' }) > 0, 'a new address waits');
  assert.equal(limiter.retryAfterMs({ email: 'a@x.test', client: '9.9.9.9' }), 0, 'the known address does not');
  assert.equal(limiter.retryAfterMs({ email: 'a@x.test', client: '5.5.5.5', device: 'd1' }), 0, 'nor a known device');
  for (let i = 0; i < 4; i++) limiter.recordFailure({ email: `x${i}@x.test`, client: '7.7.7.7' });
  assert.ok(
    limiter.retryAfterMs({ email: 'b@x.test', client: '7.7.7.7' }) > 0,
    'an address trying many accounts waits',
  );
  now += limits.windowMs;
  assert.equal(limiter.retryAfterMs({ email: 'b@x.test', client: '7.7.7.7' }), 0, 'failures are forgotten');
});

test('cookies round-trip and CSRF tokens bind to the cookie they were made for', () => {
  const header = serializeCookie(cookieName('session', true), 'a b;c', {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    maxAgeSeconds: 60,
  });
  assert.equal(header, '__Host-session=a%20b%3Bc; Path=/; SameSite=Lax; Max-Age=60; HttpOnly; Secure');
  assert.equal(parseCookies('x=1; __Host-session=a%20b%3Bc; x=2').get('__Host-session'), 'a b;c');
  assert.equal(parseCookies('x=1; x=2').get('x'), '1');
  const secret = Buffer.from('s'.repeat(32));
  const token = csrfToken(secret, 'session-a');
  assert.equal(csrfTokenMatches(secret, 'session-a', token), true);
  assert.equal(csrfTokenMatches(secret, 'session-b', token), false);
  assert.equal(csrfTokenMatches(secret, undefined, token), false);
  assert.equal(csrfTokenMatches(secret, 'session-a', undefined), false);
  assert.equal(csrfTokenMatches(Buffer.from('t'.repeat(32)), 'session-a', token), false);
});

test('a sliding window counts events per key and forgets them after the window', () => {
  let now = 0;
  const counter = new SlidingWindowCounter(1000, () => now);
  counter.record('a');
  now = 400;
  counter.record('a');
  assert.equal(counter.waitMs('a', 3), 0);
  assert.equal(counter.waitMs('a', 2), 600, 'until the first event leaves the window');
  assert.equal(counter.waitMs('b', 1), 0);
  now = 1000;
  assert.equal(counter.waitMs('a', 2), 0);
});
