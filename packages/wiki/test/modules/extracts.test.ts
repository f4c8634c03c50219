import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { ExtractCache, type KeptExtract, type MainContent } from '../../src/modules/prop/extracts.js';
import { defaultSite } from '../../src/site/defaults.js';
import { TitleCodec } from '../../src/site/title.js';
import {
  type ExtractOptions,
  extractOfWikitext,
  leadSection,
  makeExtract,
} from '../../src/wikitext/extracts/extract.js';
import { withoutRemovedElements } from '../../src/wikitext/extracts/removed-elements.js';
import { tagsOfMissingExtensions, wikitextBlocks } from '../../src/wikitext/extracts/wikitext-blocks.js';
import { germanSite } from '../helpers/german-site.js';

describe('wikitext to extract', () => {
  const titles = new TitleCodec(germanSite());
  const blocks = wikitextBlocks(
    [
      "{{Infobox|Name=X}}\n'''Fett''' und ''kursiv'' mit [[Ziel|Text]] und [[Ziel]].<ref>Beleg</ref> Zweiter Satz &amp; mehr!",
      '[[Datei:Bild.png|mini|Bild]][[Kategorie:K]][[en:X]]',
      '',
      '== Teil <b>eins</b> ==',
      '* Punkt [https://a.example Verweis]',
      '# Zahl',
      '<!-- Kommentar -->',
      '{|',
      '| Zelle',
      '|}',
    ].join('\n'),
    titles,
  );
  const base = { intro: false, plaintext: false, sectionFormat: 'wiki' as const };

  test('simple HTML: paragraphs, headings, lists, bold and italics; links as text', () => {
    assert.equal(
      makeExtract(blocks, base),
      // The framed file's element, which the extract leaves out, leaves its line break.
      '<p><b>Fett</b> und <i>kursiv</i> mit Text und Ziel. Zweiter Satz &amp; mehr!\n</p>\n\n' +
        '<h2><span id="Teil_eins">Teil <b>eins</b></span></h2>\n<ul><li>Punkt Verweis</li></ul>\n<ol><li>Zahl</li></ol>',
    );
    // Characters are counted in the HTML, tags included, as TextExtracts counts them.
    assert.equal(makeExtract(blocks, { ...base, intro: true, chars: 8 }), '<p><b>Fett</b></p>…');
    assert.equal(makeExtract(blocks, { ...base, intro: true, chars: 18 }), '<p><b>Fett</b> und</p>…');
    // A paragraph holding only a tag cut in two is empty, and marked so (MediaWiki 1.39, asked live).
    const lineBreak = wikitextBlocks('<br clear="all" style="clear:both;">\n\n', titles);
    assert.equal(makeExtract(lineBreak, { ...base, intro: true, chars: 5 }), '<p class="mw-empty-elt"></p>…');
  });

  test('plain text with each section format, sentences and characters', () => {
    const plain = { ...base, plaintext: true };
    assert.equal(
      makeExtract(blocks, plain),
      'Fett und kursiv mit Text und Ziel. Zweiter Satz & mehr!\n\n\n== Teil eins ==\nPunkt Verweis\nZahl',
    );
    assert.match(makeExtract(blocks, { ...plain, sectionFormat: 'plain' }), /\n\n\nTeil eins\n/);
    assert.ok(
      makeExtract(blocks, { ...plain, sectionFormat: 'raw' }).includes('\n\n\u0001\u00022\u0002\u0001Teil eins\n'),
    );
    assert.equal(
      makeExtract(blocks, { ...plain, intro: true }),
      'Fett und kursiv mit Text und Ziel. Zweiter Satz & mehr!',
    );
    assert.equal(makeExtract(blocks, { ...plain, sentences: 1 }), 'Fett und kursiv mit Text und Ziel.');
    assert.equal(makeExtract(blocks, { ...plain, chars: 10 }), 'Fett und kursiv…');
    assert.equal(
      makeExtract(blocks, { ...base, sentences: 1 }),
      '<p><b>Fett</b> und <i>kursiv</i> mit Text und Ziel.</p>',
    );
  });

  // The expected extracts are MediaWiki 1.39's for the same wikitext (its parser's HTML as
  // TextExtracts cuts it), on a wiki without the templates named in `missing`.
  const missing = new Set(['10:Other_uses', '10:Pp', '10:Infobox_x', '10:IPAc-en', '10:X', '10:Y', '10:Z']);
  const extract = (wikitext: string, options = {}) =>
    extractOfWikitext(wikitext, { ...base, ...options }, titles, missing);
  /** Each wikitext's extract, the elements TextExtracts removes taken out first, is its HTML. */
  const extractsAre = (answers: Array<[string, string]>) => {
    for (const [wikitext, html] of answers) assert.equal(extract(withoutRemovedElements(wikitext)), html, wikitext);
  };

  test('elements nested deeper than libxml builds end the text there, as in TextExtracts', () => {
    // MediaWiki 1.39's extracts, asked live: html, body, the paragraph and 254 elements are read.
    const pairs = '<b><i>\n'.repeat(300);
    assert.equal(extract(pairs), `<p>${'<b><i>\n'.repeat(127)}${'</i></b>'.repeat(127)}</p>`);
    assert.equal(extract(pairs, { plaintext: true }), '');
    // A link is an element of the parser's HTML: the one that would be too deep ends the text.
    const linked = 'Text <b>[[Link]]\n'.repeat(300);
    assert.equal(extract(linked), `<p>${'Text <b>Link\n'.repeat(253)}Text <b>${'</b>'.repeat(254)}</p>`);
    assert.equal(extract(linked, { plaintext: true }), `${'Text Link\n'.repeat(253)}Text`);
    assert.equal(extract('<span>a'.repeat(300)), `<p>${'<span>a'.repeat(254)}${'</span>'.repeat(254)}</p>`);
    // In a block quote, which ends there too (its paragraph one element deeper).
    const quoted = `<blockquote>${'<span>a'.repeat(300)}</blockquote>`;
    assert.equal(extract(quoted), `<blockquote><p>${'<span>a'.repeat(253)}${'</span>'.repeat(253)}</p></blockquote>`);
    assert.equal(extract(quoted, { plaintext: true }), 'a'.repeat(253));
    assert.equal(
      extract(`== Kopf ==\n${'<u>z\n'.repeat(300)}`),
      `<h2><span id="Kopf">Kopf</span></h2>\n<p>${'<u>z\n'.repeat(254)}${'</u>'.repeat(254)}</p>`,
    );
  });

  test('formatting elements left open across paragraphs open again three of a kind at most', () => {
    // The HTML parsing rules' "Noah's Ark" clause (MediaWiki 1.39, asked live).
    const smalls = (n: number) => `<small>${'<small>'.repeat(n)}x\n${'</small>'.repeat(n + 1)}`;
    assert.equal(
      extract(`${'<small>x\n\n'.repeat(5)}Ende.`),
      `<p>${[0, 1, 2, 3, 3].map((n) => smalls(n)).join('</p><p>')}</p><p>${'<small>'.repeat(3)}Ende.\n${'</small>'.repeat(3)}</p>`,
    );
    // Of the same tag, those of other attributes are of another kind.
    const u = '<u><u class="b">';
    assert.equal(
      extract(`${'<u>a\n\n<u class="b">b\n\n'.repeat(3)}z`),
      `<p><u>a\n</u></p><p><u><u class="b">b\n</u></u></p><p>${u}<u>a\n</u></u></u></p><p>${u}${u}b\n${'</u>'.repeat(4)}</p>` +
        `<p>${u}${u}<u>a\n${'</u>'.repeat(5)}</p><p>${u}${u}${u}b\n${'</u>'.repeat(6)}</p><p>${u}${u}${u}z\n${'</u>'.repeat(6)}</p>`,
    );
  });

  test("a table without its |} ends where MediaWiki's HTML tidying ends it", () => {
    extractsAre([
      // Closed by HTML's </table>, which ends the innermost open table whichever way it was opened.
      [
        "{| border=1\n<tr><td>A\n{| border=0\n<tr><td>B\n</table>\n</table>\n'''Text''' nach der Tabelle.\n\nZweiter Absatz.\n",
        '<p><b>Text</b> nach der Tabelle.\n</p><p>Zweiter Absatz.\n</p>',
      ],
      [
        'Vorher.\n{|\n| Zelle\n</table>\nDanach.\n{|\n| Zweite\n|}\nEnde.\n',
        '<p>Vorher.\n</p>\n\n<p>Danach.\n</p>\n\n<p>Ende.\n</p>',
      ],
      // A table opened where its parent has no open cell ends the parent and takes its place.
      ['Vorher.\n{|\n{|\n| Zelle\n|}\nNach dem Text.\n', '<p>Vorher.\n</p>\n\n<p>Nach dem Text.\n</p>'],
      ['{|\n|-\n{|\n| x\n|}\nText nach.\n\nZweiter.\n', '<p>Text nach.\n</p><p>Zweiter.\n</p>'],
      // In a cell it is nested: the text after its |} is still in the outer table's cell.
      ['{|\n| a\n{|\n| b\n|}\nImmer noch in der Zelle.\n', ''],
      ['{|\n| a\n<table><tr><td>b</td></tr></table>\n|}\nDanach.\n', '<p>Danach.\n</p>'],
      // An element left open in a cell ends with the cell (here with the table, or at the next cell).
      ['{|\n| a <div>offen\n{|\n| x\n|}\n|}\nDanach.\n', '<p>Danach.\n</p>'],
      ['Vorher.\n{|\n|\n<div>offen\n| zweite Zelle\n|}\nDanach.\n', '<p>Vorher.\n</p>\n\n<p>Danach.\n</p>'],
    ]);
    assert.equal(
      extract(withoutRemovedElements('Vorher.\n{|\n| Zelle\n</table>\nDanach.\n{|\n| Zweite\n|}\nEnde.\n'), {
        plaintext: true,
      }),
      'Vorher.\n\nDanach.\n\nEnde.',
    );
  });

  test("five quotes open bold and italics in the order the line's next quotes close them", () => {
    // MediaWiki 1.39 answers so: bold first before two quotes or the line's end, italics first otherwise.
    assert.equal(extract("'''''n''-paraffins'''"), '<p><b><i>n</i>-paraffins</b>\n</p>');
    assert.equal(extract("'''''x'''''"), '<p><i><b>x</b></i>\n</p>');
    assert.equal(extract("'''''x\ny"), '<p><b><i>x</i></b>\ny\n</p>');
    assert.equal(extract("'''''x'''y''"), '<p><i><b>x</b>y</i>\n</p>');
    // Quotes in a link's label are the label's own.
    assert.equal(extract("'''''[[Ziel|a'']] b'''"), '<p><i><b>a<i></i> b</b></i>\n</p>');
  });

  test("what MediaWiki's parser reads before it removes a reference or trims a line", () => {
    // MediaWiki 1.39 answers so: a space before a reference is no space before the colon after
    // it; a definition's no-break spaces stay (PHP trims ASCII white space only); an id has no spaces.
    assert.equal(extract('a b <ref>x</ref>: c'), '<p>a b : c\n</p>');
    assert.equal(extract('a b : c'), '<p>a b\u00a0: c\n</p>');
    assert.equal(extract('x\n:&nbsp;&nbsp;y'), '<p>x\n</p>\n<dl><dd>\u00a0\u00a0y</dd></dl>');
    assert.equal(extract('<span id="a  b">x</span>'), '<p><span id="a_b">x</span>\n</p>');
  });

  test("a removed element's list of references numbers the references' links first all the same", () => {
    // MediaWiki 1.39 numbers them so (a reference list template's <div>, which TextExtracts removes).
    const text = '[http://a.example] x<ref>[http://b.example]</ref>\n<div class="refs"><references/></div>';
    assert.match(extract(withoutRemovedElements(text)), /^<p>\[2\] x\n/);
    assert.match(extract(withoutRemovedElements(text.replace(/<div.*/, ''))), /^<p>\[1\] x\n/);
  });

  test('an end tag that cuts elements opened inside it: formatting ones open again before more text, others end', () => {
    // MediaWiki 1.39's HTML tidying answers so.
    assert.equal(extract('<b><span>x</b>y</span>'), '<p><b><span>x</span></b>y\n</p>');
    assert.equal(extract('<i>a<b>b</i></b>c'), '<p><i>a<b>b</b></i>c\n</p>');
    assert.equal(extract('<small>a<b>b</small>c</b>'), '<p><small>a<b>b</b></small><b>c</b>\n</p>');
    // Quotes write their own: italics opened again at once, even with nothing after them.
    assert.equal(extract("'''a''b'''"), '<p><b>a<i>b</i></b><i></i>\n</p>');
  });

  test("a second empty line's white space follows its line break", () => {
    // MediaWiki 1.39 answers so: the parser writes the line as it was after the break it adds.
    assert.equal(extract('a\n\n \nb'), '<p>a\n</p><p><br> \nb\n</p>');
    assert.equal(extract('a\n\n\n \nb'), '<p>a\n</p><p><br>\n</p><p>b\n</p>');
  });

  test("a list item's block quote: its text in a paragraph, closed with the item", () => {
    // MediaWiki 1.39 answers so: the HTML tidying wraps a quote's text and closes it at the item's end.
    assert.equal(
      extract(
        "Vorher\n# ''Eins.'' Text.<blockquote>\"Zitat\" -Jemand</blockquote>\n# Zwei<blockquote> nur </blockquote> nach",
      ),
      '<p>Vorher\n</p>\n<ol><li><i>Eins.</i> Text.<blockquote><p>"Zitat" -Jemand</p></blockquote></li>\n<li>Zwei<blockquote><p> nur </p></blockquote> nach</li></ol>',
    );
    assert.equal(
      extract(
        "* a<blockquote></blockquote>b\n: dd<blockquote>q</blockquote>\n* ''x<blockquote>q</blockquote>y''\n* Drei<blockquote>offen\nDanach",
      ),
      '<ul><li>a<blockquote></blockquote>b</li></ul>\n<dl><dd>dd<blockquote><p>q</p></blockquote></dd></dl>\n<ul><li><i>x<blockquote><p>q</p></blockquote>y</i></li>\n<li>Drei<blockquote><p>offen</p></blockquote></li></ul>\n<p>Danach\n</p>',
    );
  });

  test('an end tag of a block element that closes nothing makes its line no empty line', () => {
    // MediaWiki 1.39 answers so: the parser takes the line for a block's; its tidying drops the tag.
    assert.equal(extract('a\n</blockquote>\n\nb'), '<p>a\n</p>\n\n<p>b\n</p>');
    assert.equal(
      extract('* a\n</ul>\n\n== H ==\nb'),
      '<ul><li>a</li></ul>\n\n<h2><span id="H">H</span></h2>\n<p>b\n</p>',
    );
    assert.equal(extract('a\n </center> \nb'), '<p>a\n</p>\n  \n<p>b\n</p>');
    assert.equal(extract('a </blockquote> c\n\nb'), '<p>a  c\n</p><p>b\n</p>');
  });

  test('a line of inline tags alone is a line of the paragraph, not an empty one', () => {
    // MediaWiki 1.39 answers so (a template's `<span>{{DISPLAYTITLE:…}}</span>`, a stray end tag).
    assert.equal(extract('<span></span>\nMozais burts'), '<p><span></span>\nMozais burts\n</p>');
    assert.equal(extract('a\n\n<span></span>\n\nb'), '<p>a\n</p><p><span></span>\n</p><p>b\n</p>');
    assert.equal(extract('a\n<span></span>\n\nb'), '<p>a\n<span></span>\n</p><p>b\n</p>');
    assert.equal(extract('</span>\nx'), '<p>\nx\n</p>');
  });

  test('a call of a template that does not exist shows its title, alone or in a sentence', () => {
    assert.equal(
      extract(
        "{{other uses}}\n{{pp|small=yes}}\n{{Infobox x\n| a = b\n}}\n'''A''' ({{IPAc-en|x}}; b) c.\n\nNext {{x}} para.\n{{y}}\n\n{{z}}\n\nLast",
      ),
      '<p>Vorlage:Other uses\nVorlage:Pp\nVorlage:Infobox x\n<b>A</b> (Vorlage:IPAc-en; b) c.\n</p><p>Next Vorlage:X para.\nVorlage:Y\n</p><p>Vorlage:Z\n</p><p>Last\n</p>',
    );
    // Named with a namespace, or with a colon for the main namespace; a template that exists shows
    // nothing of its own here (its call is what is left of an element the extract leaves out).
    const elsewhere = new Set(['10:Foo_bar', '0:Nix_da', '2:Nix']);
    assert.equal(
      extractOfWikitext('{{Template:Foo bar}} {{:Nix da}} {{Benutzer:Nix}}{{Vorhanden}}', base, titles, elsewhere),
      '<p>Vorlage:Foo bar Nix da Benutzer:Nix</p>',
    );
  });

  test("paragraphs as MediaWiki's parser makes them of empty lines, files, categories and tables", () => {
    assert.equal(
      extract(
        'a\n\n\nb\n\n\n\nc\n== H ==\n\n\nd\n* x\n* y\ne\n\nf\n[[Datei:Logo.svg]]\n\n[[Kategorie:X]]\n\ng\n' +
          '[[Kategorie:Y]]\n{{Infobox Stadt}}\nh\n\n{|\n| Zelle\n|}\n\ni\n<!-- c -->\nj\n__NOTOC__\nk',
      ),
      '<p>a\n</p><p><br>\nb\n</p><p><br>\n</p><p>c\n</p>\n<h2><span id="H">H</span></h2>\n<p>d\n</p>\n' +
        '<ul><li>x</li>\n<li>y</li></ul>\n<p>e\n</p><p>f\n\n</p><p>g\n</p>\n\n<p>h\n</p>\n\n<p>i\nj\n</p><p>k\n</p>',
    );
    // The lead section ends without its empty lines; a page without a heading is its own lead,
    // and keeps them (MediaWiki's answers).
    assert.equal(extract('a\n\n\n== H ==\nb', { intro: true }), '<p>a\n</p>');
    assert.equal(extract('a\n\n{{Vorhanden}}\n\n{{DEFAULTSORT:x}}', { intro: true }), '<p>a\n</p>\n\n<p><br>\n</p>');
  });

  test("tables and comment lines after a heading: each table's line an element, empty lines counted; a reference after a table in a paragraph", () => {
    // Each answer as MediaWiki 1.39 gave it for the same text.
    assert.equal(
      extract('=== R ===\n{|\n|a\n|}\n\n{|\n|b\n|}\n\n{|\n|c\n|}\n\n== N ==\ntext'),
      '<h3><span id="R">R</span></h3>\n\n\n\n<h2><span id="N">N</span></h2>\n<p>text\n</p>',
    );
    assert.equal(
      extract('== H ==\n{|\n|a\n|}\n\n\n{|\n|b\n|}\ntext'),
      '<h2><span id="H">H</span></h2>\n\n<p><br>\n</p>\n\n<p>text\n</p>',
    );
    assert.equal(
      extract('== H ==\n<!-- c -->\n{|\n|a\n|}\n<!-- d -->\n{|\n|a\n|}\ntext'),
      '<h2><span id="H">H</span></h2>\n\n\n<p>text\n</p>',
    );
    // Empty lines before the first table or reference go with the heading; those after count.
    assert.equal(extract('== T ==\n\n\n\n{|\n|a\n|}\n\ntext'), '<h2><span id="T">T</span></h2>\n\n<p>text\n</p>');
    assert.equal(
      extract('== H ==\n\n<ref>x</ref>\n\n\n\ntext\n<references/>'),
      '<h2><span id="H">H</span></h2>\n<p>\n</p><p><br>\n</p><p>text\n</p>',
    );
    assert.equal(
      extract('== K ==\n{|\n|a\n|}<ref>x</ref>\n\n== H ==\n<references/>'),
      '<h2><span id="K">K</span></h2>\n<p>\n</p><h2><span id="H">H</span></h2>',
    );
    assert.equal(
      extract('text\n{|\n|a\n|}<ref>x</ref>\ntext2\n\n== H ==\n<references/>'),
      '<p>text\n</p>\n<p>\n</p><p>text2\n</p>\n<h2><span id="H">H</span></h2>',
    );
  });

  test("a block element in a link's label breaks the paragraph where the tidying meets it, which then ends in an empty one", () => {
    // Each answer as MediaWiki 1.39 gave it for the same text (the link's target a missing page).
    assert.equal(
      extract('[[Nixda|a<center>V</center>]]\ntext\n\ntext2'),
      '<p>a</p><center>V</center><p>\ntext\n</p><p class="mw-empty-elt"></p><p>text2\n</p>',
    );
    assert.equal(
      extract('x [[Nixda|a<center>V</center>]] y [[Nixda|c<center>W</center>]] z\n\ntext2'),
      '<p>x a</p><center>V</center><p> y c</p><center>W</center><p> z\n</p><p class="mw-empty-elt"></p><p>text2\n</p>',
    );
    assert.equal(
      extract('x [[Nixda|a<center>V</center>]]\n\n== H ==\ntext2'),
      '<p>x a</p><center>V</center>\n<p class="mw-empty-elt"></p>\n<h2><span id="H">H</span></h2>\n<p>text2\n</p>',
    );
    // On a line the parser leaves out of its paragraphs (a block element of its own), no empty one.
    assert.equal(
      extract('a\n[[Nixda|a<center>V</center>]] y<center>x</center>b\n\ntext2'),
      '<p>a\n</p>\n<p>a</p><center>V</center><p> y</p><center>x</center><p>b\n</p><p>text2\n</p>',
    );
  });

  test('a paragraph written as HTML keeps its attributes and its lines as written; a stray end tag makes an empty one', () => {
    // Each answer as MediaWiki 1.39 gave it for the same text.
    assert.equal(
      extract('<p style="text-align: center">Text <i>x</i>:</p>\n\nmore'),
      '<p style="text-align: center">Text <i>x</i>:</p>\n<p>more\n</p>',
    );
    assert.equal(extract('a\n<p>b</p>\nc'), '<p>a\n</p>\n<p>b</p>\n<p>c\n</p>');
    assert.equal(extract('<p class="x" id="y">b\n\nc</p>\nd'), '<p class="x" id="y">b\n\nc</p>\n<p>d\n</p>');
    assert.equal(extract('<ul><li>a\n\nb</li></ul>\nc'), '<ul><li>a\n\nb</li></ul>\n<p>c\n</p>');
    assert.equal(extract('a</p>b\n\nc'), '<p>a</p><p class="mw-empty-elt"></p><p>b\n</p><p>c\n</p>');
    // <center> opens no such element: an empty line in it ends nothing and shows nothing.
    assert.equal(extract('<center>b\n\nc</center>\nd'), '<center>b\nc</center>\n<p>d\n</p>');
  });

  test("an element a tag opens stays open over the paragraph's lines; a formatting one opens again after an empty line", () => {
    // Each answer as MediaWiki 1.39 gave it for the same text.
    assert.equal(extract('<small>a\nb</small>\n\ntext'), '<p><small>a\nb</small>\n</p><p>text\n</p>');
    assert.equal(
      extract('<small>a\n\nb</small>\n\ntext'),
      '<p><small>a\n</small></p><p><small>b</small>\n</p><p>text\n</p>',
    );
    assert.equal(extract('<span>a\n\nb</span> c'), '<p><span>a\n</span></p><p>b c\n</p>');
    // Bold and italics by quotes end with their line.
    assert.equal(extract("<small>''a\nb''</small>\n\nc"), '<p><small><i>a</i>\nb<i></i></small>\n</p><p>c\n</p>');
    // An element opened in an external link's label ends with the link.
    assert.equal(
      extract('<span>a [http://a.example <span>b] c</span>\nd\n\ne'),
      '<p><span>a <span>b</span> c</span>\nd\n</p><p>e\n</p>',
    );
  });

  test('a block element left open is closed where the text ends, or where the lead section does', () => {
    // Each answer as MediaWiki 1.39 gave it for the same text.
    assert.equal(extract('<center>\nx'), '<center>\n<p>x\n</p></center>');
    assert.equal(extract('<center>x'), '<center>x</center>');
    assert.equal(extract('<center>\n{|\n|x\n|}'), '<center>\n</center>');
    assert.equal(extract('<blockquote>x\n\ny'), '<blockquote><p>x\n</p><p>y\n</p></blockquote>');
    assert.equal(extract('<center>x\n== H ==\ny', { intro: true }), '<center>x\n</center>');
    assert.equal(extract('<center>\nx\n\n== H ==\ny</center>', { intro: true }), '<center>\n<p>x\n</p>\n</center>');
  });

  test('preformatted text in a line: formatting elements hold it and open again after it; the last line ends without a break', () => {
    // MediaWiki 1.39's answers for the same texts.
    extractsAre([
      ['z <pre>q</pre> w', '<p>z </p><pre>q</pre><p> w</p>'],
      ['z <div>q</div> w\n\n[[Kategorie:X]]', '<p>z </p><p> w</p>'],
      ['* a <pre>q&amp;</pre> w\nv', '<ul><li>a <pre>q&amp;</pre> w</li></ul>\n<p>v\n</p>'],
      ['== a <pre>q</pre> b ==\nx', '<h2><span id="a_q_b">a <pre>q</pre> b</span></h2>\n<p>x\n</p>'],
      ["''a <pre>b</pre> c''", '<p><i>a </i></p><i><pre>b</pre></i><p><i> c</i></p>'],
      ["''a <div>b</div> c''", '<p><i>a </i></p><i></i><p><i> c</i></p>'],
      ["'''a <pre>b</pre>''' c", '<p><b>a </b></p><b><pre>b</pre></b><p> c</p>'],
      // Quotes in the last line of an element the extract leaves out still open bold and italics
      // for the rest of that line.
      ["<div>\n''a </div> c''", '<p><i> c</i></p>'],
      ["<div>x\n'''a</div> c\nd", '<p><b> c</b>\n</p><p>d\n</p>'],
      ["<div>x\n'''''a</div> c'''''", '<p><i><b> c</b></i></p>'],
      ["<div>x\n''a'' b</div> c''", '<p> c<i></i></p>'],
      [
        '<small>a <pre>b</pre> c</small>\nd',
        '<p><small>a </small></p><small><pre>b</pre></small><p><small> c</small>\n</p><p>d\n</p>',
      ],
    ]);
  });

  test('a rule written as HTML is an element of its own, an element of an item; anchors take runs of spaces as one', () => {
    // MediaWiki 1.39's answers for the same texts.
    extractsAre([
      ['a <hr/> c\nd', '<p>a </p><hr><p> c\n</p><p>d\n</p>'],
      ['x\n<hr>\nd', '<p>x\n</p>\n<hr>\n<p>d\n</p>'],
      ['* a <hr> c', '<ul><li>a <hr> c</li></ul>'],
      ["''a <hr> c''", '<p><i>a </i></p><i><hr></i><p><i> c</i></p>'],
      ['a <hr style="color:red" class="q" onclick="x"> c', '<p>a </p><hr style="color:red" class="q"><p> c</p>'],
      ['== a <hr> b ==', '<h2><span id="a_b">a <hr> b</span></h2>'],
      ['== a__b ==', '<h2><span id="a_b">a__b</span></h2>'],
      ['== a\tb ==', '<h2><span id="a.09b"></span><span id="a_b">a\tb</span></h2>'],
    ]);
  });

  test('headings in tables count for the table of contents, which stands in a table where its place is in one', () => {
    // MediaWiki 1.39's answers for the same texts: the table of contents of four headings, in a
    // table (left out with it) where the first heading or the first __TOC__ is in one.
    extractsAre([
      [
        'a\n{|\n| __TOC__\n|}\n== A ==\nb\n== B ==\nc',
        '<p>a\n</p>\n\n<h2><span id="A">A</span></h2>\n<p>b\n</p>\n<h2><span id="B">B</span></h2>\n<p>c\n</p>',
      ],
      [
        'a\n{|\n|\n== X ==\n|\n== Y ==\n|}\n== A ==\nb\n== B ==\nc',
        '<p>a\n</p>\n\n<h2><span id="A">A</span></h2>\n<p>b\n</p>\n<h2><span id="B">B</span></h2>\n<p>c\n</p>',
      ],
      [
        'a\n== Q ==\n{|\n|\n== X ==\n|\n== Y ==\n|}\n== A ==\nb\n== B ==\nc',
        '<p>a\n</p>\n\n\n<h2><span id="Q">Q</span></h2>\n\n<h2><span id="A">A</span></h2>\n<p>b\n</p>\n<h2><span id="B">B</span></h2>\n<p>c\n</p>',
      ],
      [
        'a\n__TOC__\n{|\n|\n== X ==\n|\n== Y ==\n|}\n== A ==\nb\n== B ==\nc',
        '<p>a\n</p>\n\n\n\n<h2><span id="A">A</span></h2>\n<p>b\n</p>\n<h2><span id="B">B</span></h2>\n<p>c\n</p>',
      ],
    ]);
  });

  test('tags in texts that are not wikitext are no elements to leave out', () => {
    // MediaWiki 1.39's answers for the same texts.
    extractsAre([
      [
        'x <nowiki><div>, <table>: etc.</nowiki> element.\n\n<pre><div style="a">T</div></pre>\n:\'\'w:\'\'\n<div style="b">Text</div>\n\nz',
        '<p>x &lt;div&gt;, &lt;table&gt;: etc. element.\n</p>\n<pre>&lt;div style="a"&gt;T&lt;/div&gt;</pre>\n<dl><dd><i>w:</i></dd></dl>\n\n<p>z\n</p>',
      ],
      ['<div>a<pre></div></pre>b</div>c', '<p>c</p>'],
    ]);
  });

  test('the lead section is parsed alone: an element open at the heading ends there', () => {
    // MediaWiki 1.39's answers for the same texts: the same whether it cuts the whole page's HTML
    // at the first heading (a page in its parser cache) or parses the lead section alone.
    const lead = (wikitext: string) => {
      const section = leadSection(wikitext);
      return extract(withoutRemovedElements(section.text), { intro: true, leadGiven: section.leadGiven });
    };
    assert.equal(lead('<div style="x">\nLead {{!}}.\n\n== P ==\nq\n</div>\n\n[[Kategoreja:Dok]]'), '');
    assert.equal(lead('a <div>b\n\n== P ==\nq\n</div> c\n\nd'), '<p>a </p>');
  });

  test('an element that is no formatting one, open at an element of its own, holds it outside any paragraph', () => {
    // MediaWiki 1.39's answers for the same texts: the tidying takes the open `<span>` out of its
    // paragraph and puts the element in it, the text after the span in a paragraph again.
    extractsAre([
      ['<span>a <div>b</div> c</span>', '<span>a  c</span>'],
      ['<span>a <pre>b</pre> c</span>\nd', '<span>a <pre>b</pre> c</span>\n<p>d\n</p>'],
      ['x <span>a [[Datei:X.png|mini|q]] c</span> y', '<p>x </p><span>a  c</span><p> y</p>'],
      ['x <span>a <div>b</div> c</span> d <pre>e</pre> f', '<p>x </p><span>a  c</span><p> d </p><pre>e</pre><p> f</p>'],
      ['<span>a <div>b</div> c <pre>d</pre> e</span> f', '<span>a  c <pre>d</pre> e</span><p> f</p>'],
      ['<sup>a <div>b</div> c</sup>\n\nd', '<sup>a  c</sup>\n<p>d\n</p>'],
    ]);
  });

  test('an element of its own ends the paragraph the lines before opened elements in: formatting ones open again', () => {
    // MediaWiki 1.39's answers for the same texts.
    extractsAre([
      [
        '<small>a\nb <pre>c</pre> d</small>\ne',
        '<p><small>a\n</small></p><p><small>\nb </small></p><small><pre>c</pre></small><p><small> d</small>\n</p><p>e\n</p>',
      ],
      ['<span>a\nb <pre>c</pre> d</span>\ne', '<p><span>a\n</span></p><p>\nb </p><pre>c</pre><p> d\n</p><p>e\n</p>'],
      ['xx <span>a\nb <pre>c</pre> d</span> e', '<p>xx <span>a\n</span></p><p>\nb </p><pre>c</pre><p> d e</p>'],
      [
        '<small>a\nb [[Datei:X.png|mini|q]] d</small>\ne',
        '<p><small>a\n</small></p><p><small>\nb </small></p><small></small><p><small> d</small>\n</p><p>e\n</p>',
      ],
    ]);
  });

  test('formatting elements a paragraph left open at a list or heading are held around each block after it', () => {
    // MediaWiki 1.39's answers for the same texts: the tidying opens them again around the lists,
    // headings and preformatted text after, TextExtracts closes them at once before a paragraph,
    // and a paragraph holding their end tag has its text up to it in them.
    extractsAre([
      [
        'a <small>b\n: c\nd</small> e',
        '<p>a <small>b\n</small></p><small><dl><dd>c</dd></dl></small><small></small><p><small>d</small> e\n</p>',
      ],
      [
        'a <small>b\n: c\ne f\n\ng h\n== H ==\ni\n* j\nk',
        '<p>a <small>b\n</small></p><small><dl><dd>c</dd></dl></small><small></small><p>e f\n</p><p>g h\n</p>' +
          '<small><h2><span id="H">H</span></h2></small><small></small><p>i\n</p><small><ul><li>j</li></ul></small>' +
          '<small></small><p>k\n</p>',
      ],
      [
        'x <small><b>b\n: c\nd</b> e\n== H ==\nf</small> g',
        '<p>x <small><b>b\n</b></small></p><small><b><dl><dd>c</dd></dl></b></small><small><b></b></small><p><b>d</b> e\n' +
          '</p><small><h2><span id="H">H</span></h2></small><small></small><p><small>f</small> g\n</p>',
      ],
      [
        'a <small>b\n: c\n{|\n| t\n|}\nd</small> e',
        '<p>a <small>b\n</small></p><small><dl><dd>c</dd></dl></small><small></small><small></small><p><small>d</small> e\n</p>',
      ],
      [
        'a <small>b\n: c\n pre\nd</small> e',
        '<p>a <small>b\n</small></p><small><dl><dd>c</dd></dl></small><small><pre>pre\n</pre></small><small></small>' +
          '<p><small>d</small> e\n</p>',
      ],
      // Their end tag alone on a line closes them in its paragraph, empty (the tidying found them open).
      [
        'a <small>b\n: c\n</small>\n\n== H ==\nd',
        '<p>a <small>b\n</small></p><small><dl><dd>c</dd></dl></small><small></small><p><small></small>\n</p>\n' +
          '<h2><span id="H">H</span></h2>\n<p>d\n</p>',
      ],
      // `<font>`, `<code>`, `<em>` and `<strong>` TextExtracts keeps around a run of paragraphs.
      [
        'a <font color="red">b\n* c\nd e\n\nf</font> g',
        '<p>a <font color="red">b\n</font></p><font color="red"><ul><li>c</li></ul></font><font color="red"><p>d e\n</p></font>' +
          '<p><font color="red">f</font> g\n</p>',
      ],
      // A paragraph's `<small>` holds a `<center>` line or a table left out after it; TextExtracts
      // closes `<font>`, `<b>` and `<i>` before a `<center>`.
      [
        'x <small>\ny\n<center>Hi</center>\nz</small> w',
        '<p>x <small>\ny\n</small></p><small><center>Hi</center></small><small></small><p><small>z</small> w\n</p>',
      ],
      [
        'x <b>\ny\n<center>Hi</center>\nz</b> w',
        '<p>x <b>\ny\n</b></p><b></b><center>Hi</center><b></b><p><b>z</b> w\n</p>',
      ],
      [
        'a <small>b\n{|\n| t\n|}\nc</small> d',
        '<p>a <small>b\n</small></p><small></small><small></small><p><small>c</small> d\n</p>',
      ],
      // A line starting with a tag is no preformatted text, whatever follows it.
      ['a\n\n</b> x', '<p>a\n</p><p> x\n</p>'],
      [
        'a <small>b\n\n== H ==\nc</small> d',
        '<p>a <small>b\n</small></p><small><h2><span id="H">H</span></h2></small><small></small><p><small>c</small> d\n</p>',
      ],
    ]);
    // A lead section's line break at its end opens them again, empty.
    assert.equal(
      extract(withoutRemovedElements('a <small>b\n: c\ne f\n'), { intro: true, leadGiven: 'cut' }),
      '<p>a <small>b\n</small></p><small><dl><dd>c</dd></dl></small><small></small><p>e f\n</p><small></small>',
    );
    assert.equal(
      extract(withoutRemovedElements('a <small>b\n'), { intro: true, leadGiven: 'cut' }),
      '<p>a <small>b\n</small></p><small></small>',
    );
  });

  test('an element of its own in a line: the text before and after it are paragraphs of their own', () => {
    extractsAre([
      // After it, a paragraph up to the next element or paragraph; the spaces before a link stay
      // outside it, those before text go in (MediaWiki 1.39's answers).
      [
        'Para one\n\n[[Datei:X.jpg|mini|B]] after\nnext line\n\n[[Datei:X.jpg|mini|B]] [[Ziel]] x\n== H ==',
        '<p>Para one\n</p>\n<p> after\n</p><p>next line\n</p>\n <p>Ziel x\n</p><h2><span id="H">H</span></h2>',
      ],
      // Before it, a paragraph that the line break before it joins when it starts with text.
      [
        'Para one\nScreen readers text.[[Datei:X.jpg|mini|B]] after\nnext',
        '<p>Para one\n</p><p>\nScreen readers text.</p><p> after\n</p><p>next\n</p>',
      ],
      ['a\n{{Y}}<div>x</div>bar\n\nc', '<p>a\n</p>\n<p>Vorlage:Y</p><p>bar\n</p><p>c\n</p>'],
      // A reference alone on its line is an element of a paragraph, empty in the extract.
      ['a\n\n<ref>b</ref>\n\n== H ==', '<p>a\n</p><p>\n</p>\n<h2><span id="H">H</span></h2>'],
      // Also on the line after a heading, among comment lines, which go.
      [
        '===S===\n<ref>x</ref>\nThe Institute\n== T ==\n<!-- c -->\n<ref>y</ref>\nb',
        '<h3><span id="S">S</span></h3>\n<p>\nThe Institute\n</p>\n<h2><span id="T">T</span></h2>\n<p>\nb\n</p>',
      ],
      // A list of references is such an element when it lists any, else nothing.
      [
        'a<ref>x</ref>\n== H ==\n<references/>\n\n== J ==\nb',
        '<p>a\n</p>\n<h2><span id="H">H</span></h2>\n\n<h2><span id="J">J</span></h2>\n<p>b\n</p>',
      ],
      [
        'a\n== H ==\n<references/>\n\n== J ==\nb',
        '<p>a\n</p>\n<h2><span id="H">H</span></h2>\n<p><br>\n</p>\n<h2><span id="J">J</span></h2>\n<p>b\n</p>',
      ],
      // A horizontal rule and a centered element are such elements, which the extract keeps; the
      // text in a centered element on its line is in no paragraph, the lines after it are.
      ['a\n----\nb\n\n----\n\nc', '<p>a\n</p>\n<hr>\n<p>b\n</p>\n<hr>\n<p>c\n</p>'],
      [
        'a\n\n<center>\n{|\n|x\n|}\n</center>\n\n== H ==\nx <center>V v</center> y\n<center>\nfoo\n</center>\nc',
        '<p>a\n</p>\n<center>\n\n</center>\n<h2><span id="H">H</span></h2><p>\nx </p><center>V v</center><p> y\n' +
          '</p><center>\n<p>foo\n</p>\n</center>\n<p>c\n</p>',
      ],
      // So are the block elements of HTML an extract keeps (lists, block quotes holding more than
      // lines of text); the text in a list's item is in no paragraph.
      [
        'bolded:\n<ol start="4">\n<li>No animal <b>with.</b></li>\n<li>Two</li>\n</ol>\nEventually\n\n<blockquote>\n* x\n* y\n</blockquote>\nOther',
        '<p>bolded:\n</p>\n<ol start="4">\n<li>No animal <b>with.</b></li>\n<li>Two</li>\n</ol>\n<p>Eventually\n</p>\n' +
          '<blockquote>\n<ul><li>x</li>\n<li>y</li></ul>\n</blockquote>\n<p>Other\n</p>',
      ],
      // A behaviour switch in a table counts, though the table is left out: no table of contents.
      [
        'a\n\n{|\n| x __NOTOC__\n|}\n\n== A ==\n== B ==\n== C ==\n== D ==',
        '<p>a\n</p>\n\n<h2><span id="A">A</span></h2>\n<h2><span id="B">B</span></h2>\n' +
          '<h2><span id="C">C</span></h2>\n<h2><span id="D">D</span></h2>',
      ],
      // Preformatted text is one too, as written, without the line break after its tag.
      ['a\n<pre>\n{{X\n| y = 1\n}}\n</pre>\nb', '<p>a\n</p>\n<pre>{{X\n| y = 1\n}}\n</pre>\n<p>b\n</p>'],
      // The text before a block quote on its line is such a paragraph too.
      ['a\n\nb: <blockquote>c</blockquote>\nd', '<p>a\n</p><p>\nb: </p><blockquote><p>c</p></blockquote>\n<p>d\n</p>'],
    ]);
  });

  test('a language link or category written with percent-encoded characters shows nothing', () => {
    // MediaWiki 1.39's answer.
    extractsAre([['a [[en:Anv%C3%A4ndare:X]] b [[Kategorie:A%20B]] c', '<p>a b c\n</p>']]);
  });

  test('a link whose target no title can have shows as written, its label read as wikitext', () => {
    // MediaWiki 1.39's answer (a template's page, its parameters left).
    extractsAre([
      [
        "a [[{{{3}}}]] b [[{{{from}}}|current ''talk'' page]] c",
        '<p>a [[{{{3}}}]] b [[{{{from}}}|current <i>talk</i> page]] c\n</p>',
      ],
    ]);
  });

  test("a parameter left is text, an external link's address included; plain text keeps a last U+FEFF", () => {
    // MediaWiki 1.39's answers: PHP's trim leaves other spaces than ASCII ones.
    extractsAre([
      ['<tt>[http://www.sil.org/x?id={{{code}}} {{{code}}}]</tt> {{{1}}}', '<p><tt>{{{code}}}</tt> {{{1}}}\n</p>'],
    ]);
    assert.equal(extract('{{{1}}}\ufeff', { plaintext: true }), '{{{1}}}\ufeff');
  });

  test('bold and italics closed as opened; a cut without a sentence end, or at an empty paragraph', () => {
    assert.equal(extract("'''''A''''', b ''c'''d'''''"), '<p><i><b>A</b></i>, b <i>c<b>d</b></i>\n</p>');
    // No sentence ends: the first line of the HTML, as it is.
    assert.equal(extract('fr:Benutzer:X and more', { sentences: 1 }), '<p>fr:Benutzer:X and more');
    assert.equal(extract('Text', { chars: 1 }), '<p class="mw-empty-elt"></p>…');
  });

  test('a talk page shows language links as links; a comment last in the text leaves its line', () => {
    // As MediaWiki 1.39 parses them.
    assert.equal(extract('Bitte [[en:User talk:X]] hier', { talkPage: true }), '<p>Bitte en:User talk:X hier\n</p>');
    assert.equal(extract('Bitte [[en:User talk:X]] hier'), '<p>Bitte hier\n</p>');
    assert.equal(extract('Text\n\n<!-- c -->'), '<p>Text\n</p><p><br>\n</p>');
    assert.equal(extract('Text\n<!-- c -->\nMehr'), '<p>Text\nMehr\n</p>');
  });

  test('a category link takes the empty lines before it away; first in the text, its line break stays', () => {
    // As MediaWiki 1.39 parses them.
    assert.equal(extract('[[Kategorie:X]]\n\ntext'), '<p><br>\ntext\n</p>');
    assert.equal(extract('[[Kategorie:X]]\ntext'), '<p>text\n</p>');
    assert.equal(extract('a\n\n[[Kategorie:X]]\nb'), '<p>a\nb\n</p>');
  });

  test("bold and italics in links: a wiki link's label has its own, an external link's end closes and reopens them", () => {
    // As MediaWiki 1.39 parses and tidies them (its links left out).
    assert.equal(extract("''a [[Berlin|b'' c]] d''"), '<p><i>a b<i> c</i> d</i>\n</p>');
    assert.equal(extract("[[Berlin|''a]]''"), '<p><i>a</i><i></i>\n</p>');
    assert.equal(extract("x [[Berlin|'''a]] b'''"), '<p>x <b>a</b> b<b></b>\n</p>');
    assert.equal(extract("[http://x.org ''The Rise' ]."), "<p><i>The Rise' </i><i>.</i>\n</p>");
  });

  test('a cut is tidied before it is trimmed; an item ends the open one of its kind in the same list', () => {
    // The space before the closing tag the tidying adds stays.
    assert.equal(extract('Eins zwei (drei) vier', { chars: 13 }), '<p>Eins zwei </p>…');
    assert.equal(extract('Eins zwei (drei) vier', { chars: 10, plaintext: true }), 'Eins zwei…');
    const items = '<ul>\n<li>eins\n<li>zwei\n<li>drei</ul> und noch viel mehr Text danach';
    assert.equal(extract(items, { chars: 28 }), '<ul>\n<li>eins\n</li><li>zwei\n</li><li>drei</li></ul>…');
  });

  test('a tag of an extension the wiki lacks shows as written', () => {
    const text = 'Sei <math>ax^2+b</math> und <syntaxhighlight lang="php">echo 1;</syntaxhighlight> x';
    assert.equal(
      extractOfWikitext(text, base, titles, new Set(), tagsOfMissingExtensions(['Cite'])),
      '<p>Sei &lt;math&gt;ax^2+b&lt;/math&gt; und &lt;syntaxhighlight lang="php"&gt;echo 1;&lt;/syntaxhighlight&gt; x\n</p>',
    );
    // What such a tag encloses is wikitext: lines indented by a space are preformatted text.
    assert.equal(
      extractOfWikitext(
        "a\n<timeline>\nColors =\n  id:x ''y''\n \n  id:z\n</timeline>\n<poem>''b''</poem>",
        base,
        titles,
        new Set(),
        tagsOfMissingExtensions(['Cite']),
      ),
      '<p>a\n&lt;timeline&gt;\nColors =\n</p>\n<pre> id:x <i>y</i>\n\n id:z\n</pre>\n<p>&lt;/timeline&gt;\n&lt;poem&gt;<i>b</i>&lt;/poem&gt;\n</p>',
    );
    // A line that begins with a reference is no preformatted text; one that begins with a comment
    // is (MediaWiki's answers).
    assert.equal(extract('a\n<ref name="x"/> Since\n<!-- c --> pre'), '<p>a\n Since\n</p>\n<pre>pre\n</pre>');
    // With the extension, the formula is left out.
    assert.equal(
      extractOfWikitext('Sei <math>ax^2+b</math> x', base, titles, new Set(), tagsOfMissingExtensions(['Math'])),
      '<p>Sei  x\n</p>',
    );
    // So is a behaviour switch of one (Disambiguator's __DISAMBIG__), and the parser's own are not.
    const switches = 'a __DISAMBIG__ b __NOTOC__ c';
    assert.equal(
      extractOfWikitext(switches, base, titles, new Set(), tagsOfMissingExtensions([])),
      '<p>a __DISAMBIG__ b  c\n</p>',
    );
    assert.equal(
      extractOfWikitext(switches, base, titles, new Set(), tagsOfMissingExtensions(['Disambiguator'])),
      '<p>a  b  c\n</p>',
    );
  });

  test('a parser function of an extension the wiki lacks shows as written, its arguments read', () => {
    // MediaWiki's answers on a wiki without Scribunto: `#invoke:` names no function and no page.
    const tags = tagsOfMissingExtensions(['Cite']);
    const long = `{{#invoke:Infobox|infobox|name=${'x'.repeat(60)}|a={{Y}}}}`;
    assert.equal(
      extractOfWikitext(`{{#invoke:Coordinates|coord}}\n${long}\n'''A''' b`, base, titles, missing, tags),
      `<p>{{#invoke:Coordinates|coord}}\n{{#invoke:Infobox|infobox|name=${'x'.repeat(60)}|a=Vorlage:Y}}\n<b>A</b> b\n</p>`,
    );
    // With Scribunto, the call is the module's output, which this text does not have.
    assert.equal(
      extractOfWikitext(
        '{{#invoke:Coordinates|coord}}\nA',
        base,
        titles,
        missing,
        tagsOfMissingExtensions(['Scribunto']),
      ),
      '<p>A\n</p>',
    );
  });

  test("a heading's references number its anchor; the spaces before an element end no item or heading", () => {
    // MediaWiki's answers: Cite's label is in the heading's text when the anchor is made of it, and
    // the parser trims a line before TextExtracts removes the reference's element.
    assert.equal(
      extract(
        withoutRemovedElements(
          '{|\n| <ref>in a table</ref>\n|}\n==Latgaļu Pīterpilī <ref name ="leik">x</ref>==\n* a [http://x.y b ] \n' +
            '* c <ref>d</ref>\n* e \n== B <ref name=leik/> ==\ntext<ref group=n>x</ref>\n== C<ref group=n>y</ref> ==',
        ),
      ),
      '<h2><span id="Latga.C4.BCu_P.C4.ABterpil.C4.AB_.5B2.5D"></span><span id="Latgaļu_Pīterpilī_[2]">Latgaļu Pīterpilī </span></h2>\n' +
        '<ul><li>a b </li>\n<li>c </li>\n<li>e</li></ul>\n' +
        '<h2><span id="B_.5B2.5D"></span><span id="B_[2]">B </span></h2>\n<p>text\n</p>\n' +
        '<h2><span id="C.5Bn_2.5D"></span><span id="C[n_2]">C</span></h2>',
    );
  });

  test('an external link without a label shows its number, counted in tables and references too', () => {
    // MediaWiki's numbers: those of the references first when the page lists them, then the
    // text's own in order, tables' included.
    const links = '\n{|\n| [http://t]\n|}\nc [http://u]\n== H ==\n{|\n| [http://v]\n|}\nd [http://w] [http://k l]';
    assert.equal(
      extract(`a [http://x.y] <ref>[http://r.s]</ref> b [http://z ]${links}\n<references/>`),
      '<p>a [2]  b [3]\n</p>\n\n<p>c [5]\n</p>\n<h2><span id="H">H</span></h2>\n\n<p>d [7] l\n</p>',
    );
    // Without the list, the references' links come last.
    assert.equal(
      extract(`a <ref>[http://r.s]</ref> b${links}`),
      '<p>a  b\n</p>\n\n<p>c [2]\n</p>\n<h2><span id="H">H</span></h2>\n\n<p>d [4] l\n</p>',
    );
  });

  test('a category or language link takes the spaces before it away, but not those in an element', () => {
    // MediaWiki's answers.
    extractsAre([
      ['a \n[[en:X]]\nb', '<p>a\nb\n</p>'],
      ['a  [[Kategorie:X]] b', '<p>a b\n</p>'],
      ['a [[B| ]] [[Kategorie:X]]', '<p>a  \n</p>'],
      ['Auf niemand. __NOINDEX__\n[[Kategorie:Wartung]]', '<p>Auf niemand.\n</p>'],
      ['a \n\n[[Kategorie:X]]', '<p>a\n</p>'],
      // A link without a label shows its target as written but for the spaces before it.
      ['[[ Abc ]] x [[ Abc#y ]] [[: Abc ]]\n* [[B ]]', '<p>Abc  x Abc#y   Abc \n</p>\n<ul><li>B </li></ul>'],
    ]);
  });

  test('lists nested as the parser nests them', () => {
    assert.equal(
      extract('* A\n** B\n** C\n* D\n# E\n#* F\nG\n: H\n:: I'),
      '<ul><li>A\n<ul><li>B</li>\n<li>C</li></ul></li>\n<li>D</li></ul>\n<ol><li>E\n<ul><li>F</li></ul></li></ol>\n' +
        '<p>G\n</p>\n<dl><dd>H\n<dl><dd>I</dd></dl></dd></dl>',
    );
    // A term and its definition on one line, and on two, in one list (MediaWiki's answer).
    assert.equal(
      extract("; a : b\n; c: d [http://x.y z:w] e\n;f\n:g\n; ''x:y'' : z"),
      '<dl><dt>a</dt>\n<dd>b</dd>\n<dt>c</dt>\n<dd>d z:w e</dd>\n<dt>f</dt>\n<dd>g</dd>\n<dt><i>x:y</i></dt>\n<dd>z</dd></dl>',
    );
  });

  test('a list item whose element was left out stays, empty; an empty li is written without its end tag', () => {
    // MediaWiki's answers for these pages (the div stands for any element TextExtracts removes).
    extractsAre([
      [':<div>a</div>\nA', '<dl><dd></dd></dl>\n<p>A\n</p>'],
      ['\n:<div>a</div>\n<div>b</div>\n\nA', '<dl><dd></dd></dl>\n\n<p>A\n</p>'],
      [':<div>a</div> c\nA', '<dl><dd> c</dd></dl>\n<p>A\n</p>'],
      [':\nA', '<dl><dd></dd></dl>\n<p>A\n</p>'],
      ['* \nA', '<ul><li class="mw-empty-elt"></ul>\n<p>A\n</p>'],
      [':<div>a</div>\n:b\nA', '<dl><dd></dd>\n<dd>b</dd></dl>\n<p>A\n</p>'],
      ['#<div>a</div>\n#b\nA', '<ol><li>\n<li>b</li></ol>\n<p>A\n</p>'],
      [':<div>a</div>\n*b\nA', '<dl><dd></dd></dl>\n<ul><li>b</li></ul>\n<p>A\n</p>'],
    ]);
    assert.equal(extract(withoutRemovedElements('*<div>a</div>\n*b\nA'), { plaintext: true }), 'b\nA');
    // A heading's anchor met before gets the first free number (ASCII letters compared lowercased).
    assert.equal(
      extract('== A ==\n== A ==\n== a ==\n== Ä ==\n== Ä ==\n== A_2 =='),
      '<h2><span id="A">A</span></h2>\n<h2><span id="A_2">A</span></h2>\n<h2><span id="a_3">a</span></h2>\n' +
        '<h2><span id=".C3.84"></span><span id="Ä">Ä</span></h2>\n' +
        '<h2><span id=".C3.84_2"></span><span id="Ä_2">Ä</span></h2>\n<h2><span id="A_2_2">A_2</span></h2>',
    );
    // A table right after a heading is an element after it (read by the parser with the heading).
    assert.equal(extract('== H ==\n{|\n| x\n|}\nText'), '<h2><span id="H">H</span></h2>\n\n<p>Text\n</p>');
    assert.equal(
      extract('== H ==\n{|\n| x\n|}\n== I ==\nT'),
      '<h2><span id="H">H</span></h2>\n\n<h2><span id="I">I</span></h2>\n<p>T\n</p>',
    );
    // French spacing: no-break spaces before ?:;!%» and after «, in text only (MediaWiki's answer).
    assert.equal(
      extract('a : b ? c « h x :y x :é <span title="a : b">z :</span> [[B|l :]]'),
      '<p>a\u00a0: b\u00a0? c «\u00a0h x :y x :é <span title="a : b">z\u00a0:</span> l\u00a0:\n</p>',
    );
    assert.equal(extract('a : b « h', { plaintext: true }), 'a : b « h');
    // A parameter left by the expansion (no value, no default) shows as written.
    assert.equal(extract("a {{{1}}} b ''{{{2}}}''"), '<p>a {{{1}}} b <i>{{{2}}}</i>\n</p>');
    // A link labelled with a space is content of its line: its paragraph stays.
    assert.equal(extract('A\n\n[[Kategoreja:X| ]]'), '<p>A\n</p><p> \n</p>');
    assert.equal(extract('A\n[[B| ]]\nC'), '<p>A\n \nC\n</p>');
  });

  test('inline HTML keeps its tag and the attributes the sanitizer allows; a span loses class and style', () => {
    // MediaWiki's answers for the same text.
    assert.equal(
      extract(
        'A <strong>x</strong> <span lang="la" class="y">z</span> <small>s</small> <abbr title="t">a</abbr> ' +
          '<span style="color:red">r</span> <font color="red">f</font> <em>e</em> <span title="a&quot;b">t</span>',
      ),
      '<p>A <strong>x</strong> <span lang="la">z</span> <small>s</small> <abbr title="t">a</abbr> <span>r</span> ' +
        '<font color="red">f</font> <em>e</em> <span title=\'a"b\'>t</span>\n</p>',
    );
    assert.equal(
      extract(
        'A <span id="i1" onclick="x()" tabindex="1" data-x="1" aria-label="l">z</span> <b class="c">b</b> <i style="a">i</i>',
      ),
      '<p>A <span id="i1" data-x="1" aria-label="l">z</span> <b class="c">b</b> <i style="a">i</i>\n</p>',
    );
    assert.equal(extract('A <strong>x</strong>', { plaintext: true }), 'A x');
    // A line of line breaks only is a line of its paragraph; a break keeps its `clear`.
    assert.equal(
      extract("a).<br />\n<br />\n'''b''':<br>\nc\n<br clear=\"all\" class=\"x\">\n\nd"),
      '<p>a).<br>\n<br>\n<b>b</b>:<br>\nc\n<br clear="all" class="x">\n</p><p>d\n</p>',
    );
  });

  test('a redirect shows what follows its link', () => {
    const redirect = '#REDIRECT [[Abbeville]]\n\n{{R from CamelCase}}';
    assert.equal(
      extractOfWikitext(redirect, base, titles, new Set(['10:R_from_CamelCase'])),
      '<p>Vorlage:R from CamelCase\n</p>',
    );
    assert.equal(extract('#WEITERLEITUNG [[Abbeville]]'), '');
  });

  test('headings: the legacy anchor before the anchor, the table of contents before the first of four', () => {
    assert.equal(
      extract('a\n== Nūruodis ==\nb'),
      '<p>a\n</p>\n<h2><span id="N.C5.ABruodis"></span><span id="Nūruodis">Nūruodis</span></h2>\n<p>b\n</p>',
    );
    assert.equal(
      extract('a\n== A ==\n== B ==\n== C ==\n== D =='),
      '<p>a\n</p>\n\n\n<h2><span id="A">A</span></h2>\n<h2><span id="B">B</span></h2>\n' +
        '<h2><span id="C">C</span></h2>\n<h2><span id="D">D</span></h2>',
    );
    assert.match(extract('__NOTOC__\na\n== A ==\n== B ==\n== C ==\n== D =='), /^<p>a\n<\/p>\n<h2>/);
    // One in a nowiki tag counts for nothing: the table of contents keeps its place (MediaWiki
    // 1.39's answer; it also shows the switch as text, which this extract does not yet).
    assert.match(extract('a\n<nowiki>__NOTOC__</nowiki>\n\n== A ==\n== B ==\n== C ==\n== D =='), /<\/p>\n\n\n<h2>/);
    // `__TOC__` places it, with one heading too (MediaWiki's answers).
    assert.equal(
      extract('a\n__TOC__\n{{Y}}\n\n==P==\nb'),
      '<p>a\n</p>\n\n\n<p>Vorlage:Y\n</p>\n<h2><span id="P">P</span></h2>\n<p>b\n</p>',
    );
    // Without a heading, its place ends the paragraph before it, as an element left out does.
    assert.equal(extract('a.\n__TOC__\n{{Y}}'), '<p>a.\n</p>\n\n<p>Vorlage:Y\n</p>');
    assert.equal(
      extract('a\n==P==\nb\n__TOC__\nc'),
      '<p>a\n</p>\n<h2><span id="P">P</span></h2>\n<p>b\n</p>\n\n\n<p>c\n</p>',
    );
    // A sort key leaves an empty line, in the wiki's language too.
    assert.equal(extract('a\n{{SORTIERUNG:X}}\nb\n{{DEFAULTSORT:Y}}'), '<p>a\n</p><p>b\n</p>');
    // Behaviour switches show nothing, in the wiki's language too.
    assert.equal(extract('a\n__KEIN_INHALTSVERZEICHNIS__\nb __NOEDITSECTION__'), '<p>a\n</p><p>b \n</p>');
    // Anchors quoted as PHP's DOM writes attributes (MediaWiki's answers for these headings).
    assert.equal(
      extract('== A "b" & <c> d ==\n== E "f" \'g\' ==\n== J > K =='),
      '<h2><span id="A_.22b.22_.26_.3Cc.3E_d"></span><span id=\'A_"b"_&amp;_&lt;c&gt;_d\'>A "b" &amp; &lt;c&gt; d</span></h2>\n' +
        '<h2><span id="E_.22f.22_.27g.27"></span><span id="E_&quot;f&quot;_\'g\'">E "f" \'g\'</span></h2>\n' +
        '<h2><span id="J_.3E_K"></span><span id="J_&gt;_K">J &gt; K</span></h2>',
    );
    // Quotes stay as they are in the text; a link's target shows with its entities decoded.
    assert.equal(extract('"[[35&nbsp;mm film]]"'), '<p>"35\u00a0mm film"\n</p>');
  });

  test('a block quote of lines of text ends the paragraph before it; its runs of text are paragraphs', () => {
    extractsAre([
      [
        'Er sagte:\n\n<blockquote>Erste Zeile.\nZweite Zeile.</blockquote>\n\nDanach.',
        '<p>Er sagte:\n</p>\n<blockquote><p>Erste Zeile.\nZweite Zeile.</p></blockquote>\n<p>Danach.\n</p>',
      ],
      [
        "Vorher.\n<blockquote>\nMitte ''kursiv''.\n</blockquote>\nDanach.",
        '<p>Vorher.\n</p>\n<blockquote>\n<p>Mitte <i>kursiv</i>.\n</p>\n</blockquote>\n<p>Danach.\n</p>',
      ],
      [
        '[[Jemand]] sagte:<blockquote>Ein Satz.</blockquote>',
        '<p>Jemand sagte:</p><blockquote><p>Ein Satz.</p></blockquote>',
      ],
    ]);
  });

  test("a gallery keeps its list, caption and an opening item per image line, sized by the gallery's mode", () => {
    extractsAre([
      [
        'Eine Galerie.\n<gallery>\nDatei:A.png|A\nB.png\n|Kein Bild\n\n</gallery>\nDanach.',
        '<p>Eine Galerie.\n</p>\n<ul class="gallery mw-gallery-traditional">\n\t\t<li class="gallerybox" style="width: 155px">\n\t\t<li class="gallerybox" style="width: 155px">\n</ul>\n<p>Danach.\n</p>',
      ],
      [
        '<gallery caption="Die \'\'Bilder\'\'" widths="160px" heights="160px" perrow="5" class="center">\nFile:A.jpg|[[A]]\n</gallery>',
        '<ul class="gallery mw-gallery-traditional center" style="max-width: 1015px;">\n\t<li class="gallerycaption">Die <i>Bilder</i></li>\n\t\t<li class="gallerybox" style="width: 195px">\n</ul>',
      ],
      [
        '<gallery mode=packed>\nFile:A.jpg|a\nFile:B.jpg|b\n</gallery>',
        '<ul class="gallery mw-gallery-packed">\n\t\t<li class="gallerybox" style="width: 122px">\n\t\t<li class="gallerybox" style="width: 122px">\n</ul>',
      ],
      ['<gallery widths="300px">\n|Nur Text\n</gallery>', '<ul class="gallery mw-gallery-traditional">\n</ul>'],
    ]);
    // In plain text the list's items leave the white space before them.
    assert.equal(
      extract('Eine Galerie.\n<gallery>\nDatei:A.png|A\nDatei:B.png|B\n</gallery>\nDanach.', { plaintext: true }),
      'Eine Galerie.\n\n\t\t\n\t\t\n\nDanach.',
    );
  });
});

