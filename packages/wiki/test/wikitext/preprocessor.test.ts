import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defaultSite } from '../../src/site/defaults.js';
import { TitleCodec } from '../../src/site/title.js';
import { withoutRemovedElements } from '../../src/wikitext/extracts/removed-elements.js';
import { type ExpansionHost, expandWikitext } from '../../src/wikitext/preprocessor/expand.js';
import { preprocessToTree } from '../../src/wikitext/preprocessor/parse.js';
import { dateTtl, formatDate } from '../../src/wikitext/preprocessor/time.js';
import { treeToXml } from '../../src/wikitext/preprocessor/tree.js';

// Expected values are MediaWiki 1.39's answers (action=expandtemplates, German content language).
const site = defaultSite({ language: 'de' });
const titles = new TitleCodec(site);
const MESSAGES: Record<string, string> = {
  'parser-template-loop-warning': 'Vorlagenschleife entdeckt: [[$1]]',
  'parser-template-recursion-depth-warning': 'Vorlagenrekursionstiefengrenze überschritten ($1)',
  pfunc_expr_missing_operand: 'Fehler im Ausdruck: Fehlender Operand für $1',
  pfunc_expr_unrecognised_word: 'Fehler im Ausdruck: Unerkanntes Wort „$1“',
  pfunc_expr_division_by_zero: 'Division durch Null',
  pfunc_rel2abs_invalid_depth:
    'Fehler: Ungültige Pfadtiefe: „$1“ (Zugriff auf einen Knotenpunkt oberhalb des Hauptknotenpunktes ist empfohlen)',
  edit: 'Bearbeiten',
};

function host(pages: Record<string, string> = {}, page = 'Test'): ExpansionHost {
  return {
    titles,
    site,
    server: 'http://127.0.0.1:8090',
    page: titles.parseOrUndefined(page) ?? titles.make(0, 'Test'),
    now: new Date(Date.UTC(2026, 11, 3, 5, 23, 15)),
    async pageText(title) {
      const text = pages[titles.prefixedText(title)];
      return text === undefined ? undefined : { title, text };
    },
    async exists(title) {
      return pages[titles.prefixedText(title)] !== undefined;
    },
    async message(key) {
      return MESSAGES[key];
    },
  };
}

const xml = (text: string, forInclusion = false) => treeToXml(preprocessToTree(text, forInclusion));

describe('the preprocessor tree', () => {
  test('calls, arguments, comments that take their line, headings, extension and inclusion tags', () => {
    const text =
      '{{foo|a=b|c}}x\n{{{{{x}}}}} {{{a|b}}} <!-- c -->\n <!-- d --> <!-- e --> \n== H <!--x--> ==\n' +
      '<ref name="a">r</ref><nowiki/><noinclude>n</noinclude><includeonly>i</includeonly> {{ unclosed [[a|b]] {{x|[[a|b]]}} "\'&';
    assert.equal(
      xml(text),
      '<root><template><title>foo</title><part><name>a</name><equals>=</equals><value>b</value></part><part><name index="1"/><value>c</value></part></template>x\n' +
        '<template lineStart="1"><title><tplarg><title>x</title></tplarg></title></template> <tplarg><title>a</title><part><name index="1"/><value>b</value></part></tplarg> <comment>&lt;!-- c --&gt;</comment>\n' +
        '<comment> &lt;!-- d --&gt; </comment><comment>&lt;!-- e --&gt; \n</comment><h level="2" i="1">== H <comment>&lt;!--x--&gt;</comment> ==</h>\n' +
        '<ext><name>ref</name><attr> name=&quot;a&quot;</attr><inner>r</inner><close>&lt;/ref&gt;</close></ext><ext><name>nowiki</name><attr/></ext>' +
        '<ignore>&lt;noinclude&gt;</ignore>n<ignore>&lt;/noinclude&gt;</ignore><ignore>&lt;includeonly&gt;i&lt;/includeonly&gt;</ignore>' +
        ' {{ unclosed [[a|b]] <template><title>x</title><part><name index="1"/><value>[[a|b]]</value></part></template> &quot;\'&amp;</root>',
    );
  });

  test('runs of braces match from the inside; an equals sign at a line start in an argument names it', () => {
    assert.equal(
      xml('=====\n{{{{{{a}}}}}} {{{{a}}}} {{{{{{{a}}}}}}}  [[[x]] {{x}}}'),
      '<root><h level="2" i="1">=====</h>\n<tplarg lineStart="1"><title><tplarg><title>a</title></tplarg></title></tplarg>' +
        ' {<tplarg><title>a</title></tplarg>} {<tplarg><title><tplarg><title>a</title></tplarg></title></tplarg>}' +
        '  [[[x]] <template><title>x</title></template>}</root>',
    );
    assert.equal(
      xml('{{a|\n=b=\n|c}}\n<pre>x</PRE ><nowiki>unclosed {{x}} <onlyinclude>o</onlyinclude>\n=x= \n==y=<!--c-->'),
      '<root><template><title>a</title><part><name>\n</name><equals>=</equals><value>b=\n</value></part><part><name index="1"/><value>c</value></part></template>\n' +
        '<ext><name>pre</name><attr/><inner>x</inner><close>&lt;/PRE &gt;</close></ext>&lt;nowiki&gt;unclosed <template><title>x</title></template>' +
        ' <ignore>&lt;onlyinclude&gt;</ignore>o<ignore>&lt;/onlyinclude&gt;</ignore>\n<h level="1" i="1">=x= </h>\n' +
        '<h level="1" i="2">==y=<comment>&lt;!--c--&gt;</comment></h></root>',
    );
  });

  test('for inclusion, only the onlyinclude parts count and noinclude is left out', () => {
    assert.equal(
      xml('a<onlyinclude>b<noinclude>c</noinclude></onlyinclude>d<includeonly>e</includeonly>', true),
      '<root><ignore>a&lt;onlyinclude&gt;</ignore>b<ignore>&lt;noinclude&gt;c&lt;/noinclude&gt;</ignore>' +
        '<ignore>&lt;/onlyinclude&gt;d&lt;includeonly&gt;e&lt;/includeonly&gt;</ignore></root>',
    );
  });
});

