import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatNumberIn } from '../../src/site/number-format.js';

/** MediaWiki 1.39's `Language::formatNum` of these numbers, by language. */
const MEDIAWIKI: Record<string, string[]> = {
  de: ['0', '−7', '1.234', '1.234.567', '−1.234.567,25', '0,5'],
  en: ['0', '−7', '1,234', '1,234,567', '−1,234,567.25', '0.5'],
  fr: ['0', '−7', '1\u00a0234', '1\u00a0234\u00a0567', '−1\u00a0234\u00a0567,25', '0,5'],
  pl: ['0', '−7', '1234', '1\u00a0234\u00a0567', '−1\u00a0234\u00a0567,25', '0,5'],
  ar: ['٠', '−٧', '١٬٢٣٤', '١٬٢٣٤٬٥٦٧', '−١٬٢٣٤٬٥٦٧٫٢٥', '٠٫٥'],
  hi: ['०', '−७', '१,२३४', '१२,३४,५६७', '−१२,३४,५६७.२५', '०.५'],
  fa: ['۰', '−۷', '۱٬۲۳۴', '۱٬۲۳۴٬۵۶۷', '−۱٬۲۳۴٬۵۶۷٫۲۵', '۰٫۵'],
};

test('numbers as MediaWiki writes them in a language: separators, digits, grouping', () => {
  for (const [language, expected] of Object.entries(MEDIAWIKI)) {
    const written = [0, -7, 1234, 1234567, -1234567.25, 0.5].map((n) => formatNumberIn(n, language));
    assert.deepEqual(written, expected, language);
  }
});

test('a code that is no language tag (a request may send any uselang) is written as in English', () => {
  for (const code of ['x', '!!', 'zz-zz-zz']) assert.equal(formatNumberIn(1234.5, code), '1,234.5', code);
});
