import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { CommentFormatter } from '../src/api/comment-format.js';
import { TitleCodec } from '../src/site/title.js';
import { useReferenceWiki } from './helpers/reference-wiki.js';

describeEachEngine('parsed comments', (engine) => {
  const wiki = useReferenceWiki(engine);
  const format = async (comment: string, page?: string, language?: string) => {
    const { store, site } = wiki();
    const codec = new TitleCodec(site);
    const title = page === undefined ? undefined : codec.parseOrUndefined(page);
    const [html] = await new CommentFormatter(store, codec, site, language).format([{ comment, title }]);
    return html;
  };

  test('plain text is escaped, character references kept, line breaks become spaces', async () => {
    assert.equal(await format('Bot: Kultur'), 'Bot: Kultur');
    assert.equal(
      await format('a <b> & "c" \'d\'\nx &amp; &eacute;'),
      'a &lt;b&gt; &amp; &quot;c&quot; &#039;d&#039; x &amp; é',
    );
  });

  test('an autocomment links to the section of the page, with the text after it', async () => {
    assert.equal(
      await format('/* Geschichte */ Tippfehler', 'Berlin'),
      '<span dir="auto"><span class="autocomment"><a href="/index.php/Berlin#Geschichte" title="Berlin">→\u200eGeschichte</a>: </span> Tippfehler</span>',
    );
    assert.equal(
      await format('Vorher /* Lage und Klima */', 'Berlin'),
      'Vorher <span dir="auto"><span class="autocomment"><a href="/index.php/Berlin#Lage_und_Klima" title="Berlin">→\u200eLage und Klima</a></span></span>',
    );
  });

  test("an autocomment's text is no wiki link; its link's fragment keeps the escaped characters, as MediaWiki 1.39 writes them", async () => {
    // MediaWiki 1.39.17's answer for the same comment (T406664: brackets are written as references).
    assert.equal(
      await format('/* a\'b & c "d" <e> [[f]] [x] */ y', 'Testx2'),
      '<span dir="auto"><span class="autocomment"><a href="/index.php/Testx2#a&#039;b_&amp;_c_&quot;d&quot;_&lt;e&gt;_f_&#91;x&#93;" title="Testx2">→\u200ea&#039;b &amp; c &quot;d&quot; &lt;e&gt; &#91;&#91;f&#93;&#93; &#91;x&#93;</a>: </span> y</span>',
    );
  });

  test('wiki links: existing, missing (red, in the language asked), piped, with a trail, interwiki', async () => {
    assert.equal(
      await format('siehe [[Berlin]]s und [[Gibtsnicht|hier]]'),
      'siehe <a href="/index.php/Berlin" title="Berlin">Berlins</a> und ' +
        '<a href="/index.php?title=Gibtsnicht&amp;action=edit&amp;redlink=1" class="new" title="Gibtsnicht (Seite nicht vorhanden)">hier</a>',
    );
    assert.equal(
      await format('[[Gibtsnicht]]', undefined, 'en'),
      '<a href="/index.php?title=Gibtsnicht&amp;action=edit&amp;redlink=1" class="new" title="Gibtsnicht (page does not exist)">Gibtsnicht</a>',
    );
    assert.equal(
      await format('[[wikipedia:Berlin|Berlin in der Wikipedia]]'),
      '<a href="https://en.wikipedia.org/wiki/Berlin" class="extiw" title="wikipedia:Berlin">Berlin in der Wikipedia</a>',
    );
    // An empty label shows the target as written (no pipe trick in comments).
    assert.equal(
      await format('per [[:Gibtsnicht/Unterseite (x)|]].'),
      'per <a href="/index.php?title=Gibtsnicht/Unterseite_(x)&amp;action=edit&amp;redlink=1" class="new" title="Gibtsnicht/Unterseite (x) (Seite nicht vorhanden)">Gibtsnicht/Unterseite (x)</a>.',
    );
    // The anchor in the other wiki's form: legacy for a prefix the map does not mark local, HTML5's for sv.
    assert.equal(
      await format('[[mw:API#c ä]] [[sv:Y#c ä]]'),
      '<a href="https://www.mediawiki.org/wiki/API#c_.C3.A4" class="extiw" title="mw:API">mw:API#c ä</a> ' +
        '<a href="https://sv.wikipedia.org/wiki/Y#c_ä" class="extiw" title="sv:Y">sv:Y#c ä</a>',
    );
    assert.equal(
      await format('[[:Kategorie:Stadt]] und [[Berlin#Geschichte|Geschichte]]'),
      '<a href="/index.php/Kategorie:Stadt" title="Kategorie:Stadt">Kategorie:Stadt</a> und ' +
        '<a href="/index.php/Berlin#Geschichte" title="Berlin">Geschichte</a>',
    );
  });

  test('a special page is linked by its local name, a missing one red to its own address', async () => {
    assert.equal(
      await format('[[Special:Contribs/X]] [[special:recentchanges#a]] [[Spezial:contributions|B]]'),
      '<a href="/index.php/Spezial:Beitr%C3%A4ge/X" title="Spezial:Beiträge/X">Special:Contribs/X</a> ' +
        '<a href="/index.php/Spezial:Letzte_%C3%84nderungen#a" title="Spezial:Letzte Änderungen">special:recentchanges#a</a> ' +
        '<a href="/index.php/Spezial:Beitr%C3%A4ge" title="Spezial:Beiträge">B</a>',
    );
    assert.equal(
      await format('[[Special:Gibtsnicht]]'),
      '<a href="/index.php/Spezial:Gibtsnicht" class="new" title="Spezial:Gibtsnicht (Seite nicht vorhanden)">Special:Gibtsnicht</a>',
    );
  });

  test('a link to a redirect carries the mw-redirect class', async () => {
    assert.equal(await format('[[BRD]]'), '<a href="/index.php/BRD" class="mw-redirect" title="BRD">BRD</a>');
  });

  test('invalid link targets and URLs stay text', async () => {
    assert.equal(
      await format('[[Foo<bar]] http://example.org [http://example.org x]'),
      '[[Foo&lt;bar]] http://example.org [http://example.org x]',
    );
  });
});
