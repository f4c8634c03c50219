/**
 * `action=compare` on the imported reference wiki: each expected answer is what MediaWiki 1.39
 * (with its wikidiff2 engine) gave for the same request on the same wiki, asked live: the table
 * and inline layouts with changed, added, removed and moved lines, revisions relative to each
 * other with their fields, a section replaced, the pre-save transform, the errors.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useReferenceWikiApi } from '../helpers/reference-wiki-api.js';

const served = useReferenceWikiApi();

/** POSTs action=compare with the parameters, English messages; the answer, JSON parsed (XML as text). */
async function compare(params: Record<string, string>): Promise<any> {
  const response = await served().app.inject({
    method: 'POST',
    url: '/api.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action: 'compare', uselang: 'en', format: 'json', ...params }).toString(),
  });
  assert.equal(response.statusCode, 200);
  if (params.format === 'xml') return response.body;
  const answer = JSON.parse(response.body);
  delete answer.error?.docref;
  return answer;
}

const MAILING_LIST =
  'Subscribe to the mediawiki-api-announce mailing list at <https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/> for notice of API deprecations and breaking changes.';
const TEXT_WARNINGS = {
  main: { warnings: MAILING_LIST },
  compare: {
    warnings:
      'The parameter "fromtext" has been deprecated.\nThe parameter "totext" has been deprecated.\nNo content model could be determined, assuming wikitext.',
  },
};