describe('template expansion', () => {
  test('templates with named and numbered arguments, defaults, missing templates as links', async () => {
    const pages = { 'Vorlage:A': '[{{{type}}}] [{{{1}}}] [{{{ x | d }}}]<noinclude>doc</noinclude>' };
    assert.equal(await expandWikitext('{{a| type = style |x}}{{b}}', host(pages)), '[style] [x] [ d ][[:Vorlage:B]]');
    // Unmatched arguments of the page itself stay as written; a call of no title too.
    assert.equal(await expandWikitext('{{{{{x}}}}} {{{a|b}}}', host()), '{{{{{x}}}}} b');
  });

  test('a result starting a table or list starts a line; loops and self-transclusion', async () => {
    const pages = { 'Vorlage:T': '{|\n|}', 'Vorlage:L': 'x{{L}}', Test: 'me {{:Test}}' };
    assert.equal(await expandWikitext('a{{T}}\n{{T}}', host(pages)), 'a\n{|\n|}\n{|\n|}');
    assert.equal(
      await expandWikitext('{{L}}', host(pages)),
      'x<span class="error">Vorlagenschleife entdeckt: [[Vorlage:L]]</span>',
    );
    assert.equal(
      await expandWikitext('{{:Test}}', host(pages)),
      'me <span class="error">Vorlagenschleife entdeckt: [[Test]]</span>',
    );
  });

  test('parser functions and variables', async () => {
    const cases: Array<[string, string]> = [
      [
        '{{#expr: -1 * 0}}|{{#expr: (2+3)*4 / 8 }}|{{#expr: 1/3}}|{{#expr: 2^0.5 round 3}}|{{#expr: 7 mod 3}}|{{#expr: 1e20}}',
        '-0|2.5|0.33333333333333|1.414|1|1.0E+20',
      ],
      // PHP writes a double of 14 or more digits before the point in its exponent form.
      ['{{#expr: 1e14}}|{{#expr: 123456789012345.5}}|{{#expr: 0.00001}}', '1.0E+14|1.2345678901235E+14|1.0E-5'],
      [
        '{{#expr: 1 +}}|{{#expr: abc}}|{{#expr: 1/0}}',
        '<strong class="error">Fehler im Ausdruck: Fehlender Operand für +</strong>|<strong class="error">Fehler im Ausdruck: Unerkanntes Wort „abc“</strong>|<strong class="error">Division durch Null</strong>',
      ],
      [
        '{{#ifexpr: 2 > 1 | y | n}}|{{#iferror: {{#expr: x}} | bad | good}}|{{#ifeq: 01 | 1 | same | diff}}|{{#ifeq: a | A | same | diff}}',
        'y|bad|same|diff',
      ],
      [
        '{{#switch: 2 | 1 | 2 = two | 3 = three}}|{{#switch: z | a = 1 | other}}|{{#switch: z | #default = d | a = 1}}',
        'two|other|d',
      ],
      [
        '{{#time: d.m.Y H:i | 2021-03-04 05:06:07}}|{{#time: j. F Y | 2021-03-04}}|{{#time: D, l M | 2021-03-04}}',
        '04.03.2021 05:06|4. März 2021|Do, Donnerstag Mär.',
      ],
      [
        '{{#rel2abs: ../../../x | A/b}}',
        '<strong class="error">Fehler: Ungültige Pfadtiefe: „A/b/../../../x“ (Zugriff auf einen Knotenpunkt oberhalb des Hauptknotenpunktes ist empfohlen)</strong>',
      ],
      [
        '{{#titleparts: Vorlage:A/b/c | -1 }}|{{padright:ab|5|xy}}|{{uc:straße}}|{{ucfirst:ärger}}|{{ucfirst:ßx}}|{{ucfirst:ǆx}}',
        'Vorlage:A/b|abxyx|STRASSE|Ärger|SSx|Ǆx',
      ],
      [
        '{{localurl:Berlin}}|{{fullurl:Berlin#X}}|{{canonicalurl:Berlin|a=b}}',
        '/index.php/Berlin|http://127.0.0.1:8090/index.php/Berlin#X|http://127.0.0.1:8090/index.php?title=Berlin&a=b',
      ],
      // Interwiki titles give the other wiki's address, Media: the file's page; a title that is no
      // title as written is read URL-decoded (each as MediaWiki 1.39 expands it).
      [
        '{{localurl:commons:Berlin|action=history}}|{{fullurl:Media:Foo bar.png}}|{{localurl:A+b%20c}}|{{fullurl:Foo%7CBar}}',
        'https://commons.wikimedia.org/wiki/Berlin?action=history|http://127.0.0.1:8090/index.php/Datei:Foo_bar.png|/index.php/A_b_c|{{fullurl:Foo%7CBar}}',
      ],
      // Numbers as MediaWiki 1.39's formatnum shows them in German (each compared with its answer).
      [
        '{{formatnum:12.}}|{{formatnum:-.5}}|{{formatnum:1.23456e2}}|{{formatnum:x 1e3 y .5}}|{{formatnum:12345678901234567890}}|{{formatnum:007}}|{{formatnum:1.234.567}}|{{formatnum:INF}}',
        '12,|\u2212,5|123,456|x 1.000 y ,5|12.345.678.901.234.567.000|007|1,234,567|\u221e',
      ],
      [
        '{{ns:Template}}|{{nse:15}}|{{urlencode:a b|WIKI}}|{{urlencode:a b|PATH}}|{{ns:99}}',
        'Vorlage|Kategorie_Diskussion|a_b|a%20b|',
      ],
      // An empty name is the main namespace's (empty); a name that is none makes a template.
      ['a{{ns:}}b{{ns: }}c{{nse:}}d{{ns:_}}', 'abcd[[:Vorlage:Ns:]]'],
      [
        '{{formatnum:-1234.5}}|{{formatnum:1.234,5|R}}|{{int:nonexistent-msg}}|{{int:edit}}',
        '−1.234,5|1234.5|⧼nonexistent-msg⧽|Bearbeiten',
      ],
      // NOSEP adds no separator and changes none; R reads the language's separators back.
      [
        '{{formatnum:1234567.891|NOSEP}}|{{formatnum:1e5|nosep}}|{{formatnum:12abc3456.5def}}|{{formatnum:1234.5|R}}|{{formatnum:1.5|r}}',
        '1234567.891|1e5|12abc3.456,5def|12345|1,5',
      ],
      [
        '{{#tag:nowiki|a{{!}}b}}|{{#tag:foo|x}}|{{#tag:ref|x|name=y}}',
        '<nowiki>a|b</nowiki>|<foo>x</foo>|<ref name="y">x</ref>',
      ],
      [
        '{{NAMESPACE}}|{{NAMESPACEE}}|{{TALKSPACE}}|{{SUBJECTPAGENAME}}|{{BASEPAGENAME}}|{{SUBPAGENAME}}|{{SERVERNAME}}|{{PAGENAME:Hilfe:A/b}}',
        'Vorlage Diskussion|Vorlage_Diskussion|Vorlage Diskussion|Vorlage:A b/c d|A b|c d|127.0.0.1|A/b',
      ],
      ['{{bidi:abc}}|{{bidi:123}}|{{bidi:שלום}}', '\u202aabc\u202c|123|\u202bשלום\u202c'],
      // The release the server presents itself as, as siteinfo's generator names it.
      ['{{CURRENTVERSION}}|{{JETZIGE_VERSION}}', '1.43.0|1.43.0'],
      [
        '{{CURRENTYEAR}}-{{CURRENTMONTH}}-{{CURRENTDAY2}} {{CURRENTTIME}} {{CURRENTMONTHNAME}} {{CURRENTDAYNAME}}',
        '2026-12-03 05:23 Dezember Donnerstag',
      ],
      ['{{subst:x|{{!}}}} {{safesubst:!}} {{msgnw:a}}', '{{subst:x||}} | &#123;&#123;&#123;1&#125;&#125;&#125;'],
    ];
    const pages = { 'Vorlage:A': '{{{1}}}' };
    for (const [input, expected] of cases) {
      assert.equal(await expandWikitext(input, host(pages, 'Vorlage Diskussion:A b/c d')), expected, input);
    }
  });

  test("dates in the page's language: #time and the date words as MediaWiki writes them in Burmese", async () => {
    // MediaWiki 1.39's Language::sprintfDate and the values CoreMagicVariables gives, in Burmese.
    const burmese = defaultSite({ language: 'my' });
    const burmeseTitles = new TitleCodec(burmese);
    const burmeseHost: ExpansionHost = {
      ...host(),
      site: burmese,
      titles: burmeseTitles,
      page: burmeseTitles.make(0, 'Test'),
    };
    const cases: [string, string][] = [
      [
        '{{#time:d.m.Y H:i xnY xrY, j F (xg) D l|2021-03-04 05:06:07}}',
        '၀၄.၀၃.၂၀၂၁ ၀၅:၀၆ 2021 MMXXI, ၄ မတ် (မတ်) တေး ကြာသပတေး',
      ],
      // A language named after the date writes in that language.
      ['{{#time:j F Y|2021-03-04|fr}}', '4 mars 2021'],
      // The Iranian, Hebrew and Hijri calendars, in Persian, Hebrew and Arabic.
      ['{{#time:xij xiF xiY (xiz, xit)|2024-03-15|fa}}', '۲۵ اسفند ۱۴۰۲ (۳۶۰, ۲۹)'],
      ['{{#time:xjj xjx xjY (xjn, xjt)|2024-03-15|he}}', "5 באדר ב' 5784 (14, 29)"],
      ['{{#time:xmj xmF xmY|2024-03-15|ar}}', '٥ رمضان ١٤٤٥'],
      // Hebrew numerals (`xh`), as Hebrew dates are written.
      ['{{#time:xhxjj xjx xhxjY|2024-03-15|he}}', "ה' באדר ב' ה'תשפ\"ד"],
      ['{{#time:xhY xhn xhj|2015-01-15}}', 'ב\'ט"ו א\' ט"ו'],
      // Japanese eras (the first year `元`); the Thai year, which began in April from 1912 to 1940.
      [
        '{{#time:xtY xtY xtY|2019-05-01}} {{#time:xtY|2026-12-07}} {{#time:xtY|1912-07-30}}',
        '令和元 令和元 令和元 令和8 明治45',
      ],
      ['{{#time:xkY|1930-03-31}} {{#time:xkY|1930-04-01}} {{#time:xkY|2026-01-01}}', '၂၄၇၂ ၂၄၇၃ ၂၅၆၉'],
      [
        '{{CURRENTYEAR}}|{{CURRENTMONTH}}|{{CURRENTMONTHNAME}}|{{CURRENTMONTHNAMEGEN}}|{{CURRENTMONTHABBREV}}|{{CURRENTDAY2}}|{{CURRENTDAYNAME}}|{{CURRENTDOW}}|{{CURRENTWEEK}}|{{CURRENTHOUR}}|{{CURRENTTIME}}',
        '၂၀၂၆|၁၂|ဒီဇင်ဘာ|ဒီဇင်ဘာ|ဒီ|၀၃|ကြာသပတေး|၄|၄၉|၀၅|၀၅:၂၃',
      ],
    ];
    for (const [input, expected] of cases) assert.equal(await expandWikitext(input, burmeseHost), expected, input);
  });

  test('#language names a language in itself or in another; an unknown code gives its BCP 47 form', async () => {
    const names: Record<string, string> = { 'de/': 'Deutsch', 'fr/': 'français', 'de/en': 'German' };
    const named: ExpansionHost = {
      ...host(),
      languageName: (code, inLanguage) => names[`${code}/${inLanguage ?? ''}`] ?? '',
    };
    assert.equal(
      await expandWikitext('{{#language:DE}}|{{#language:fr}}|{{#language:de|en}}|{{#language:zh-hans}}', named),
      'Deutsch|français|German|zh-Hans',
    );
  });

  test('the depth of templates is limited with MediaWiki error text, never a stall', async () => {
    const pages: Record<string, string> = {};
    for (let i = 0; i < 60; i++) pages[`Vorlage:D${i}`] = `{{D${i + 1}}}`;
    pages['Vorlage:D60'] = 'end';
    // Each level of templates is a level of expansion: the title of the 40th call is already too deep.
    const out = await expandWikitext('{{D0}}', host(pages));
    assert.equal(out, '{{<span class="error">Expansion depth limit exceeded</span>}}');
    const braces = '{{'.repeat(20_000);
    const started = Date.now();
    assert.equal(await expandWikitext(braces, host()), braces);
    assert.ok(Date.now() - started < 5_000);
  });
});

