import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { MessageCatalogue, StoredMessages } from '../../src/api/messages/catalogue.js';
import { readerDateFormatter } from '../../src/api/messages/dates.js';
import { dateStyleOf } from '../../src/site/date-format.js';

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
    const format = readerDateFormatter(language, undefined);
    assert.equal(format('20261121222620'), blocked, language);
    assert.equal(format('20300101000000'), expiry, language);
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

test("dates in each language's default format, as MediaWiki 1.39 wrote the same timestamps", () => {
  // Language::timeanddate of 2026-11-21 22:26:20 and 2030-01-05 09:05:07 (all but two of
  // MediaWiki's 493 languages give the same here; Walloon's and Classical Chinese's own code does not).
  const expected: [string, string, string][] = [
    ['ru', '22:26, 21 ноября 2026', '09:05, 5 января 2030'],
    ['fa', '‏۲۱ نوامبر ۲۰۲۶، ساعت ۲۲:۲۶', '‏۵ ژانویهٔ ۲۰۳۰، ساعت ۰۹:۰۵'],
    ['ja', '2026年11月21日 (土) 22:26', '2030年1月5日 (土) 09:05'],
    ['fi', '21. marraskuuta 2026 kello 22.26', '5. tammikuuta 2030 kello 09.05'],
    ['pt', '22h26min de 21 de novembro de 2026', '09h05min de 5 de janeiro de 2030'],
    ['se', 'skábmamánnu 21 b. 2026 dii. 22.26', 'ođđajagimánnu 5 b. 2030 dii. 9.05'],
    ['de', '22:26, 21. Nov. 2026', '09:05, 5. Jan. 2030'],
    ['en', '22:26, 21 November 2026', '09:05, 5 January 2030'],
  ];
  for (const [language, first, second] of expected) {
    const format = readerDateFormatter(language, undefined);
    assert.equal(format('20261121222620'), first, language);
    assert.equal(format('20300105090507'), second, language);
  }
});

test("a date alone and a time alone in the language's default formats, as MediaWiki's Language::date and time", () => {
  // [language, date, time] of 2030-03-01 00:00 as MediaWiki 1.39 writes them (490 of its 493
  // languages agree; Walloon and Classical Chinese write dates with code of their own).
  const expected: [string, string, string][] = [
    ['de', '1. März 2030', '00:00'],
    ['en', '1 March 2030', '00:00'],
    ['it', '1 mar 2030', '00:00'],
    ['ru', '1 марта 2030', '00:00'],
    ['fa', '\u200f۱ مارس ۲۰۳۰', '\u200f۰۰:۰۰'],
    ['th', '1 มีนาคม 2573', '00:00'],
    ['ja', '2030年3月1日 (金)', '00:00'],
    ['pt', '1 de março de 2030', '00h00min'],
  ];
  for (const [language, date, time] of expected) {
    assert.equal(readerDateFormatter(language, undefined, 'date')('20300301000000'), date, language);
    assert.equal(readerDateFormatter(language, undefined, 'time')('20300301000000'), time, language);
  }
});

test("Walloon's class writes dates in words of its own, as MediaWiki's Language::date and timeanddate", () => {
  const cases: [string, string][] = [
    ['20250101123400', "1î d' djanvî 2025 a 12:34"],
    ['20250102123400', "2 d' djanvî 2025 a 12:34"],
    ['20250105123400', '5 di djanvî 2025 a 12:34'],
    ['20250405123400', "5 d' avri 2025 a 12:34"],
  ];
  for (const [timestamp, expected] of cases) {
    assert.equal(readerDateFormatter('wa', undefined)(timestamp), expected);
    assert.equal(readerDateFormatter('wa', undefined, 'date')(timestamp), expected.split(' a ')[0]);
    assert.equal(readerDateFormatter('wa', undefined, 'time')(timestamp), '12:34');
  }
});
