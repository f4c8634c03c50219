import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { defaultSignInLimits } from '../../src/portal/sign-in-limiter.js';
import { useHarness } from '../harness.js';
import { PageClient, textOf } from '../support/page-client.js';

const password = 'the merchant’s own secret';
const merchantAddress = '198.51.100.10';
const attackerAddress = '203.0.113.66';

describeEachEngine('portal sign-in under a password-guessing attack', (engine) => {
  const harness = useHarness(engine);

  test('an attacker is slowed down more and more, while the merchant can always sign in', async () => {
    const h = harness();
    const merchant = new PageClient(h.app, merchantAddress);
    const email = 'owner@shop.example';
    assert.equal((await merchant.signUp({ name: 'Guarded shop', email, password })).status, 303);
    await merchant.get('/portal/invoices');
    assert.equal((await merchant.post('/portal/sign-out', {})).status, 303);

    const attacker = new PageClient(h.app, attackerAddress);
    await attacker.get('/portal/sign-in');
    const guess = (i: number) => attacker.post('/portal/sign-in', { email, password: `guess number ${i}` });
    let refused = 0;
    const waits: number[] = [];
    for (let i = 0; i < 25; i++) {
      const answer = await guess(i);
      if (answer.status === 429) {
        refused++;
        const seconds = Number(answer.headers['retry-after']);
        assert.match(textOf(answer.body), /Too many sign-in attempts/);
        waits.push(seconds);
        h.clock.ms += seconds * 1000;
      } else {
        assert.equal(answer.status, 401);
      }
    }
    assert.ok(refused >= 10, `the guesser was refused ${refused} times`);
    assert.ok(waits.at(-1)! > waits[0]!, `the waits grow: ${waits.join(', ')}`);
    assert.ok(
      waits.every((w) => w * 1000 <= defaultSignInLimits.maxDelayMs),
      'and never exceed the cap',
    );

    let last = await guess(100);
    if (last.status === 429) {
      h.clock.ms += Number(last.headers['retry-after']) * 1000;
      last = await guess(101);
    }
    assert.equal(last.status, 401);
    const right = await attacker.post('/portal/sign-in', { email, password });
    assert.equal(right.status, 429, 'right after a failure, even the right password waits');
    // The attack spreads over more addresses, each trying its free attempts: the account as a
    // whole is slowed down for addresses that never signed in to it.
    const spread: number[] = [];
    for (let a = 1; a <= 4; a++) {
      const helper = new PageClient(h.app, `203.0.113.${a}`);
      await helper.get('/portal/sign-in');
      for (let i = 0; i < defaultSignInLimits.perPairFree; i++) {
        spread.push((await helper.post('/portal/sign-in', { email, password: `spread ${a} ${i}` })).status);
      }
    }
    assert.ok(spread.every((status) => status === 401 || status === 429));
    assert.ok(spread.includes(429), spread.join(', '));
    const elsewhere = new PageClient(h.app, '192.0.2.200');
    await elsewhere.get('/portal/sign-in');
    assert.equal(
      (await elsewhere.post('/portal/sign-in', { email, password: 'another guess' })).status,
      429,
      'nor from a new address: the account as a whole is slowed',
    );

    await merchant.get('/portal/sign-in');
    const own = await merchant.post('/portal/sign-in', { email, password });
    assert.equal(own.status, 303, 'the merchant’s browser signs in');
    assert.equal((await merchant.get('/portal/invoices')).status, 200);

    const newBrowser = new PageClient(h.app, merchantAddress);
    await newBrowser.get('/portal/sign-in');
    assert.equal(
      (await newBrowser.post('/portal/sign-in', { email, password })).status,
      303,
      'so does a new browser at the merchant’s address',
    );

    const sharedNetwork = new PageClient(h.app, attackerAddress);
    for (const [name, value] of merchant.cookies) if (name.includes('device')) sharedNetwork.cookies.set(name, value);
    await sharedNetwork.get('/portal/sign-in');
    assert.equal(
      (await sharedNetwork.post('/portal/sign-in', { email, password })).status,
      303,
      'and the merchant’s browser even from the attacker’s own address',
    );
  });

  test('a device cookie counts only for the account it was made for', async () => {
    const h = harness();
    const one = new PageClient(h.app, '198.51.100.20');
    assert.equal((await one.signUp({ name: 'One', email: 'one@shop.example', password })).status, 303);
    const two = new PageClient(h.app, '198.51.100.21');
    assert.equal((await two.signUp({ name: 'Two', email: 'two@shop.example', password })).status, 303);
    for (let a = 1; a <= 5; a++) {
      const spread = new PageClient(h.app, `203.0.113.${100 + a}`);
      await spread.get('/portal/sign-in');
      for (let i = 0; i < defaultSignInLimits.perPairFree; i++) {
        await spread.post('/portal/sign-in', { email: 'two@shop.example', password: `x${a}.${i}` });
      }
    }
    // A guesser holding the first account's device cookie gets no pass for the second account.
    const guesser = new PageClient(h.app, '203.0.113.99');
    for (const [name, value] of one.cookies) if (name.includes('device')) guesser.cookies.set(name, value);
    await guesser.get('/portal/sign-in');
    const answer = await guesser.post('/portal/sign-in', { email: 'two@shop.example', password: 'one more guess' });
    assert.equal(answer.status, 429);
  });
});
