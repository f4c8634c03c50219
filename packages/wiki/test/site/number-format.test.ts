import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  formatNumberIn,
  formatNumberNoSeparators,
  formatNumberText,
  parseFormattedNumber,
} from '../../src/site/number-format.js';

/** MediaWiki 1.39's `Language::formatNum` of these numbers, by language. */
const MEDIAWIKI: Record<string, string[]> = {
  de: ['0', '−7', '1.234', '1.234.567', '−1.234.567,25', '0,5'],
  en: ['0', '−7', '1,234', '1,234,567', '−1,234,567.25', '0.5'],
  fr: ['0', '−7', '1\u00a0234', '1\u00a0234\u00a0567', '−1\u00a0234\u00a0567,25', '0,5'],
  pl: ['0', '−7', '1234', '1\u00a0234\u00a0567', '−1\u00a0234\u00a0567,25', '0,5'],
  ar: ['٠', '−٧', '١٬٢٣٤', '١٬٢٣٤٬٥٦٧', '−١٬٢٣٤٬٥٦٧٫٢٥', '٠٫٥'],
  hi: ['०', '−७', '१,२३४', '१२,३४,५६७', '−१२,३४,५६७.२५', '०.५'],
  fa: ['۰', '−۷', '۱٬۲۳۴', '۱٬۲۳۴٬۵۶۷', '−۱٬۲۳۴٬۵۶۷٫۲۵', '۰٫۵'],
  // Khmer's and Burmese's classes write numbers without separators.
  km: ['០', '−៧', '១២៣៤', '១២៣៤៥៦៧', '−១២៣៤៥៦៧.២៥', '០.៥'],
  my: ['၀', '−၇', '၁၂၃၄', '၁၂၃၄၅၆၇', '−၁၂၃၄၅၆၇.၂၅', '၀.၅'],
};

test('numbers as MediaWiki writes them in a language: separators, digits, grouping', () => {
  for (const [language, expected] of Object.entries(MEDIAWIKI)) {
    const written = [0, -7, 1234, 1234567, -1234567.25, 0.5].map((n) => formatNumberIn(n, language));
    assert.deepEqual(written, expected, language);
  }
  // Without separators, a double as PHP writes it as a string.
  assert.equal(formatNumberIn(1e25, 'km'), '១.០E+២៥');
});

test('a code that is no language tag (a request may send any uselang) is written as in English', () => {
  for (const code of ['x', '!!', 'zz-zz-zz']) assert.equal(formatNumberIn(1234.5, code), '1,234.5', code);
});

/**
 * `{{formatnum:}}` of texts (F), with NOSEP (N) and R, as MediaWiki 1.39's `Language::formatNum`,
 * `formatNumNoSeparators` and `parseFormattedNumber` give them: [language, kind, text, answer].
 */
