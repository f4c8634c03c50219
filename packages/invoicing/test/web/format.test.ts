import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatMinor, formatRemaining, localiseDecimal, plainDecimal } from '../../src/web/format.js';

test('amounts print from minor units exactly, in the page language', () => {
  assert.equal(formatMinor(123456789012345678n, 7, 'en'), '12,345,678,901.2345678');
  assert.equal(formatMinor(123456789012345678n, 7, 'de'), '12.345.678.901,2345678');
  assert.equal(formatMinor(15000000n, 7, 'en'), '1.5');
  assert.equal(formatMinor(1250n, 2, 'de', 2), '12,50');
  assert.equal(formatMinor(5n, 2, 'en', 2), '0.05');
  assert.equal(formatMinor(0n, 7, 'en'), '0');
  assert.equal(plainDecimal(1n, 7), '0.0000001');
  assert.equal(plainDecimal(120000000n, 7), '12');
  assert.equal(localiseDecimal('1234.5', 'de'), '1.234,5');
});

test('the remaining time prints as m:ss or h:mm:ss and never below zero', () => {
  assert.equal(formatRemaining(65_000), '1:05');
  assert.equal(formatRemaining(3_600_000 + 61_000), '1:01:01');
  assert.equal(formatRemaining(-5), '0:00');
});
