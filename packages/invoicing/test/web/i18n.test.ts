import assert from 'node:assert/strict';
import { test } from 'node:test';
import { de } from '../../src/web/i18n/de.js';
import { en } from '../../src/web/i18n/en.js';
import { chooseLocale, fromAcceptLanguage, translator } from '../../src/web/i18n/locale.js';

test('the language comes from ?lang=, then the remembered choice, then Accept-Language, then English', () => {
  assert.equal(chooseLocale({ query: 'de', cookie: 'en', acceptLanguage: 'en' }), 'de');
  assert.equal(chooseLocale({ query: 'fr', cookie: 'de', acceptLanguage: 'en' }), 'de');
  assert.equal(chooseLocale({ acceptLanguage: 'fr-CH, de-CH;q=0.8, en;q=0.5' }), 'de');
  assert.equal(chooseLocale({ acceptLanguage: 'de;q=0.3, en-US;q=0.9' }), 'en');
  assert.equal(chooseLocale({ acceptLanguage: 'fr, es;q=0.5' }), 'en');
  assert.equal(chooseLocale({}), 'en');
  assert.equal(fromAcceptLanguage('de;q=0, en;q=0'), undefined);
});

test('both catalogs have the same keys and the same parameters in each message', () => {
  assert.deepEqual(Object.keys(de).sort(), Object.keys(en).sort());
  const params = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  for (const key of Object.keys(en) as (keyof typeof en)[]) {
    assert.deepEqual(params(de[key]), params(en[key]), `parameters of ${key}`);
  }
});

test('parameters are filled in', () => {
  assert.equal(translator('de')('checkout.title', { ref: 'INV-7' }), 'Rechnung INV-7 bezahlen');
  assert.equal(translator('en')('checkout.title', { ref: 'INV-7' }), 'Pay invoice INV-7');
});
