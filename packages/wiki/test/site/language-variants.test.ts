import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { languageConverter } from '../../src/site/mediawiki/language-variants.js';
import { replacementList } from '../../src/site/mediawiki/variant-rules.js';

// Each expected text is what MediaWiki 1.39's converter gives for the same text and variant.
describe('language variants', () => {
  const zh = languageConverter('zh');

  test('Chinese has its nine variants and converts by tables; languages without variants have no converter', () => {
    assert.ok(zh);
    assert.deepEqual(zh.variants, ['zh', 'zh-hans', 'zh-hant', 'zh-cn', 'zh-hk', 'zh-mo', 'zh-my', 'zh-sg', 'zh-tw']);
    assert.equal(zh.converts, true);
    assert.equal(languageConverter('de'), undefined);
    assert.equal(languageConverter('made-up'), undefined);
    assert.equal(zh.keepsUserTitles, false);
    // Balinese's converter (ICU's transliterator) is not here: its variants are known, its texts kept.
    const ban = languageConverter('ban');
    assert.deepEqual(ban?.variants, ['ban', 'ban-bali', 'ban-x-dharma', 'ban-x-palmleaf', 'ban-x-pku']);
    assert.equal(ban?.converts, false);
    assert.equal(ban?.translate('Basa Bali', 'ban-bali'), 'Basa Bali');
  });

  test("Kazakh's, Uzbek's, Kurdish's, Crimean Tatar's, Inuktitut's and Tachelhit's rules: every sample as MediaWiki's translate and autoConvert give it", () => {
    // Written by tools/mediawiki-variant-samples.php from MediaWiki 1.39's converters.
    const samples = JSON.parse(
      readFileSync(new URL('../fixtures/mediawiki-variant-samples.json', import.meta.url), 'utf8'),
    ) as [string, string, string, string, string][];
    assert.ok(samples.length > 4000);
    assert.deepEqual(new Set(samples.map(([language]) => language)), new Set(['kk', 'uz', 'crh', 'ku', 'iu', 'shi']));
    const kk = languageConverter('kk');
    assert.deepEqual(kk?.variants, ['kk', 'kk-cyrl', 'kk-latn', 'kk-arab', 'kk-kz', 'kk-tr', 'kk-cn']);
    assert.equal(kk?.converts, true);
    assert.equal(kk?.keepsUserTitles, true);
    assert.equal(languageConverter('uz')?.keepsUserTitles, false);
    let converted = 0;
    for (const [language, variant, text, translated, html] of samples) {
      const converter = languageConverter(language);
      assert.equal(converter?.translate(text, variant), translated, `${JSON.stringify(text)} in ${variant}`);
      assert.equal(converter?.autoConvert(text, variant), html, `${JSON.stringify(text)} in ${variant}, HTML`);
      if (translated !== text) converted++;
    }
    assert.ok(converted > 1000);
    assert.equal(kk?.translate('Қазақстан Республикасы', 'kk-arab'), 'قازاقستان رەسپۋبلىيكاسى');
    assert.equal(kk?.translate('Şçʹ', 'kk-cyrl'), 'Щь');
    assert.equal(languageConverter('uz')?.translate('Yetti bet', 'uz-cyrl'), 'Етти бет');
    // A pattern's literal start is looked for first only where every match has it.
    const replace = replacementList([
      ['/ab[(|]|c/u', 'X'],
      ['/\\bde\\b/u', 'Y'],
    ]);
    assert.equal(replace('c ab( de dex'), 'X X Y dex');
    assert.equal(replace('c'), 'X');
    // Roman numerals stay Latin in Crimean Tatar's Cyrillic; an initial does not.
    assert.equal(
      languageConverter('crh')?.translate('XIV asır, I. Ivanov ve XX-XXI asırlar', 'crh-cyrl'),
      'XIV асыр, Ы. Ыванов ве XX-XXI асырлар',
    );
  });

  test('Serbian: its tables, Roman numerals kept, a text mostly in the wanted script left as it is', () => {
    const sr = languageConverter('sr');
    assert.deepEqual(sr?.variants, ['sr', 'sr-ec', 'sr-el']);
    const cases: [string, string, string, string][] = [
      // text, variant, translate, autoConvert (as MediaWiki 1.39 gives them)
      ['Србија', 'sr-el', 'Srbija', 'Srbija'],
      ['Луј XIV и Њујорк', 'sr-el', 'Luj XIV i Njujork', 'Luj XIV i Njujork'],
      ['Петар I.', 'sr-el', 'Petar I.', 'Petar I.'],
      ['Srbija džungla Љубљана', 'sr-ec', 'Србија џунгла Љубљана', 'Србија џунгла Љубљана'],
      ['Šta je Њујорк', 'sr-ec', 'Шта је Њујорк', 'Шта је Њујорк'],
      ['Ђорђе шах', 'sr-el', 'Đorđe šah', 'Đorđe šah'],
      ['Šta je Њујорк', 'sr-el', 'Šta je Njujork', 'Šta je Њујорк'],
    ];
    for (const [text, variant, translated, converted] of cases) {
      assert.equal(sr?.translate(text, variant), translated, `${text} in ${variant}`);
      assert.equal(sr?.autoConvert(text, variant), converted, `${text} in ${variant}, HTML`);
    }
  });

  test('texts in each variant, the longest entry first, regional words after the script', () => {
    const cases: [string, Record<string, string>][] = [
      ['汉语', { zh: '汉语', 'zh-hans': '汉语', 'zh-hant': '漢語', 'zh-tw': '漢語', 'zh-hk': '漢語', 'zh-cn': '汉语' }],
      ['漢語', { zh: '漢語', 'zh-hans': '汉语', 'zh-hant': '漢語', 'zh-cn': '汉语' }],
      ['软件 内存', { 'zh-hant': '軟件 內存', 'zh-tw': '軟體 內存', 'zh-hk': '軟件 內存', 'zh-cn': '软件 内存' }],
      ['計算機軟體', { 'zh-hans': '计算机软体', 'zh-hk': '計算機軟件', 'zh-cn': '计算机软件', 'zh-tw': '計算機軟體' }],
    ];
    for (const [text, byVariant] of cases) {
      for (const [variant, expected] of Object.entries(byVariant)) {
        assert.equal(zh?.translate(text, variant), expected, `${text} in ${variant}`);
      }
    }
  });

  test('HTML: tags and character references kept, title attributes converted', () => {
    assert.equal(
      zh?.autoConvert('<b title="汉语">汉语</b> &amp; 汉语 <code>汉语</code>', 'zh-hant'),
      '<b title="漢語">漢語</b> &amp; 漢語 <code>汉语</code>',
    );
    assert.equal(zh?.autoConvert('<a title="http://x/汉语">汉语</a>', 'zh-tw'), '<a title="http://x/汉语">漢語</a>');
  });

  test('Gan and Tajik convert with their own tables', () => {
    assert.deepEqual(languageConverter('gan')?.variants, ['gan', 'gan-hans', 'gan-hant']);
    assert.equal(languageConverter('gan')?.translate('汉语', 'gan-hant'), '漢語');
    assert.equal(languageConverter('tg')?.translate('Тоҷикистон', 'tg-latn'), 'Toçikiston');
  });
});
