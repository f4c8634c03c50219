import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MessageCatalogue, StoredMessages } from '../../src/api/messages/catalogue.js';
import { readerDateFormatter } from '../../src/api/messages/dates.js';
import { dateStyleOf, formatUserTimestamp } from '../../src/site/date-format.js';

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
    assert.equal(formatUserTimestamp('20261121222620', dateStyleOf(language)), blocked, language);
    assert.equal(formatUserTimestamp('20300101000000', dateStyleOf(language)), expiry, language);
  }
});

test("a language without a style of its own writes its fallback chain's, with its own month names", () => {
  assert.equal(dateStyleOf('nds', ['de']), 'de');
  assert.equal(dateStyleOf('pdc', ['de']), 'de');
  assert.equal(dateStyleOf('fr', []), 'en');
  const catalogue = {
    languages: new Map([
      ['de', new Map([['nov', 'Nov.']])],
      ['bar', new Map([['nov', 'Nóv.']])],
    ]),
  } as unknown as MessageCatalogue;
  const stored = { catalogue, fallbacks: (code: string) => (code === 'en' ? [] : ['de']) } as unknown as StoredMessages;
  // As MediaWiki 1.39 answers blockedtimestampformatted for uselang=bar and nds.
  assert.equal(readerDateFormatter('bar', stored)('20261121222620'), '22:26, 21. Nóv. 2026');
  assert.equal(readerDateFormatter('nds', stored)('20261121222620'), '22:26, 21. Nov. 2026');
  // Without a catalogue the style's own names.
  assert.equal(readerDateFormatter('en', undefined)('20261121222620'), '22:26, 21 November 2026');
});
