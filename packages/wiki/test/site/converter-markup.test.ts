/**
 * The language converter's `-{…}-` markup, as MediaWiki 1.39's `convertTo` reads it: every sample
 * of tools/mediawiki-converter-markup-samples.php, and the rules' effects spelled out.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { convertWithMarkup } from '../../src/site/mediawiki/converter-markup.js';
import { type LanguageConverter, languageConverter } from '../../src/site/mediawiki/language-variants.js';

const messages = { ruleError: 'ERROR', depthWarning: 'TOO DEEP (10)' };

function converter(language: string): LanguageConverter {
  const found = languageConverter(language);
  assert.ok(found, language);
  return found;
}

describe('the language converter markup', () => {
  test('every sample as MediaWiki converts it, in each variant', () => {
    const fixture = JSON.parse(
      readFileSync(new URL('../fixtures/mediawiki-converter-markup-samples.json', import.meta.url), 'utf8'),
    ) as { messages: { ruleError: string; depthWarning: string }; samples: [string, string, string, string][] };
    assert.ok(fixture.samples.length >= 1500);
    let changed = 0;
    for (const [language, variant, html, expected] of fixture.samples) {
      const ours = convertWithMarkup(converter(language), html, variant, fixture.messages);
      assert.equal(ours, expected, `${JSON.stringify(html)} in ${variant}`);
      if (expected !== html) changed++;
    }
    assert.ok(changed > 1000);
  });

  test('the N flag names any language MediaWiki defines, in its own words (asked of MediaWiki 1.39)', () => {
    const cases: [string, string, string][] = [
      ['-{N|fr}-', 'français', 'français'],
      ['-{N| de }-', 'Deutsch', 'Deutsch'],
      ['-{N|zh-hans}-', '简体', '中文（简体）'],
      ['-{N|sr-el}-', 'srpski (latinica)', 'srpski (latinica)'],
      ['-{N|de-formal}-', 'Deutsch (Sie-Form)', 'Deutsch (Sie-Form)'],
      ['-{N|xyz}-', '', ''],
      ['-{N|FR}-', '', ''],
    ];
    const zh = converter('zh');
    const kk = converter('kk');
    for (const [html, inChinese, inKazakh] of cases) {
      assert.equal(convertWithMarkup(zh, html, zh.variants[1] as string, messages), inChinese, html);
      assert.equal(convertWithMarkup(kk, html, kk.variants[1] as string, messages), inKazakh, html);
    }
  });

  test('what each kind of rule shows, and what manual rules do to the text after them', () => {
    const zh = converter('zh');
    const show = (html: string, variant: string) => convertWithMarkup(zh, html, variant, messages);
    // Each variant's own text, or its first fallback's; the variant `zh` converts nothing.
    assert.equal(show('-{zh-hans:计算机;zh-hant:電腦}-', 'zh-tw'), '電腦');
    assert.equal(show('-{zh-hans:计算机;zh-hant:電腦}-', 'zh-sg'), '计算机');
    assert.equal(show('-{zh-hans:计算机;zh-hant:電腦}-', 'zh'), '计算机');
    // Written as is; converted to a named variant; raw; a variant's name; a description.
    assert.equal(show('-{头发}- 头发', 'zh-tw'), '头发 頭髮');
    assert.equal(show('-{zh-hant|头发}-', 'zh-hk'), '頭髮');
    assert.equal(show('-{R|zh-cn:头发}-', 'zh-tw'), 'zh-cn:头发');
    assert.equal(show('-{N|zh-tw}-', 'zh'), '臺灣');
    assert.equal(show('-{D|zh-cn:X;zh-tw:Y}-', 'zh'), '大陆：X；臺灣：Y；');
    // A manual rule converts the text after it (not before), both ways between these variants.
    assert.equal(show('甲乙 -{A|zh-cn:甲乙;zh-tw:丙丁}- 甲乙 电脑', 'zh-tw'), '甲乙 丙丁 丙丁 電腦');
    assert.equal(show('-{H|zh-cn:打印机;zh-tw:印表機}-印表機', 'zh-cn'), '打印机');
    // Taken out again: the converter's own table converts the word once more.
    assert.equal(show('-{-|zh-cn:头发;zh-tw:頭發}-头发', 'zh-tw'), '頭發');
    // A `;` before no variant separates nothing; a variant without a text of its own (nor a
    // fallback's) makes a faulty rule; a one-way rule's text shows in its variant.
    assert.equal(show('-{zh-cn:X;xx:Y}-', 'zh-cn'), 'X;xx:Y');
    assert.equal(show('-{zh-cn:X;xx:Y}-', 'zh-tw'), '<span class="error">ERROR</span>');
    assert.equal(show('-{zh-cn:X;xx=>zh-tw:Y}-', 'zh-tw'), 'Y');
    // Unclosed, nested, too deep; markup in a tag's title converted, elsewhere in tags left.
    assert.equal(show('a -{b -{zh-hans:c;zh-hant:d}-', 'zh-tw'), 'a -{b d');
    assert.equal(show(`${'-{'.repeat(11)}x${'}-'.repeat(11)}`, 'zh'), '-{<span class="error">TOO DEEP (10)</span>x}-');
    assert.equal(
      show('<span title="-{zh-hans:简;zh-hant:繁}-" data-x="-{y}-">电脑</span>', 'zh-tw'),
      '<span title="繁" data-x="-{y}-">電腦</span>',
    );
    // Text between the markers of unconverted text (a `<nowiki>`'s) is left, markup and all.
    assert.equal(show('\ue003-{电脑}- 电脑\ue004 电脑', 'zh-tw'), '\ue003-{电脑}- 电脑\ue004 電腦');
  });

  test("Serbian: the converter's own flag names, and text mostly in the wanted script left as it is", () => {
    const sr = converter('sr');
    const show = (html: string, variant: string) => convertWithMarkup(sr, html, variant, messages);
    assert.equal(show('-{pismo|sr-ec:Кирилица;sr-el:Latinica}- beograd', 'sr-ec'), 'Кирилица београд');
    // `Ћ` makes the text Cyrillic already: the text around the markup is left as it is.
    assert.equal(show('-{писмо|sr-ec:Ћирилица;sr-el:Latinica}- beograd', 'sr-ec'), 'Ћирилица beograd');
    assert.equal(show('-{sr-el:džep;sr-ec:џеп}- beograd šuma', 'sr-el'), 'džep beograd šuma');
    assert.equal(sr.markup.validateVariant('sr-Latn'), 'sr-el');
    assert.equal(converter('zh').markup.validateVariant('zh-Hant-TW'), 'zh-tw');
  });
});
