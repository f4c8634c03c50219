import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { signUpsPerClientPerHour } from '../../src/portal/sign-in-limiter.js';
import { useHarness } from '../harness.js';
import { PageClient, textOf } from '../support/page-client.js';

describeEachEngine('sign-up limit', (engine) => {
  const harness = useHarness(engine);

  test('one client address may open only so many accounts an hour', async () => {
    const h = harness();
    const signUp = (i: number) =>
      new PageClient(h.app).signUp({
        name: `Shop ${i}`,
        email: `limit${i}@example.test`,
        password: 'long enough pass',
      });
    for (let i = 0; i < signUpsPerClientPerHour; i++) assert.equal((await signUp(i)).status, 303);
    const refused = await signUp(signUpsPerClientPerHour);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers['retry-after']) > 3000);
    assert.match(textOf(refused.body), /Too many new accounts/);
    h.clock.advanceMinutes(61);
    assert.equal((await signUp(signUpsPerClientPerHour + 1)).status, 303, 'an hour later it may again');
  });
});
