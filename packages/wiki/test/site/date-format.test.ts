import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatUserTimestamp } from '../../src/site/date-format.js';

test('dates as MediaWiki 1.39 formats a block timestamp for a reader of the language', () => {
  // blockedtimestampformatted and blockexpiryformatted of the reference wiki's block of Dave.
  const expected: [string, string, string][] = [
    ['de', '22:26, 21. Nov. 2026', '00:00, 1. Jan. 2030'],
    ['de-ch', '22:26, 21. Nov. 2026', '00:00, 1. Jan. 2030'],
    ['en', '22:26, 21 November 2026', '00:00, 1 January 2030'],
    ['en-gb', '22:26, 21 November 2026', '00:00, 1 January 2030'],
    // The pseudo-language shows the month's message key in English's format.
    ['qqx', '22:26, 21 (november) 2026', '00:00, 1 (january) 2030'],
  ];
  for (const [language, blocked, expiry] of expected) {
    assert.equal(formatUserTimestamp('20261121222620', language), blocked, language);
    assert.equal(formatUserTimestamp('20300101000000', language), expiry, language);
  }
});
