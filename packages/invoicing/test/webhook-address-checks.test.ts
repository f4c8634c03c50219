import assert from 'node:assert/strict';
import { test } from 'node:test';
import { WebhookSender } from '../src/service/webhook-sender.js';
import { isNonPublicAddress } from '../src/service/webhook-url.js';

test('at delivery time a name resolving to a loopback address is refused before connecting', async () => {
  const sender = new WebhookSender({ timeoutMs: 5000, allowPrivate: false });
  try {
    const byName = await sender.send('we_1', 'https://localhost:9/hooks', {}, '{}');
    assert.equal(byName.status, null);
    assert.match(byName.error ?? '', /non-public address/);
    const literal = await sender.send('we_2', 'https://10.0.0.1/hooks', {}, '{}');
    assert.match(literal.error ?? '', /not allowed/);
    const plain = await sender.send('we_3', 'http://93.184.215.14/hooks', {}, '{}');
    assert.match(plain.error ?? '', /not allowed/, 'plain http only where private networks are allowed');
  } finally {
    sender.close();
  }
});

test('loopback, private, link-local, shared and mapped addresses are not public; others are', () => {
  for (const address of [
    '127.0.0.1',
    '10.2.3.4',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
  ]) {
    assert.equal(isNonPublicAddress(address), true, address);
  }
  for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8']) {
    assert.equal(isNonPublicAddress(address), false, address);
  }
});
