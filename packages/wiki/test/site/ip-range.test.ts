import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hexToIP, ipRangeHex } from '../../src/site/ip-address.js';

test('ipRangeHex gives the stored bounds of addresses and CIDR ranges', () => {
  assert.deepEqual(ipRangeHex('192.0.2.5'), { version: 4, bits: 32, start: 'C0000205', end: 'C0000205' });
  assert.deepEqual(ipRangeHex('198.51.100.77/24'), { version: 4, bits: 24, start: 'C6336400', end: 'C63364FF' });
  assert.deepEqual(ipRangeHex('2001:db8::/32'), {
    version: 6,
    bits: 32,
    start: 'v6-20010DB8000000000000000000000000',
    end: 'v6-20010DB8FFFFFFFFFFFFFFFFFFFFFFFF',
  });
  assert.equal(ipRangeHex('Dave'), undefined);
  assert.equal(ipRangeHex('1.2.3.4/33'), undefined);
});

test('hexToIP writes stored bounds back as addresses; an empty bound is 0.0.0.0', () => {
  assert.equal(hexToIP('C63364FF'), '198.51.100.255');
  assert.equal(hexToIP('v6-20010DB8000000000000000000000001'), '2001:DB8:0:0:0:0:0:1');
  assert.equal(hexToIP(''), '0.0.0.0');
});