describe('the elements TextExtracts removes', () => {
  test('blocks (nested ones too) leave an element left out, errors and hidden classes nothing', () => {
    assert.equal(
      withoutRemovedElements(
        'a<div class="navbox"><div>x</div>y</div>b <span class="error">E</span>c <table><tr><td>t</td></tr></table>',
      ),
      'a{{removed element}}b c {{removed element}}',
    );
    assert.equal(
      withoutRemovedElements('<strong class="error">Fehler</strong> <span class="noprint x">n</span>ok'),
      ' ok',
    );
    assert.equal(withoutRemovedElements('<b>kept</b> <div>never closed'), '<b>kept</b> {{removed element}}');
  });
});

describe('#time of the current time: how long the text stays true (ParserFunctions and Language::sprintfDate)', () => {
  // A Saturday in December of a year that is no leap year and has 53 ISO weeks.
  const now = new Date('2026-12-05T16:39:27Z');
  const leftInDay = 86400 - 16 * 3600 - 39 * 60 - 27;

  test('a format showing seconds, minutes, hours, the half day or the day lasts until that changes', () => {
    assert.equal(dateTtl('s', now), 1);
    assert.equal(dateTtl('H:i', now), 33);
    assert.equal(dateTtl('H', now), 3600 - 39 * 60 - 27);
    assert.equal(dateTtl('a', now), 43200 - 4 * 3600 - 39 * 60 - 27);
    assert.equal(dateTtl('j. F', now), leftInDay);
  });

  test('weeks, ISO years, months, years and leap years: the least time left of those shown', () => {
    assert.equal(dateTtl('W', now), 86400 + leftInDay);
    assert.equal(dateTtl('o', now), 4 * 604800 + 86400 + leftInDay);
    assert.equal(dateTtl('F', now), 26 * 86400 + leftInDay);
    assert.equal(dateTtl('Y', now), 26 * 86400 + leftInDay);
    assert.equal(dateTtl('L', now), 365 * 86400 + 26 * 86400 + leftInDay);
    assert.equal(dateTtl('Y W', now), 86400 + leftInDay);
    // The other calendars' codes change with the day; `xn` and `xr` show nothing themselves.
    assert.equal(dateTtl('xij xiF xiY', now), leftInDay);
    assert.equal(dateTtl('xnY', now), dateTtl('Y', now));
  });

  test('escaped and quoted letters show nothing of the date', () => {
    assert.equal(dateTtl('\\Y', now), undefined);
    assert.equal(dateTtl('"Y"', now), undefined);
  });

  test('W and o are the ISO week and its year', () => {
    assert.equal(formatDate('W o', new Date('2021-01-03T00:00:00Z'), 'de'), '53 2020');
    assert.equal(formatDate('W o', new Date('2024-12-30T00:00:00Z'), 'de'), '01 2025');
    assert.equal(formatDate('W o', now, 'de'), '49 2026');
  });
});