describe('action=compare', () => {
  test('the table layout: a changed line word by word, lines added and removed, context headed by line numbers', async () => {
    assert.deepEqual(
      await compare({
        fromtext: 'a\nb c d e\nf\n\ng\nh\ni\nj\nk\nl\nm\nn',
        totext: 'a\nb c X e\nf\nneu\n\ng\nh\ni\nj\nk\nm\nn',
        formatversion: '2',
      }),
      {
        warnings: TEXT_WARNINGS,
        compare: {
          body: '<tr>\n  <td colspan="2" class="diff-lineno">Line 1:</td>\n  <td colspan="2" class="diff-lineno">Line 1:</td>\n</tr>\n<tr>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted"><div>a</div></td>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added"><div>a</div></td>\n</tr>\n<tr>\n  <td class="diff-marker" data-marker="−"></td>\n  <td class="diff-deletedline diff-side-deleted"><div>b c <del class="diffchange diffchange-inline">d</del> e</div></td>\n  <td class="diff-marker" data-marker="+"></td>\n  <td class="diff-addedline diff-side-added"><div>b c <ins class="diffchange diffchange-inline">X</ins> e</div></td>\n</tr>\n<tr>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted"><div>f</div></td>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added"><div>f</div></td>\n</tr>\n<tr>\n  <td colspan="2" class="diff-empty diff-side-deleted"></td>\n  <td class="diff-marker" data-marker="+"></td>\n  <td class="diff-addedline diff-side-added"><div>neu</div></td>\n</tr>\n<tr>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted"><br /></td>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added"><br /></td>\n</tr>\n<tr>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted"><div>g</div></td>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added"><div>g</div></td>\n</tr>\n<tr>\n  <td colspan="2" class="diff-lineno">Line 8:</td>\n  <td colspan="2" class="diff-lineno">Line 9:</td>\n</tr>\n<tr>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted"><div>j</div></td>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added"><div>j</div></td>\n</tr>\n<tr>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted"><div>k</div></td>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added"><div>k</div></td>\n</tr>\n<tr>\n  <td class="diff-marker" data-marker="−"></td>\n  <td class="diff-deletedline diff-side-deleted"><div>l</div></td>\n  <td colspan="2" class="diff-empty diff-side-added"></td>\n</tr>\n<tr>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted"><div>m</div></td>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added"><div>m</div></td>\n</tr>\n<tr>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted"><div>n</div></td>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added"><div>n</div></td>\n</tr>\n',
        },
      },
    );
  });

  test('the inline layout: moved paragraphs linked both ways, removed and added words in place', async () => {
    assert.deepEqual(
      await compare({
        fromtext: 'Der erste Absatz ist lang genug zum Verschieben hier.\nx\n\nz\nc',
        totext: 'x\n\nz\nDer erste Absatz ist lang genug zum Verschieben da.\nc d',
        difftype: 'inline',
        formatversion: '2',
      }),
      {
        warnings: TEXT_WARNINGS,
        compare: {
          body: '<tr><td colspan="4"><div class="mw-diff-inline-header"><!-- LINES 1,1 --></div>\n<div class="mw-diff-inline-moved mw-diff-inline-moved-source mw-diff-inline-moved-downwards"><a name="movedpara_0_0_lhs"></a>Der erste Absatz ist lang genug zum Verschieben hier.<a class="mw-diff-movedpara-left" title="Paragraph was moved. Click to jump to new location." data-title-tag="old" href="#movedpara_2_0_rhs">&#9660;</a></div>\n<div class="mw-diff-inline-context">x</div>\n<div class="mw-diff-inline-context">&#160;</div>\n<div class="mw-diff-inline-context">z</div>\n<div class="mw-diff-inline-moved mw-diff-inline-moved-destination mw-diff-inline-moved-upwards"><a name="movedpara_2_0_rhs"></a><a class="mw-diff-movedpara-right" title="Paragraph was moved. Click to jump to old location." data-title-tag="new" href="#movedpara_0_0_lhs">&#9650;</a>Der erste Absatz ist lang genug zum Verschieben <del>hier</del><ins>da</ins>.</div>\n<div class="mw-diff-inline-deleted"><del>c</del></div>\n<div class="mw-diff-inline-added"><ins>c d</ins></div>\n</td></tr>',
        },
      },
    );
  });

  test('relative to a revision: the one before, with ids, titles, sizes, editors, comments (hidden ones marked) and neighbours', async () => {
    assert.deepEqual(
      await compare({ fromrev: '260', torelative: 'prev', prop: 'ids|title|user|comment|size|timestamp|rel|diffsize' }),
      {
        compare: {
          fromid: 236,
          fromrevid: 248,
          fromns: 0,
          fromtitle: 'Berlin',
          fromsize: 1144,
          fromtimestamp: '2026-11-21T22:26:11Z',
          fromuser: 'Bob',
          fromuserid: 4,
          fromcommenthidden: '',
          toid: 236,
          torevid: 260,
          tons: 0,
          totitle: 'Berlin',
          tosize: 1255,
          totimestamp: '2026-11-21T22:26:12Z',
          touser: 'Carol',
          touserid: 5,
          tocomment: 'Bot: Abschnitt Kultur ergänzt',
          toparsedcomment: 'Bot: Abschnitt Kultur ergänzt',
          prev: 236,
          next: 367,
          diffsize: 1814,
        },
      },
    );
    // No revision after the current one: a warning, and no diff to make.
    assert.deepEqual(await compare({ fromrev: '3532', torelative: 'next', prop: 'ids|diff', formatversion: '2' }), {
      warnings: {
        compare: {
          warnings:
            'Revision 3532 is the latest revision of Berlin, there is no revision for "torelative=next" to compare to.',
        },
      },
      compare: { fromid: 236, fromrevid: 3532, body: '' },
    });
  });

  test('a text in place of a section of the current revision', async () => {
    assert.deepEqual(
      await compare({
        fromtitle: 'Berlin',
        fromslots: 'main',
        'fromtext-main': 'NEU',
        'fromsection-main': '2',
        totitle: 'Berlin',
        prop: 'diff|ids',
        difftype: 'inline',
        formatversion: '2',
      }),
      {
        compare: {
          toid: 236,
          torevid: 3532,
          body: '<tr><td colspan="4"><div class="mw-diff-inline-header"><!-- LINES 5,5 --></div>\n<div class="mw-diff-inline-context">Die Geschichte von Berlin reicht bis ins Mittelalter zurück. Im 19. Jahrhundert wuchs die Stadt durch die Industrialisierung stark an.&lt;ref name="hist"&gt;Stadtchronik, Band 1.&lt;/ref&gt; Im Zweiten Weltkrieg wurde sie schwer beschädigt.</div>\n<div class="mw-diff-inline-context">&#160;</div>\n<div class="mw-diff-inline-added"><ins>== Geographie ==</ins></div>\n<div class="mw-diff-inline-deleted"><del>NEU</del></div>\n<div class="mw-diff-inline-added"><ins>Berlin liegt am Fluss [[Spree]]. Das Klima ist gemäßigt. Die Umgebung ist geprägt von Wäldern und Seen.</ins></div>\n<div class="mw-diff-inline-context">&#160;</div>\n<div class="mw-diff-inline-context">== Kultur ==</div>\n</td></tr>',
        },
      },
    );
  });

  test('the pre-save transform: signature, pipe tricks, subst, nothing inside nowiki or comments, trailing space', async () => {
    assert.deepEqual(
      await compare({
        fromslots: 'main',
        'fromtext-main':
          'x ~~~ [[a (b)|]] [[|e]] {{subst:PAGENAME}} {{Infobox}} <nowiki>~~~</nowiki> <!-- ~~~ -->\r\nz  \n\n',
        frompst: '1',
        fromtitle: 'Berlin, Stadt',
        totext: 'y',
        difftype: 'inline',
        prop: 'diff',
        formatversion: '2',
      }),
      {
        warnings: {
          main: { warnings: MAILING_LIST },
          compare: { warnings: 'The parameter "totext" has been deprecated.' },
        },
        compare: {
          body: '<tr><td colspan="4"><div class="mw-diff-inline-header"><!-- LINES 1,1 --></div>\n<div class="mw-diff-inline-added"><ins>y</ins></div>\n<div class="mw-diff-inline-deleted"><del>x [[Spezial:Beiträge/127.0.0.1|127.0.0.1]] [[a (b)|a]] [[e, Stadt|e]] Berlin, Stadt {{Infobox}} &lt;nowiki&gt;~~~&lt;/nowiki&gt; &lt;!-- ~~~ --&gt;</del></div>\n<div class="mw-diff-inline-deleted"><del>z</del></div>\n</td></tr>',
        },
      },
    );
  });

  test('the pre-save transform keeps the page’s own noinclude and includeonly as written, signing inside them', async () => {
    const answer = await compare({
      fromslots: 'main',
      'fromtext-main': 'a<noinclude>b</noinclude><includeonly>c ~~~</includeonly> e',
      frompst: '1',
      fromtitle: 'Berlin',
      totext: 'y',
      difftype: 'inline',
      prop: 'diff',
      formatversion: '2',
    });
    assert.equal(
      answer.compare.body,
      '<tr><td colspan="4"><div class="mw-diff-inline-header"><!-- LINES 1,1 --></div>\n<div class="mw-diff-inline-added"><ins>y</ins></div>\n<div class="mw-diff-inline-deleted"><del>a&lt;noinclude&gt;b&lt;/noinclude&gt;&lt;includeonly&gt;c [[Spezial:Beiträge/127.0.0.1|127.0.0.1]]&lt;/includeonly&gt; e</del></div>\n</td></tr>',
    );
  });

  test('each slot’s diff apart, in XML as MediaWiki writes a list keyed by its slot', async () => {
    assert.equal(
      await compare({ fromtext: 'a', totext: 'b', slots: 'main', prop: 'diff|diffsize', format: 'xml' }),
      '<?xml version="1.0"?><api><warnings><main xml:space="preserve">Subscribe to the mediawiki-api-announce mailing list at &lt;https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/&gt; for notice of API deprecations and breaking changes.</main><compare xml:space="preserve">The parameter "fromtext" has been deprecated.\nThe parameter "totext" has been deprecated.\nNo content model could be determined, assuming wikitext.</compare></warnings><compare diffsize="483"><bodies><_v diff="main" xml:space="preserve">&lt;tr&gt;\n  &lt;td colspan="2" class="diff-lineno"&gt;Line 1:&lt;/td&gt;\n  &lt;td colspan="2" class="diff-lineno"&gt;Line 1:&lt;/td&gt;\n&lt;/tr&gt;\n&lt;tr&gt;\n  &lt;td colspan="2" class="diff-empty diff-side-deleted"&gt;&lt;/td&gt;\n  &lt;td class="diff-marker" data-marker="+"&gt;&lt;/td&gt;\n  &lt;td class="diff-addedline diff-side-added"&gt;&lt;div&gt;b&lt;/div&gt;&lt;/td&gt;\n&lt;/tr&gt;\n&lt;tr&gt;\n  &lt;td class="diff-marker" data-marker="−"&gt;&lt;/td&gt;\n  &lt;td class="diff-deletedline diff-side-deleted"&gt;&lt;div&gt;a&lt;/div&gt;&lt;/td&gt;\n  &lt;td colspan="2" class="diff-empty diff-side-added"&gt;&lt;/td&gt;\n&lt;/tr&gt;\n</_v></bodies></compare></api>',
    );
  });

  test('a slot whose diff is empty: false, in XML as text and left out in formatversion 1', async () => {
    const xml = await compare({ fromrev: '3532', torelative: 'next', slots: 'main', prop: 'diff', format: 'xml' });
    assert.match(xml, /<bodies><_v diff="main" xml:space="preserve">false<\/_v><\/bodies>/);
    assert.deepEqual((await compare({ fromrev: '3532', torelative: 'next', slots: 'main', prop: 'diff' })).compare, {
      bodies: {},
    });
  });

  test('errors: nothing to be relative to, a missing page id, a missing section, the main slot without text', async () => {
    const error = async (params: Record<string, string>) => (await compare({ ...params, formatversion: '2' })).error;
    assert.deepEqual(await error({ fromtext: 'a', torelative: 'prev' }), {
      code: 'compare-relative-to-nothing',
      info: 'No \'from\' revision for "torelative" to be relative to.',
    });
    assert.deepEqual(await error({ fromid: '999999', totitle: 'Berlin' }), {
      code: 'nosuchpageid',
      info: 'There is no page with ID 999999.',
    });
    assert.deepEqual(await error({ fromtitle: 'Berlin', fromsection: '99', totitle: 'Berlin' }), {
      code: 'nosuchfromsection',
      info: "There is no section 99 in the 'from' content.",
    });
    assert.deepEqual(await error({ fromslots: 'main', totitle: 'Berlin' }), {
      code: 'compare-maintextrequired',
      info: 'Parameter "fromtext-main" is required when "fromslots" contains "main" (cannot delete the main slot).',
    });
  });
});