describe('extracts on a wiki whose language has variants: the converter markup', () => {
  // Pages and answers of MediaWiki 1.39 with TextExtracts on a Chinese wiki (`variant=zh-tw`, and none).
  const titles = new TitleCodec(defaultSite({ language: 'zh' }));
  const pages = {
    first:
      '-{zh-hans:计算机;zh-hant:電腦}-是一种机器。-{A|zh-cn:软件;zh-tw:軟體}-软件很重要，软件也是。\n\n第二段 -{H|zh-cn:打印机;zh-tw:印表機}- 打印机和印表機。信息与資訊。',
    second:
      '<nowiki>-{zh-hans:a;zh-hant:b}-</nowiki> 和 -{R|原文}- 以及 -{N|zh-tw}- 还有 -{zh;zh-hant|电脑}- 与 -{D|zh-cn:X;zh-tw:Y}-。\n\n错误 -{zh-cn:X;xx:Y}- 与 -{T|zh-cn:标题;zh-tw:標題}- 结束。',
    third: '__NOCC__\n-{zh-hans:计算机;zh-hant:電腦}- 软件。',
    fourth:
      "[[计算机|-{zh-hans:计算机;zh-hant:電腦}-]] 是 '''-{zh-hans:粗;zh-hant:麤}-''' 的。\n-{H|zh-cn:A;zh-tw:B}-\n段落 A 和 B。\n\n== -{zh-hans:标题;zh-hant:標題}- ==\n正文 -{计算机}- 头发。\n* 列表 -{zh-cn:甲;zh-tw:乙}-\n\n<pre>-{zh-hans:预;zh-hant:預}-</pre>\n\n未闭合 -{ zh-cn:甲",
    fifth:
      '外链 http://example.org/软件 与 [http://example.org/a 软件] 和 <span title="-{zh-hans:提示;zh-hant:提示繁}-">悬停</span>。-{-|zh-cn:头发;zh-tw:頭髮}-头发。',
  };
  const extract = (text: string, variant: string, more: Partial<ExtractOptions> = {}) =>
    extractOfWikitext(
      text,
      {
        intro: false,
        plaintext: false,
        sectionFormat: 'wiki',
        conversion: { language: 'zh', variant, messages: { ruleError: 'ERROR', depthWarning: 'DEEP' } },
        ...more,
      },
      titles,
    );

  test('rules shown in the variant, manual rules converting the text after them', () => {
    assert.equal(
      extract(pages.first, 'zh-tw'),
      '<p>電腦是一種機器。軟體軟體很重要，軟體也是。\n</p><p>第二段  印表機和印表機。信息與資訊。\n</p>',
    );
    assert.equal(
      extract(pages.first, 'zh'),
      '<p>计算机是一种机器。软件软件很重要，软件也是。\n</p><p>第二段  打印机和印表機。信息与資訊。\n</p>',
    );
  });

  test("a nowiki's text as written, names, descriptions; a faulty rule's error left out", () => {
    assert.equal(
      extract(pages.second, 'zh-tw', { plaintext: true }),
      '-{zh-hans:a;zh-hant:b}- 和 原文 以及 臺灣 還有 電腦 與 大陆：X；臺灣：Y；。\n錯誤  與  結束。',
    );
  });

  test('links, headings, lists, pre, an unclosed rule; free addresses and a title attribute', () => {
    assert.equal(
      extract(pages.fourth, 'zh-tw'),
      '<p>電腦 是 <b>麤</b> 的。\n\n段落 B 和 B。\n</p>\n<h2><span id="-.7Bzh-hans:.E6.A0.87.E9.A2.98.3Bzh-hant:.E6.A8.99.E9.A1.8C.7D-"></span><span id="-{zh-hans:标题;zh-hant:標題}-">標題</span></h2>\n<p>正文 计算机 頭髮。\n</p>\n<ul><li>列表 乙</li></ul>\n<pre>預</pre>\n<p>未閉合 -{ zh-cn:甲\n</p>',
    );
    assert.equal(
      extract(pages.fifth, 'zh-tw'),
      '<p>外鏈 http://example.org/软件 與 軟體 和 <span title="提示繁">懸停</span>。頭發。\n</p>',
    );
  });

  test("a link's label that is an address is left as written, unless it holds the markup", () => {
    assert.equal(
      extract(
        '甲 [http://example.org/a http://example.org/-{zh-hans:简;zh-hant:繁}-软件] 乙 [http://example.org/b http://example.org/软件] 丙 [http://example.org/c 软件]',
        'zh-tw',
      ),
      '<p>甲 http://example.org/繁軟體 乙 http://example.org/软件 丙 軟體\n</p>',
    );
  });

  test('__NOCC__ leaves the text as written', () => {
    assert.equal(extract(pages.third, 'zh-tw'), '<p>-{zh-hans:计算机;zh-hant:電腦}- 软件。\n</p>');
  });

  test("a nowiki's marker is text of its line: a paragraph or item of its white space is empty to the tidying", () => {
    // As MediaWiki 1.39 with TextExtracts gives them.
    const de = new TitleCodec(germanSite());
    const html = (text: string) =>
      extractOfWikitext(text, { intro: false, plaintext: false, sectionFormat: 'wiki' }, de);
    assert.equal(html('a\n<nowiki> </nowiki>\nb'), '<p>a\n \nb\n</p>');
    assert.equal(html('a\n\n<nowiki> </nowiki>\n\nb'), '<p>a\n</p><p class="mw-empty-elt"> \n</p><p>b\n</p>');
    assert.equal(html('a\n\n<nowiki></nowiki>\n\nb'), '<p>a\n</p><p class="mw-empty-elt">\n</p><p>b\n</p>');
    assert.equal(
      html('* a\n* <nowiki> </nowiki>\n* b'),
      '<ul><li>a</li>\n<li class="mw-empty-elt"> </li>\n<li>b</li></ul>',
    );
    assert.equal(html('* a\n* <nowiki/>\n* b'), '<ul><li>a</li>\n<li class="mw-empty-elt">\n<li>b</li></ul>');
  });

  test('a wiki without variants shows the markup as written, its parts and all', () => {
    assert.equal(
      extractOfWikitext(
        'Text -{A|zh-cn:甲;zh-tw:乙}- und -{x=>zh-cn:y}- mit [http://example.org/a http://example.org/b] und <nowiki>-{n}-</nowiki>.',
        { intro: false, plaintext: false, sectionFormat: 'wiki' },
        new TitleCodec(germanSite()),
      ),
      '<p>Text -{A|zh-cn:甲;zh-tw:乙}- und -{x=&gt;zh-cn:y}- mit http://example.org/b und -{n}-.\n</p>',
    );
  });
});