const FORMATNUM: [string, 'F' | 'N' | 'R', string, string][] = [
  ['km', 'F', '1234567.891', '១២៣៤៥៦៧.៨៩១'],
  ['km', 'F', 'abc 12345 x', 'abc ១២៣៤៥ x'],
  ['my', 'F', '1e25', '၁e၂၅'],
  ['de', 'F', '1234567.891', '1.234.567,891'],
  ['de', 'N', '1234567.891', '1234567.891'],
  ['de', 'F', '-1234.5', '−1.234,5'],
  ['de', 'N', '-1234.5', '−1234.5'],
  ['de', 'F', '.5', ',5'],
  ['de', 'F', '1234', '1.234'],
  ['de', 'F', '1e5', '100.000'],
  ['de', 'N', '1e5', '1e5'],
  ['de', 'F', '1.5E+3', '1.500'],
  ['de', 'F', '+12', '12'],
  ['de', 'N', '+12', '+12'],
  ['de', 'F', '12abc3456def', '12abc3.456def'],
  ['de', 'F', '0012345', '0.012.345'],
  ['de', 'F', '1234567890123456789012', '1.234.567.890.123.456.800.000'],
  ['de', 'R', '1.234.567,5', '1234567.5'],
  ['de', 'R', '1,234,567.5', '1.234.5675'],
  ['de', 'R', '١٬٢٣٤', '١٬٢٣٤'],
  ['de', 'R', '12 345,6', '12 345.6'],
  ['en', 'F', '1234567.891', '1,234,567.891'],
  ['en', 'N', '1234567.891', '1234567.891'],
  ['en', 'F', '-1234.5', '−1,234.5'],
  ['en', 'N', '-1234.5', '−1234.5'],
  ['en', 'F', '.5', '.5'],
  ['en', 'F', '1234', '1,234'],
  ['en', 'F', '1e5', '100,000'],
  ['en', 'N', '1e5', '1e5'],
  ['en', 'F', '1.5E+3', '1,500'],
  ['en', 'F', '+12', '12'],
  ['en', 'N', '+12', '+12'],
  ['en', 'F', '12abc3456def', '12abc3,456def'],
  ['en', 'F', '0012345', '0,012,345'],
  ['en', 'F', '1234567890123456789012', '1,234,567,890,123,456,800,000'],
  ['en', 'R', '1.234.567,5', '1.234.5675'],
  ['en', 'R', '1,234,567.5', '1234567.5'],
  ['en', 'R', '١٬٢٣٤', '١٬٢٣٤'],
  ['en', 'R', '12 345,6', '12 3456'],
  ['hi', 'F', '1234567.891', '१२,३४,५६७.८९१'],
  ['hi', 'N', '1234567.891', '१२३४५६७.८९१'],
  ['hi', 'F', '-1234.5', '−१,२३४.५'],
  ['hi', 'N', '-1234.5', '−१२३४.५'],
  ['hi', 'F', '.5', '.५'],
  ['hi', 'F', '1234', '१,२३४'],
  ['hi', 'F', '1e5', '१,००,०००'],
  ['hi', 'N', '1e5', '१e५'],
  ['hi', 'F', '1.5E+3', '१,५००'],
  ['hi', 'F', '+12', '१२'],
  ['hi', 'N', '+12', '+१२'],
  ['hi', 'F', '12abc3456def', '१२abc३,४५६def'],
  ['hi', 'F', '0012345', '००,१२,३४५'],
  ['hi', 'F', '1234567890123456789012', '१,२३,४५,६७,८९,०१,२३,४५,६८,००,०००'],
  ['hi', 'R', '1.234.567,5', '1.234.5675'],
  ['hi', 'R', '1,234,567.5', '1234567.5'],
  ['hi', 'R', '١٬٢٣٤', '١٬٢٣٤'],
  ['hi', 'R', '12 345,6', '12 3456'],
  ['ar', 'F', '1234567.891', '١٬٢٣٤٬٥٦٧٫٨٩١'],
  ['ar', 'N', '1234567.891', '١٢٣٤٥٦٧.٨٩١'],
  ['ar', 'F', '-1234.5', '−١٬٢٣٤٫٥'],
  ['ar', 'N', '-1234.5', '−١٢٣٤.٥'],
  ['ar', 'F', '.5', '٫٥'],
  ['ar', 'F', '1234', '١٬٢٣٤'],
  ['ar', 'F', '1e5', '١٠٠٬٠٠٠'],
  ['ar', 'N', '1e5', '١e٥'],
  ['ar', 'F', '1.5E+3', '١٬٥٠٠'],
  ['ar', 'F', '+12', '١٢'],
  ['ar', 'N', '+12', '+١٢'],
  ['ar', 'F', '12abc3456def', '١٢abc٣٬٤٥٦def'],
  ['ar', 'F', '0012345', '٠٬٠١٢٬٣٤٥'],
  ['ar', 'F', '1234567890123456789012', '١٬٢٣٤٬٥٦٧٬٨٩٠٬١٢٣٬٤٥٦٬٨٠٠٬٠٠٠'],
  ['ar', 'R', '1.234.567,5', '1.234.5675'],
  ['ar', 'R', '1,234,567.5', '1234567.5'],
  ['ar', 'R', '١٬٢٣٤', '1234'],
  ['ar', 'R', '12 345,6', '12 3456'],
  ['pl', 'F', '1234567.891', '1 234 567,891'],
  ['pl', 'N', '1234567.891', '1234567.891'],
  ['pl', 'F', '-1234.5', '−1234,5'],
  ['pl', 'N', '-1234.5', '−1234.5'],
  ['pl', 'F', '.5', ',5'],
  ['pl', 'F', '1234', '1234'],
  ['pl', 'F', '1e5', '1e5'],
  ['pl', 'N', '1e5', '1e5'],
  ['pl', 'F', '1.5E+3', '1,5E+3'],
  ['pl', 'F', '+12', '+12'],
  ['pl', 'N', '+12', '+12'],
  ['pl', 'F', '12abc3456def', '12abc3456def'],
  ['pl', 'F', '0012345', '0 012 345'],
  ['pl', 'F', '1234567890123456789012', '1 234 567 890 123 456 800 000'],
  ['pl', 'R', '1.234.567,5', '1.234.567.5'],
  ['pl', 'R', '1,234,567.5', '1.234.567.5'],
  ['pl', 'R', '١٬٢٣٤', '١٬٢٣٤'],
  ['pl', 'R', '12 345,6', '12 345.6'],
];

test("{{formatnum:}} of any text in the wiki's language, with NOSEP and R, as MediaWiki writes and reads it", () => {
  const nan = 'NaN';
  for (const [language, kind, text, expected] of FORMATNUM) {
    const answer =
      kind === 'F'
        ? formatNumberText(text, language, nan)
        : kind === 'N'
          ? formatNumberNoSeparators(text, language, nan)
          : parseFormattedNumber(text, language, nan);
    assert.equal(answer, expected, `${language} ${kind} ${text}`);
  }
  assert.equal(formatNumberText('NAN', 'de', 'Keine Zahl'), 'Keine Zahl');
  assert.equal(parseFormattedNumber('Keine Zahl', 'de', 'Keine Zahl'), 'NAN');
  assert.equal(parseFormattedNumber('\u2212∞', 'de', 'Keine Zahl'), '-INF');
});
