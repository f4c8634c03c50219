import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cookieName, parseCookies, serializeCookie } from '../../src/http/pages/cookies.js';
import { csrfToken, csrfTokenMatches } from '../../src/http/pages/csrf.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../src/portal/password.js';
import { SignInLimiter, SlidingWindowCounter } from '../../src/portal/sign-in-limiter.js';

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

test('sign-in attempts are limited per account and per client, and a success clears the account', () => {
  let now = 0;
  const limiter = new SignInLimiter({ perAccount: 3, perClient: 5, windowMs: 60_000 }, () => now);
  for (let i = 0; i < 3; i++) limiter.recordFailure('a@x.test', '1.1.1.1');
  assert.ok(limiter.retryAfterMs('a@x.test', '2.2.2.2') > 0, 'the account is locked from any client');
  assert.equal(limiter.retryAfterMs('b@x.test', '1.1.1.1'), 0, 'another account from the same client may try');
  limiter.recordFailure('b@x.test', '1.1.1.1');
  limiter.recordFailure('c@x.test', '1.1.1.1');
  assert.ok(limiter.retryAfterMs('d@x.test', '1.1.1.1') > 0, 'the client is locked after many accounts');
  now = 60_001;
  assert.equal(limiter.retryAfterMs('a@x.test', '1.1.1.1'), 0, 'the window passes');
  limiter.recordFailure('a@x.test', '3.3.3.3');
  limiter.recordSuccess('a@x.test');
  assert.equal(limiter.retryAfterMs('a@x.test', '4.4.4.4'), 0);
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