import { useReferenceApi } from '../helpers/reference-api.js';

describeEachEngine('prop=extracts', (engine) => {
  const api = useReferenceApi(engine);

  test("a lead section is the page's own text before its first heading: a template's headings are the lead's", async () => {
    // MediaWiki 1.39's answer (the lead parsed alone): the page has no heading of its own, so its
    // lead is all of it; its documentation template's heading stands in a removed element.
    const lead = async (titles: string, more: Record<string, string> = {}) =>
      (await api().query({ prop: 'extracts', titles, exintro: '1', ...more })).query.pages[0].extract;
    assert.equal(await lead('Vorlage:Vasals'), '<p>Kategoreja:Vikipedejis davēris taisi\n</p><p><br>\n</p>');
    const lines = await lead('Benutzer:ReyBrujo/Dumps', { explaintext: '1' });
    assert.match(lines, /^ab:User:ReyBrujo\/Dumps\naf:User:ReyBrujo\/Dumps\n/);
  });

  test('lead sections of several pages, continued by position', async () => {
    const first = await api().query({
      prop: 'extracts',
      titles: 'Berlin|Hamburg|München',
      exintro: '1',
      explaintext: '1',
      exsentences: '1',
      exlimit: '2',
    });
    assert.deepEqual(
      first.query.pages.map((p: any) => p.extract),
      [
        'Berlin ist die Hauptstadt der Bundesrepublik Deutschland.',
        'Hamburg ist die zweitgrößte Stadt Deutschlands.',
        undefined,
      ],
    );
    assert.equal(first.continue.excontinue, 2);
    const next = await api().query({
      prop: 'extracts',
      titles: 'Berlin|Hamburg|München',
      exintro: '1',
      explaintext: '1',
      exsentences: '1',
      exlimit: '2',
      excontinue: '2',
    });
    assert.equal(next.query.pages[2].extract, 'München ist die Landeshauptstadt des Freistaates Bayern.');
    // A position past the pages (or before them) is badcontinue; the end itself gives nothing more.
    for (const excontinue of ['4', '-1']) {
      const past = await api().query({ prop: 'extracts', titles: 'Berlin|Hamburg|München', exintro: '1', excontinue });
      assert.equal(past.error?.code, 'badcontinue', excontinue);
    }
    const end = await api().query({
      prop: 'extracts',
      titles: 'Berlin|Hamburg|München',
      exintro: '1',
      excontinue: '3',
    });
    assert.equal(end.error, undefined);
  });

  test('whole pages one at a time, with the warnings MediaWiki gives', async () => {
    const answer = await api().query({ prop: 'extracts', titles: 'Berlin|Hamburg', uselang: 'en' });
    assert.match(answer.query.pages[0].extract, /<h2><span id="Geschichte">Geschichte<\/span><\/h2>/);
    assert.equal(answer.query.pages[1].extract, undefined);
    assert.equal(answer.continue.excontinue, 1);
    assert.match(answer.warnings.extracts.warnings, /lowered to 1/);
    assert.match(answer.warnings.extracts.warnings, /HTML may be malformed/);
    // A file page has an empty extract and a warning of its own, and no HTML caveat of its own;
    // a set without pages gives no warning at all.
    const file = await api().query({ prop: 'extracts', titles: 'Datei:Beispiel.png', exsentences: '2' });
    assert.equal(file.query.pages[0].extract, '');
    assert.equal(
      file.warnings.extracts.warnings,
      'Extract for a title in File namespace was requested, none returned.',
    );
    const none = await api().query({ prop: 'extracts', titles: 'Gibt es nicht', exchars: '5', exsentences: '2' });
    assert.equal(none.warnings, undefined);
    const sentences = await api().query({ prop: 'extracts', titles: 'Berlin', exsentences: '1' });
    assert.match(sentences.warnings.extracts.warnings, /^The "exsentences" parameter may have unexpected results/);
  });

  test("{{REVISIONID}} gives the latest revision's id in the whole page, nothing in the lead section", async () => {
    // MediaWiki 1.39 answers so: TextExtracts has the whole page parsed as its current revision,
    // and the lead section alone as a section preview (for a page not in the parser cache, as
    // this service models the lead section throughout), where the variable is empty.
    const whole = await api().query({ prop: 'extracts', titles: 'Benutzer:Gangleri' });
    assert.match(whole.query.pages[0].extract, /^<p>↺\nrev-ID\u00a0: 570<br>\n/);
    const lead = await api().query({ prop: 'extracts', titles: 'Benutzer:Gangleri', exintro: '1' });
    assert.match(lead.query.pages[0].extract, /^<p>↺\nrev-ID\u00a0: <br>\n/);
  });

  test('a page without templates loses its inclusion tags all the same, their lines left empty', async () => {
    // MediaWiki 1.39 answers so: `…dīnā.\n\n<div …>…</div>\n\n<noinclude>\n[[Kategoreja:…]]`.
    const answer = await api().query({ prop: 'extracts', titles: 'Vorlage:Vierteigs rakstīņs', exintro: '1' });
    assert.match(answer.query.pages[0].extract, /dīnā\.\n<\/p>\n\n<p><br>\nKategoreja:Suoku puslopa\n<\/p>$/);
  });

  test('a link to a missing file shows its caption, or its title without one, unless framed', async () => {
    // MediaWiki 1.39 answers so: the parser links a file that does not exist to its upload,
    // labelled with the caption or the file's title; a framed or floating one stands in an
    // element the extract leaves out.
    const extract = async (titles: string) => (await api().query({ prop: 'extracts', titles })).query.pages[0].extract;
    assert.equal(
      await extract('Benutzer:Picaroon9288'),
      '<center>Datei:2rightarrow.png<big><big><big>en:User:Picaroon9288</big></big></big>Datei:2leftarrow.png</center>\n' +
        '<p><br>\n</p>\n<center><big>m:User:Picaroon9288</big></center>',
    );
    assert.equal(
      await extract('Benutzer Diskussion:Sevela.p'),
      '<p>Datei:Redirect arrow without text.svgSevela.p (cs.wikipedia.org)\n</p>',
    );
    assert.match(await extract('Benutzer:Daniel'), /^<p>#REDIRECT<span id="softredirect">m:User:Daniel<\/span>/);
    // Files that exist (those of the gallery) show nothing of their own.
    assert.match(await extract('Bildergalerie'), /<\/ul>\n<p>Datei:Fehlendes Bild.png\n<\/p>$/);
  });

  test("a redirect's HTML extract asked for more sentences than it has is the whole text", async () => {
    // MediaWiki 1.39 answers so: a redirect page is parsed anew for each extract, and the HTML
    // ends with the parser cache's note of its save, whose sentence end ("revision id 39.") is the
    // last one found: the text is cut there, the notes at its end aside. A page without that
    // note ends at its own last sentence, or its first line when it has none.
    const html = async (title: string, exsentences: string, exintro?: string) =>
      (await api().query({ prop: 'extracts', titles: title, exsentences, ...(exintro ? { exintro } : {}) })).query
        .pages[0].extract;
    assert.equal(await html('AbensbergGermany', '1'), '<p>Vorlage:R from CamelCase\n</p>');
    assert.equal(await html('AbensbergGermany', '1', '1'), '<p>Vorlage:R from CamelCase');
    // A lead section without text is followed by the parser's limit report alone: the extract,
    // without a sentence end, is its first line, the comment's opening.
    assert.equal(await html('A.E. van Vogt', '3', '1'), '<!--');
    assert.equal(await html('A.E. van Vogt', '3'), '');
    // Cut to one character, such a report leaves its `<`, which the tidying makes a paragraph's
    // text; a longer cut is a comment, and plain text has none.
    const chars = async (exchars: string, explaintext?: string) =>
      (
        await api().query({
          prop: 'extracts',
          titles: 'Benutzer:AGK',
          exchars,
          ...(explaintext ? { explaintext } : {}),
        })
      ).query.pages[0].extract;
    assert.equal(await chars('1'), '<p>&lt;</p>…');
    assert.equal(await chars('3'), '');
    assert.equal(await chars('1', '1'), '');
    assert.equal(
      await html('Albert Einstein', '10'),
      '<p><b>Albert Einstein</b> (* 14. März 1879 in Ulm; † 18. April 1955 in Princeton) war ein Physiker. ' +
        'Er entwickelte die Relativitätstheorie. Er erhielt 1921 den Nobelpreis für Physik.</p>',
    );
  });

  test("an extract cut to a number of characters ends with the reader's language's ellipsis", async () => {
    // MediaWiki 1.39 answers so: TextExtracts reads the `ellipsis` message in the request's
    // language, which English (and any language falling back to it) writes as three full stops.
    const cut = async (uselang?: string, explaintext?: string) =>
      (
        await api().query({
          prop: 'extracts',
          titles: 'Berlin',
          exchars: explaintext ? '5' : '12',
          ...(explaintext ? { explaintext } : {}),
          ...(uselang ? { uselang } : {}),
        })
      ).query.pages[0].extract;
    assert.equal(await cut('en', '1'), 'Berlin...');
    assert.equal(await cut('fr', '1'), 'Berlin...');
    assert.equal(await cut('de', '1'), 'Berlin…');
    assert.equal(await cut(undefined, '1'), 'Berlin…');
    assert.equal(await cut('en'), '<p><b>Berlin</b></p>...');
    assert.equal(await cut('content'), '<p><b>Berlin</b></p>…');
  });

  test("pages in the order the page set found them; XML gives the extract as an element's text", async () => {
    // MediaWiki 1.39 answers these requests so on the reference wiki.
    const titles = await api().query({
      prop: 'extracts',
      titles: 'Hamburg|Datei:Rathaus.png|Berlin|Abacus',
      exintro: '1',
      exchars: '20',
      exlimit: '2',
    });
    assert.deepEqual(
      titles.query.pages.map((p: any) => [p.title, p.extract]),
      [
        ['Abacus', '<p>Vorlage:Other uses</p>…'],
        ['Berlin', '<p><b>Berlin</b> ist</p>…'],
        ['Hamburg', undefined],
        ['Datei:Rathaus.png', undefined],
      ],
    );
    assert.equal(titles.continue.excontinue, 2);
    const ids = await api().query({ prop: 'extracts', pageids: '236|1|71', exintro: '1', exchars: '20', exlimit: '2' });
    assert.deepEqual(
      ids.query.pages.map((p: any) => p.extract),
      ['<p><b>Willkommen im Testwiki</b></p>…', '<p>Vorlage:Other uses</p>…', undefined],
    );
    const search = new URLSearchParams({
      action: 'query',
      prop: 'extracts',
      titles: 'Medium:Logo.svg|Academy Awards|Datei:Rathaus.png|Berlin',
      redirects: '1',
      exlimit: 'max',
      exchars: '20',
      format: 'xml',
      uselang: 'en',
    });
    const xml = (await api().app.inject({ url: `/api.php?${search}` })).body;
    assert.ok(
      xml.includes(
        '<page _idx="74" pageid="74" ns="0" title="Academy Awards"><extract xml:space="preserve">&lt;p&gt;Vorlage:Redirect2&lt;/p&gt;...</extract></page><page _idx="236" pageid="236" ns="0" title="Berlin" />',
      ),
      xml,
    );
  });

  test("the raw section format's heading marks come out as MediaWiki's result cleaning writes them", async () => {
    const answer = await api().query({
      prop: 'extracts',
      titles: 'Berlin',
      explaintext: '1',
      exsectionformat: 'raw',
      exchars: '300',
    });
    assert.match(answer.query.pages[0].extract, /jedes Jahr\.\n\n\ufffd\ufffd2\ufffd\ufffdGeschichte\nDie Geschichte/);
  });

  test("an existing template's output is in the extract, as MediaWiki's parser expands it", async () => {
    const answer = await api().query({ prop: 'extracts', titles: 'Jezups Mots', explaintext: '1', exchars: '300' });
    // The table of the maintenance box is left out, its category link and the language template's text stay.
    assert.equal(
      answer.query.pages[0].extract,
      'Kategoreja:Rakstīņi, kurim vāg puorsavērt turīņu i izlobuot klaidys\nright|200px|thumb|Jezups Mots.\n' +
        'Jezups Mots (italīšu: Giuseppe Motta; 1871 gods zīmys m. 29 d. — 1940 gods jaunagods m. 23 d.) beja zeimeigs' +
        ' Šveicarejis vaļsteibys veirs.\nJau nu 1911 goda jis dareja Šveicarejis vaļdeibā, kurā beja finansu…',
    );
  });

  test("a template that redirects to a missing page gives its redirect's text, which the page shows", async () => {
    // Vorlage:Latvejis mīsts redirects to Taiss:…, a page in no namespace of this wiki.
    const answer = await api().query({ prop: 'extracts', titles: 'Pīterpiļs', exchars: '120' });
    assert.match(
      answer.query.pages[0].extract,
      /^<ol><li>REDIRECT Taiss:Infoskreine Latvejis mīsts<\/li><\/ol>\n<p><b>Pīterpiļs<\/b>/,
    );
  });

  test('a template created since shows no longer as its title', async () => {
    const lead = { prop: 'extracts', titles: 'Abacus', exintro: '1', exchars: '40' };
    const before = (await api().query(lead)).query.pages[0].extract;
    assert.match(before, /^<p>Vorlage:Other uses\n/);
    // Another template's page renamed to the missing one: the kept extract is not served.
    const { db } = api().store;
    const rename = (from: string, to: string) =>
      db
        .updateTable('page')
        .set({ page_title: to })
        .where('page_namespace', '=', 10)
        .where('page_title', '=', from)
        .execute();
    await rename('Ambox', 'Other_uses');
    try {
      assert.ok(!(await api().query(lead)).query.pages[0].extract.includes('Other uses'));
    } finally {
      await rename('Other_uses', 'Ambox');
    }
    assert.equal((await api().query(lead)).query.pages[0].extract, before);
  });

  test('a page of another content model than wikitext gets an empty extract, with a warning before the caveats', async () => {
    const answer = await api().query({
      prop: 'extracts',
      titles: 'MediaWiki:Gadget-Hallo.css',
      exsentences: '2',
      uselang: 'en',
    });
    assert.equal(answer.query.pages[0].extract, '');
    assert.deepEqual(answer.warnings.extracts.warnings.split('\n').slice(0, 2), [
      'MediaWiki:Gadget-Hallo.css has content model css, which is not supported; returning an empty extract.',
      'The "exsentences" parameter may have unexpected results when used in HTML mode.',
    ]);
    // The caveats' link, in the html error format, as MediaWiki's parser makes it.
    const html = await api().query({ prop: 'extracts', titles: 'Berlin', errorformat: 'html', uselang: 'en' });
    assert.match(
      html.warnings[0].html,
      /listed at <a class="external free" href="https:\/\/www\.mediawiki\.org\/wiki\/Special:MyLanguage\/Extension:TextExtracts#Caveats">https:\/\/www\.mediawiki\.org\/[^<]*<\/a>\.$/,
    );
  });

  test('extracts made before are kept by content and options, and a changed content is read again', async () => {
    const lead = { prop: 'extracts', titles: 'Berlin', exintro: '1', explaintext: '1' };
    const extractOf = async (params: Record<string, string>) =>
      (await api().query({ ...lead, ...params })).query.pages[0].extract as string;
    const sentence = await extractOf({ exsentences: '1' });
    assert.equal(sentence, 'Berlin ist die Hauptstadt der Bundesrepublik Deutschland.');
    const chars = await extractOf({ exchars: '20' });
    assert.notEqual(chars, sentence);
    assert.equal(await extractOf({ exsentences: '1' }), sentence);
    assert.equal(await extractOf({ exchars: '20' }), chars);
    // The content row rewritten (as another import may): the kept extract is not served.
    const { db } = api().store;
    const row = await db
      .selectFrom('page')
      .innerJoin('slots', 'slot_revision_id', 'page_latest')
      .innerJoin('content', 'content_id', 'slot_content_id')
      .select(['content_id', 'content_text', 'content_sha1'])
      .where('page_namespace', '=', 0)
      .where('page_title', '=', 'Berlin')
      .executeTakeFirstOrThrow();
    const rewrite = (text: string, sha1: string) =>
      db
        .updateTable('content')
        .set({ content_text: text, content_sha1: sha1 })
        .where('content_id', '=', row.content_id)
        .execute();
    await rewrite('Berlin liegt an der Spree. Mehr folgt.', 'rewritten0000000000000000000000');
    try {
      assert.equal(await extractOf({ exsentences: '1' }), 'Berlin liegt an der Spree.');
    } finally {
      await rewrite(row.content_text, row.content_sha1);
    }
    assert.equal(await extractOf({ exsentences: '1' }), sentence);
  });
});

describe('extracts asked for by several requests at once', () => {
  const content = (sha1: string): MainContent => ({
    contentId: 7,
    revision: 70,
    sha1,
    model: 'wikitext',
    uses: '',
    missingTemplates: [],
  });
  const extract = (text: string): KeptExtract => ({ text, shown: text, bytes: text.length });

  test('are made once, the other requests waiting for it, and kept', async () => {
    const cache = new ExtractCache();
    const options = cache.optionsKey({ intro: true });
    let made = 0;
    let finish: (value: KeptExtract) => void = () => {};
    const make = () => {
      made++;
      return new Promise<KeptExtract>((resolve) => {
        finish = resolve;
      });
    };
    const first = cache.makeOnce(content('a'), options, make);
    const second = cache.makeOnce(content('a'), options, make);
    assert.equal(made, 1);
    finish(extract('Satz.'));
    assert.deepEqual(await Promise.all([first, second]), [extract('Satz.'), extract('Satz.')]);
    assert.deepEqual(cache.get(content('a'), options), extract('Satz.'));
  });

  test('another version of the content, or other options, is made apart', async () => {
    const cache = new ExtractCache();
    const intro = cache.optionsKey({ intro: true });
    const whole = cache.optionsKey({ intro: false });
    const texts: string[] = [];
    const make = (text: string) => () => {
      texts.push(text);
      return new Promise<KeptExtract>((resolve) => setImmediate(() => resolve(extract(text))));
    };
    const answers = await Promise.all([
      cache.makeOnce(content('a'), intro, make('a')),
      cache.makeOnce(content('b'), intro, make('b')),
      cache.makeOnce(content('a'), whole, make('a, whole')),
    ]);
    assert.deepEqual(texts, ['a', 'b', 'a, whole']);
    assert.deepEqual(
      answers.map((a) => a.text),
      ['a', 'b', 'a, whole'],
    );
  });

  test('a failure reaches every waiting request, and the next request tries again', async () => {
    const cache = new ExtractCache();
    const options = cache.optionsKey({ intro: true });
    let fail: (err: Error) => void = () => {};
    const failing = () =>
      new Promise<KeptExtract>((_, reject) => {
        fail = reject;
      });
    const first = cache.makeOnce(content('a'), options, failing);
    const second = cache.makeOnce(content('a'), options, failing);
    fail(new Error('parse failed'));
    await assert.rejects(first, /parse failed/);
    await assert.rejects(second, /parse failed/);
    assert.equal(cache.get(content('a'), options), undefined);
    const again = await cache.makeOnce(content('a'), options, async () => extract('Satz.'));
    assert.equal(again.text, 'Satz.');
  });
});
