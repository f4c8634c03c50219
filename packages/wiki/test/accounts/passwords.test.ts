import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { hashPassword, needsRehash, verifyPassword } from '../../src/accounts/passwords.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('password hashes', () => {
  test("MediaWiki's pbkdf2 hash of the reference wiki's Admin verifies with the right password only", async () => {
    const stored =
      ':pbkdf2:sha512:30000:64:DK90EUXpVEUW6SQ0urTH2Q==:mG8tSHd/Yv0ZB1AKrS2iWXMmQdfItSPFhOF/PY++QzfCkkz/VZOga2M9rRx+4lxSZikkk7tBmX81AL0Io0Kgsg==';
    assert.equal(await verifyPassword(stored, 'Oracle-Admin-Pass-2024'), true);
    assert.equal(await verifyPassword(stored, 'Oracle-Admin-Pass-2025'), false);
    assert.equal(needsRehash(stored), false);
  });

  test('the salted MD5 form (:B:) and the unsalted one (:A:) verify and ask to be replaced', async () => {
    const salted = `:B:1a2b3c4d:${md5(`1a2b3c4d-${md5('geheim')}`)}`;
    assert.equal(await verifyPassword(salted, 'geheim'), true);
    assert.equal(await verifyPassword(salted, 'Geheim'), false);
    assert.equal(needsRehash(salted), true);
    assert.equal(await verifyPassword(`:A:${md5('geheim')}`, 'geheim'), true);
  });

  test('new passwords are hashed with scrypt and a random salt', async () => {
    const a = await hashPassword('ein langes Passwort');
    const b = await hashPassword('ein langes Passwort');
    assert.match(a, /^:scrypt:32768:8:1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    assert.notEqual(a, b);
    assert.equal(await verifyPassword(a, 'ein langes Passwort'), true);
    assert.equal(await verifyPassword(a, 'ein kurzes Passwort'), false);
  });

  test('empty, unknown and malformed hashes match nothing', async () => {
    for (const stored of [
      '',
      ':null:',
      ':bcrypt:10:abc',
      ':pbkdf2:sha512:99999999999:64:AA==:AA==',
      ':pbkdf2:md4:1000:64:AA==:AA==',
      ':scrypt:3:8:1:AA==:AA==x',
      ':B:salt',
      'plaintext',
    ]) {
      assert.equal(await verifyPassword(stored, ''), false, stored);
      assert.equal(await verifyPassword(stored, 'plaintext'), false, stored);
    }
  });
});
