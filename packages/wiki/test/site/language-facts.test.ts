/**
 * MediaWiki 1.39's language facts as the service reads them: each expected value is what a
 * MediaWiki 1.39 with the reference wiki's extensions answered with that content language.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { wikimediaUcfirstOverrides } from '../../src/site/first-letter.js';
import { convertGrammar, languageFacts, linkTrailPattern } from '../../src/site/mediawiki/language-facts.js';
import { localSpecialPageKey, specialPageExists } from '../../src/site/mediawiki/special-page-aliases.js';
import { canonicalAliases, languageNamespaces, namespaceAliasList } from '../../src/site/namespace-names.js';
import { type Title, TitleCodec } from '../../src/site/title.js';
import { magicWordsOf } from '../../src/wikitext/magic-words.js';
import { germanSite } from '../helpers/german-site.js';

const magicWord = (language: string, name: string) => languageFacts(language).magicWords.find((m) => m.name === name);
const specialPage = (language: string, name: string) =>
  languageFacts(language).specialPageAliases.find(([canonical]) => canonical === name)?.[1];

test("a language's magic words: its own synonyms and its fallbacks', English's last", () => {
  assert.deepEqual(magicWord('ru', 'redirect')?.aliases, ['#перенаправление', '#перенапр', '#REDIRECT']);
  assert.deepEqual(magicWord('de', 'switch')?.aliases, ['wechsle', 'switch']);
  assert.deepEqual(magicWord('en', 'pagename'), { name: 'pagename', caseSensitive: true, aliases: ['PAGENAME'] });
  // Swiss German has no words of its own: German's come before English's.
  assert.deepEqual(magicWord('de-ch', 'redirect')?.aliases, ['#WEITERLEITUNG', '#REDIRECT']);
  assert.equal(languageFacts('en').magicWords.length, languageFacts('ru').magicWords.length);
});

test('a language MediaWiki does not have is read as English', () => {
  const unknown = languageFacts('xx-unknown');
  assert.equal(unknown.code, 'en');
  assert.deepEqual(unknown.fallback, []);
  assert.deepEqual(magicWord('xx-unknown', 'redirect')?.aliases, ['#REDIRECT']);
});

test('fallbacks, writing direction and link trails', () => {
  assert.deepEqual(languageFacts('de-at').fallback, ['de', 'en']);
  assert.deepEqual(languageFacts('ltg').fallback, ['lv', 'en']);
  assert.equal(languageFacts('he').rtl, true);
  assert.equal(languageFacts('de').rtl, false);
  assert.equal(languageFacts('de').linkTrail, '/^([äöüßa-z]+)(.*)$/sDu');
  assert.equal(linkTrailPattern('de').exec('es Haus')?.[1], 'es');
  assert.equal(linkTrailPattern('en').exec('äs')?.[1], undefined);
  assert.equal(linkTrailPattern('ru').exec('ами и')?.[1], 'ами');
  // PHP's \x{…} escapes (Arabic's trail) and escaped quotes (Breton's) are read too.
  assert.equal(linkTrailPattern('ar').exec('\u064Bب x')?.[1], '\u064Bب');
  assert.equal(linkTrailPattern('br').exec("c'hoari x")?.[1], "c'hoari");
});

test('special pages under their local names, by any alias of the content language', () => {
  assert.deepEqual(specialPage('ru', 'Recentchanges'), ['Свежие_правки', 'RecentChanges']);
  const wiki = (language: string, settings: Record<string, unknown> = {}) => ({ language, settings });
  assert.equal(localSpecialPageKey('recentchanges/5', wiki('de')), 'Letzte_Änderungen/5');
  assert.equal(localSpecialPageKey('Recentchanges', wiki('en')), 'RecentChanges');
  assert.equal(localSpecialPageKey('Letzte_Änderungen', wiki('en')), 'Letzte_Änderungen');
  // The local name's first letter as the wiki uppercases it (MediaWiki 1.39 on PHP 8.2: Mtavruli).
  assert.equal(localSpecialPageKey('RecentChanges', wiki('ka')), 'Ბოლოცვლილებები');
  const wikimedia = wiki('ka', { OverrideUcfirstCharacters: wikimediaUcfirstOverrides() });
  assert.equal(localSpecialPageKey('RecentChanges', wikimedia), 'ბოლოცვლილებები');
  assert.equal(specialPageExists('Letzte_Änderungen', 'de'), true);
  assert.equal(specialPageExists('Letzte_Änderungen', 'en'), false);
  assert.equal(specialPageExists('Свежие_правки', 'ru'), true);
});

test('magic words are known in the content language only', () => {
  assert.equal(magicWordsOf('ru').idOf('НАЗВАНИЕ_СТРАНИЦЫ'), 'pagename');
  assert.equal(magicWordsOf('ru').idOf('PAGENAME'), 'pagename');
  assert.equal(magicWordsOf('en').idOf('SEITENNAME'), undefined);
  assert.equal(magicWordsOf('de').idOf('SEITENNAME'), 'pagename');
  assert.equal(magicWordsOf('fr').afterRedirectKeyword('#REDIRECTION [[A]]'), ' [[A]]');
  assert.deepEqual([...magicWordsOf('ru').switchesIn('__БЕЗ_ОГЛАВЛЕНИЯ__ __NOTOC__')], ['notoc']);
});

test("namespace names and aliases, the project talk alias with the wiki's project name", () => {
  const russian = languageNamespaces('ru');
  assert.equal(russian.names[2], 'Участник');
  assert.equal(russian.mainPage, 'Заглавная страница');
  // The project's name is put in later, declined by the language's grammar.
  assert.equal(russian.projectTalk, 'Обсуждение {{GRAMMAR:genitive|$1}}');
  const names = new Map<number, string>(Object.entries(russian.names).map(([id, name]) => [Number(id), name]));
  // As siteinfo lists them: by namespace, then by name (`Image` before `Изображение`).
  assert.deepEqual(namespaceAliasList([...russian.aliases, ...canonicalAliases], 'Википедия', names), [
    { id: 2, name: 'Участница' },
    { id: 3, name: 'Обсуждение участницы' },
    { id: 6, name: 'Image' },
    { id: 6, name: 'Изображение' },
    { id: 7, name: 'Image talk' },
    { id: 7, name: 'Обсуждение изображения' },
  ]);
  const chinese = languageNamespaces('zh-hans');
  const chineseNames = new Map<number, string>([
    ...Object.entries(chinese.names).map(([id, name]): [number, string] => [Number(id), name]),
    [4, 'Wiki'],
    [5, 'Wiki讨论'],
  ]);
  const projectTalk = namespaceAliasList(chinese.aliases, 'Wiki', chineseNames).filter((a) => a.id === 5);
  // `$1讨论` is the namespace's own name here, so no alias.
  assert.deepEqual(
    projectTalk.map((a) => a.name),
    ['Wiki对话', 'Wiki對話', 'Wiki討論', '专案讨论', '專案討論'],
  );
});

test("a user's pages are named by the user's gender in the content language", () => {
  const russian = new TitleCodec({ ...germanSite(), language: 'ru' });
  russian.useGenders((name) => (name === 'Alice' ? 'female' : name === 'Bob' ? 'male' : 'unknown'));
  const title = (text: string) => russian.prefixedText(russian.parseOrUndefined(text) as Title);
  assert.equal(title('Benutzer:Alice'), 'Участница:Alice');
  assert.equal(title('Участница:Bob'), 'Участник:Bob');
  assert.equal(title('Benutzer Diskussion:Alice'), 'Обсуждение участницы:Alice');
  // Without a known gender the namespace keeps the site's own name.
  assert.equal(title('Benutzer:Carol'), 'Benutzer:Carol');
  const english = new TitleCodec({ ...germanSite(), language: 'en' });
  english.useGenders(() => 'female');
  assert.equal(english.prefixedText(english.parseOrUndefined('Benutzer:Alice') as Title), 'Benutzer:Alice');
});

test("{{GRAMMAR:}} as MediaWiki's rules for the language decline the word", () => {
  // Each as MediaWiki 1.39's Language::convertGrammar gives it.
  const cases: [string, string, string, string][] = [
    ['he', 'תחילית', 'ויקיפדיה', 'וויקיפדיה'],
    ['he', 'תחילית', 'הבית', 'בית'],
    ['he', 'תחילית', 'Wiki', '־Wiki'],
    ['he', 'prefixed', 'ורד', 'וורד'],
    ['ru', 'genitive', 'Википедия', 'Википедии'],
    ['ru', 'languageadverb', 'русский', 'по-русски'],
    ['ru', 'bogus', 'Москва', 'Москва'],
    ['sv', 'genitive', 'Wikipedia', 'Wikipedias'],
    ['sv', 'genitive', 'Mats', 'Mats'],
    ['uk', 'locative', 'Київ', 'у Київ'],
    ['nb', 'genitive', 'Hans', 'Hans’'],
    ['de', 'genitive', 'Berlin', 'Berlin'],
    // Finnish's, written in code: an i after a consonant, vowel harmony read byte by byte, -wiki front.
    ['fi', 'genitive', 'Commons', 'Commonsin'],
    ['fi', 'nominative', 'Commons', 'Commonsi'],
    ['fi', 'elative', 'Wikipedia', 'Wikipediasta'],
    ['fi', 'elative', 'Testwiki', 'Testwikistä'],
    ['fi', 'elative', 'YOWiki', 'YOWikistä'],
    ['fi', 'elative', 'Awik', 'Awikista'],
    ['fi', 'elative', 'Sanaý', 'Sanaýstä'],
    ['fi', 'partitive', 'Kynä', 'Kynää'],
    ['fi', 'illative', 'Kuu', 'Kuuun'],
    ['fi', 'illative', 'ÄÖ', 'ÄÖÖn'],
    ['fi', 'inessive', 'Meta', 'Metassa'],
    ['fi', 'inessive', 'Sana 2', 'Sana 2ssa'],
    // Karelian falls back to Finnish, whose class it uses.
    ['krl', 'genitive', 'Commons', 'Commonsin'],
    // Words put before or after: Hungarian gives nothing for a case it does not know.
    ['hu', 'rol', 'Wikipédia', 'Wikipédiaról'],
    ['hu', 'k', 'Commons', 'Commonsk'],
    ['hu', 'nominative', 'Commons', ''],
    ['sl', 'mestnik', 'Wikipedija', 'o Wikipedija'],
    ['sl', 'orodnik', 'Wikipedija', 'z Wikipedija'],
    ['hsb', 'instrumental', 'Wikipedija', 'z Wikipedija'],
    ['dsb', 'instrumental', 'Wikipedija', 'wo z Wikipedija'],
    ['bs', 'lokativ', 'Wikipedia', 'o Wikipedia'],
    ['bs', 'genitiv', 'Wikipedia', 'Wikipedia'],
    // The other languages MediaWiki declines in code (Kazakh not among them).
    ['hy', 'genitive', 'Վիքիպեդիա', 'Վիքիպեդիայի'],
    ['hy', 'genitive', 'Վիքիգիրք', 'Վիքիգրքի'],
    ['hy', 'genitive', 'Wikipedia', 'Wikipedia'],
    ['cu', 'genitive', 'Вікипєдї\uF011', 'Вікипєдїѩ'],
    ['ga', 'ainmlae', 'an Aoine', 'Dé hAoine'],
    ['la', 'genitive', 'Vicipaedia', 'Vicipaediae'],
    ['la', 'accusative', 'Victionarium', 'Victionarium'],
    ['la', 'ablative', 'Communia', 'Communibus'],
    ['la', 'genitive', 'Vicidatum', 'Vicidati'],
    ['os', 'genitive', 'лæппу', 'лæппуйы'],
    ['os', 'genitive', 'аунеу', 'аунеуы'],
    ['os', 'allative', 'хъæдтæ', 'хъæдтæм'],
    ['os', 'dative', 'Wikipedia', 'Wikipedia-æн'],
    ['ksh', 'genitive', 'Wikipedia', 'vun de Wikipedia'],
    ['ksh', 'dativ b', 'Wikiwööterbooch', 'dämm Wikiwööterbooch'],
    ['ksh', 'ier m', 'WikiMaatplaz', 'dem WikiMaatplaz singe'],
    ['ksh', 'nominativ', 'Testwiki', 'et Testwiki'],
    ['tyv', 'genitive', 'Википедия', 'Википедияның'],
    ['tyv', 'dative', 'ат', 'атка'],
    ['tyv', 'directive1', 'чер', 'черже'],
    ['tyv', 'directive2', 'өг', 'өгдүве'],
    // Kazakh: in the script of the variant the code names, Cyrillic for the main code; the
    // variant codes MediaWiki serves with its Cyrillic class decline nothing.
    ['kk', 'genitive', 'Қазақстан', 'Қазақстанның'],
    ['kk', 'ablative', 'мектеп', 'мектептен'],
    ['kk', 'dc4', 'Алматы', 'Алматыда'],
    ['kk', 'comitative', 'сөз', 'сөзбен'],
    ['kk', 'dative', 'ь', 'ь'],
    ['kk-latn', 'genitive', 'Wikipedia', 'Wikipedianıñ'],
    ['kk-tr', 'dative', 'Testwiki', 'Testwikige'],
    ['kk-latn', 'genitive', 'Қазақстан', 'Қазақстан'],
    ['kk-arab', 'locative', 'مەكتەپ', 'مەكتەپتە'],
    ['kk-cn', 'genitive', 'ارال', 'ارالدىڭ'],
    ['kk-arab', 'possessive dative', 'ٸز', 'ٸزگە'],
    ['kk-kz', 'genitive', 'Қазақстан', 'Қазақстан'],
  ];
  for (const [language, grammaticalCase, word, expected] of cases) {
    assert.equal(convertGrammar(word, grammaticalCase, language), expected, `${language} ${grammaticalCase} ${word}`);
  }
});

test('the link prefix characters of the languages whose links take a prefix', () => {
  // As MediaWiki 1.39's siteinfo gives linkprefixcharset with Arabic as the content language.
  assert.equal(
    languageFacts('ar').linkPrefixCharset,
    'a-zA-Zء-ي\\x{0610}-\\x{061A}\\x{064B}-\\x{065F}\\x{0670}\\x{06D6}-\\x{06DC}\\x{06DF}-\\x{06E4}\\x{06E7}\\x{06E8}\\x{06EA}-\\x{06ED}',
  );
  assert.equal(languageFacts('uk').linkPrefixCharset, '„«');
  assert.equal(languageFacts('de').linkPrefixCharset, undefined);
});
