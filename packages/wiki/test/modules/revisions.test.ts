import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { queryJson, useReferenceApi } from '../helpers/reference-api.js';

const revisions = (answer: any, page = 0): any[] => answer.query.pages[page].revisions;

describeEachEngine('prop=revisions', (engine) => {
  const api = useReferenceApi(engine);

  test('without list options: the latest revision of every page, in page id order', async () => {
    const answer = await api().query({ prop: 'revisions', titles: 'Hamburg|Berlin', rvprop: 'ids|user|flags' });
    assert.deepEqual(
      answer.query.pages.map((p: any) => [p.title, p.revisions.map((r: any) => r.revid)]),
      [
        ['Berlin', [3532]],
        ['Hamburg', [261]],
      ],
    );
    assert.equal(answer.warnings, undefined, 'no legacy warning without content');
  });

  test("a page's history runs newest first, continues by timestamp|revid, and back with dir=newer", async () => {
    const first = await api().query({ prop: 'revisions', titles: 'Berlin', rvlimit: '2', rvprop: 'ids' });
    assert.deepEqual(
      revisions(first).map((r) => r.revid),
      [3532, 367],
    );
    assert.equal(first.continue.rvcontinue, '20261121222612|260');
    const next = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvlimit: '2',
      rvprop: 'ids',
      ...first.continue,
    });
    assert.deepEqual(
      revisions(next).map((r) => r.revid),
      [260, 248],
    );
    const newer = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvdir: 'newer',
      rvlimit: '3',
      rvprop: 'ids',
    });
    assert.deepEqual(
      revisions(newer).map((r) => r.revid),
      [236, 248, 260],
    );
    const bounded = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvstartid: '367',
      rvendid: '248',
      rvprop: 'ids',
    });
    assert.deepEqual(
      revisions(bounded).map((r) => r.revid),
      [367, 260, 248],
    );
  });

  test('user, excludeuser and tag filter the history', async () => {
    const bob = await api().query({ prop: 'revisions', titles: 'Berlin', rvuser: 'Bob', rvprop: 'ids|user' });
    assert.deepEqual(revisions(bob), [{ revid: 248, parentid: 236, user: 'Bob' }]);
    const notAdmin = await api().query({ prop: 'revisions', titles: 'Berlin', rvexcludeuser: 'Admin', rvprop: 'ids' });
    assert.deepEqual(
      revisions(notAdmin).map((r) => r.revid),
      [260, 248, 236],
    );
    const tagged = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvtag: 'oracle-test',
      rvlimit: '10',
      rvprop: 'ids|tags',
    });
    assert.deepEqual(revisions(tagged), [{ revid: 260, parentid: 248, tags: ['oracle-test'] }]);
    // Without list options the tag filters the latest revision, which does not carry it.
    const latest = await api().query({ prop: 'revisions', titles: 'Berlin', rvtag: 'oracle-test', rvprop: 'ids' });
    assert.equal(latest.query.pages[0].revisions, undefined);
  });

  test('content in slots, or in the legacy shape with its deprecation warning', async () => {
    const slots = await api().query({ prop: 'revisions', titles: 'Zugspitze', rvprop: 'content', rvslots: 'main' });
    const main = revisions(slots)[0].slots.main;
    assert.equal(main.contentmodel, 'wikitext');
    assert.equal(main.contentformat, 'text/x-wiki');
    assert.match(main.content, /^Die '''Zugspitze'''/);
    const legacy = await api().query({ prop: 'revisions', titles: 'Zugspitze', rvprop: 'content' });
    const rev = revisions(legacy)[0];
    assert.deepEqual(Object.keys(rev), ['contentformat', 'contentmodel', 'content']);
    assert.match(legacy.warnings.revisions.warnings, /Because "rvslots" was not specified, a legacy format/);
  });

  test("in the legacy shape the main slot's size and sha1 stand on the revision", async () => {
    const legacy = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvprop: 'ids|timestamp|slotsize|slotsha1|contentmodel',
    });
    assert.deepEqual(revisions(legacy)[0], {
      revid: 3532,
      parentid: 367,
      timestamp: '2026-11-21T22:31:36Z',
      size: 1255,
      sha1: '7a4675e3b199e84da86d9c2a919c07308e3c9792',
      contentmodel: 'wikitext',
    });
    assert.match(legacy.warnings.revisions.warnings, /Because "rvslots" was not specified, a legacy format/);
  });

  test('rvsection cuts a section out of wikitext; a missing section is an error', async () => {
    const zero = await api().query({
      prop: 'revisions',
      titles: 'Hamburg',
      rvprop: 'content',
      rvslots: 'main',
      rvsection: '0',
    });
    assert.doesNotMatch(revisions(zero)[0].slots.main.content, /==/);
    const missing = await api().query({
      prop: 'revisions',
      titles: 'Hamburg',
      rvprop: 'content',
      rvslots: 'main',
      rvsection: '99',
    });
    assert.equal(missing.error.code, 'nosuchsection');
    assert.equal(missing.error.info, 'There is no section 99 in revision 261.');
    // The section as the request wrote it, escaped as wikitext (MediaWiki 1.39 answers so).
    const piped = await api().query({
      prop: 'revisions',
      titles: 'Hamburg',
      rvprop: 'content',
      rvsection: '9|',
      errorformat: 'wikitext',
      formatversion: '2',
      uselang: 'en',
    });
    assert.equal(piped.errors[0].text, 'There is no section 9&#124; in revision 261.');
    // Any text names a section, as MediaWiki reads it: no digits is the lead.
    const named = await api().query({
      prop: 'revisions',
      titles: 'Hamburg',
      rvprop: 'content',
      rvslots: 'main',
      rvsection: 'Zzz',
    });
    assert.equal(revisions(named)[0].slots.main.content, revisions(zero)[0].slots.main.content);
  });

  test('rvdiffto must name a revision by number, prev, next or cur; with rvslots it is refused', async () => {
    const bad = await api().query({ prop: 'revisions', titles: 'Hamburg', rvdiffto: 'Berlin' });
    assert.deepEqual(
      [bad.error.code, bad.error.info],
      ['diffto', '"rvdiffto" must be set to a non-negative number, "prev", "next" or "cur".'],
    );
    const withSlots = await api().query({ prop: 'revisions', titles: 'Hamburg', rvdiffto: 'prev', rvslots: 'main' });
    assert.equal(withSlots.error.info, 'The "rvdiffto" parameter cannot be used with "rvslots".');
  });

  test('list options on several pages, with revids, or together are refused', async () => {
    const many = await api().query({ prop: 'revisions', titles: 'Berlin|Hamburg', rvuser: 'Bob' });
    assert.equal(many.error.code, 'invalidparammix');
    const withRevids = await api().query({ prop: 'revisions', revids: '248', rvlimit: '2' });
    assert.equal(withRevids.error.code, 'invalidparammix');
    const both = await api().query({ prop: 'revisions', titles: 'Berlin', rvuser: 'Bob', rvexcludeuser: 'Alice' });
    assert.equal(both.error.code, 'invalidparammix');
    const parse = await api().query({ prop: 'revisions', titles: 'Berlin', rvprop: 'content', rvparse: '1' });
    assert.equal(parse.error.code, 'unsupportedparameter');
    const bad = await api().query({ prop: 'revisions', titles: 'Berlin', rvlimit: '1', rvcontinue: 'x|1' });
    assert.equal(bad.error.code, 'badcontinue');
  });

  test('without list options the continue value is cast as MediaWiki casts it, never refused for its form', async () => {
    // MediaWiki 1.39 answers so: a page's latest revisions take two fields, each cast to a number
    // (`A|1` is 0|1, from the first page); named revisions take the whole value so cast.
    const pages = await api().query({ prop: 'revisions', titles: 'Berlin|Hamburg', rvcontinue: 'A|1' });
    assert.equal(pages.error, undefined);
    assert.equal(pages.query.pages.length, 2);
    assert.equal(
      (await api().query({ prop: 'revisions', titles: 'Berlin', rvcontinue: 'A' })).error.code,
      'badcontinue',
    );
    const revids = await api().query({ prop: 'revisions', revids: '248', rvcontinue: 'A|1' });
    assert.equal(revids.error, undefined);
    assert.equal(revids.query.pages[0].revisions[0].revid, 248);
  });

  test('parsing what is read allows one revision: a larger rvlimit is lowered with its warning', async () => {
    const answer = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvprop: 'ids',
      rvparse: '1',
      rvdifftotext: 'x',
      rvlimit: '5',
      errorformat: 'none',
    });
    const outofrange = answer.warnings.find((w: any) => w.code === 'outofrange');
    assert.deepEqual(outofrange.data, { min: 1, curmax: 1, max: 1, highmax: 1 });
    assert.equal(revisions(answer).length, 1);
    assert.ok(answer.continue.rvcontinue);
    // Without a limit, parsing lists one revision too.
    const unlimited = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvprop: 'ids',
      rvparse: '1',
      rvdifftotext: 'x',
      rvdir: 'newer',
    });
    assert.equal(revisions(unlimited).length, 1);
  });

  test('startid and endid name a revision or a deleted one; another id is badid', async () => {
    const missing = await api().query({ prop: 'revisions', titles: 'Berlin', rvendid: '2147483648', uselang: 'en' });
    assert.deepEqual(
      [missing.error.code, missing.error.info],
      ['badid_rvendid', 'No revision was found for parameter "rvendid".'],
    );
    const generated = await api().query({ generator: 'revisions', titles: 'Berlin', grvstartid: '2147483648' });
    assert.equal(generated.error.code, 'badid_grvstartid');
    // A deleted revision's time bounds the history as a live one's does.
    const deleted = await api()
      .store.db.selectFrom('archive')
      .select(['ar_rev_id', 'ar_timestamp'])
      .orderBy('ar_rev_id')
      .executeTakeFirstOrThrow();
    const bounded = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvprop: 'timestamp',
      rvendid: String(deleted.ar_rev_id),
      rvlimit: 'max',
    });
    assert.equal(bounded.error, undefined);
    for (const r of revisions(bounded)) assert.ok(r.timestamp.replace(/\D/g, '') >= deleted.ar_timestamp);
  });

  test('start and startid, end and endid together are refused, naming the id first', async () => {
    const start = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvstart: '2026-11-21T22:26:38Z',
      rvstartid: '367',
    });
    assert.equal(start.error.info, 'The parameters "rvstartid" and "rvstart" can not be used together.');
    const end = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvend: '2026-11-21T22:26:38Z',
      rvendid: '367',
      rvuser: 'A',
      rvexcludeuser: 'B',
    });
    assert.equal(end.error.info, 'The parameters "rvendid" and "rvend" can not be used together.');
  });

  test('a parse tree and an expansion are made of the section asked for, found first; other models get a warning', async () => {
    const section = await api().query({ prop: 'revisions', titles: 'Berlin', rvprop: 'parsetree', rvsection: '99' });
    assert.equal(section.error.code, 'nosuchsection');
    const tree = await api().query({ prop: 'revisions', titles: 'Berlin', rvprop: 'parsetree', rvsection: '1' });
    assert.ok(
      revisions(tree)[0].parsetree.startsWith(
        '<root><h level="2" i="1">== Geschichte ==</h>\nDie Geschichte von Berlin reicht bis ins Mittelalter zurück.' +
          ' Im 19. Jahrhundert wuchs die Stadt durch die Industrialisierung stark an.<ext><name>ref</name>' +
          '<attr> name=&quot;hist&quot;</attr><inner>Stadtchronik, Band 1.</inner><close>&lt;/ref&gt;</close></ext>',
      ),
    );
    assert.ok(
      tree.warnings.revisions.warnings.includes('The value "parsetree" to parameter "rvprop" has been deprecated.'),
    );
    const expandedSection = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvprop: 'content',
      rvexpandtemplates: '1',
      rvsection: '1',
    });
    // The expanded text is the content, without its format and model.
    assert.deepEqual(revisions(expandedSection)[0], {
      content:
        '== Geschichte ==\nDie Geschichte von Berlin reicht bis ins Mittelalter zurück. Im 19. Jahrhundert wuchs die' +
        ' Stadt durch die Industrialisierung stark an.<ref name="hist">Stadtchronik, Band 1.</ref> Im Zweiten' +
        ' Weltkrieg wurde sie schwer beschädigt.',
    });
    const script = await api().query({
      prop: 'revisions',
      titles: 'MediaWiki:Gadget-Uhr.js',
      rvprop: 'ids|parsetree',
      errorformat: 'plaintext',
      uselang: 'en',
    });
    assert.equal(revisions(script)[0].badcontentformatforparsetree, true);
    assert.ok(
      script.warnings.some(
        (w: any) =>
          w.code === 'parsetree-notwikitext' &&
          w.text ===
            '"prop=parsetree" is only supported for wikitext content. MediaWiki:Gadget-Uhr.js uses content model javascript.',
      ),
    );
    const expanded = await api().query({
      prop: 'revisions',
      titles: 'MediaWiki:Gadget-Uhr.js',
      rvprop: 'ids|content',
      rvexpandtemplates: '1',
    });
    assert.equal(revisions(expanded)[0].badcontentformat, true);
    assert.equal(revisions(expanded)[0].content, undefined);
    // Without a text to render nothing is refused.
    const none = await api().query({ prop: 'revisions', titles: 'Gibtsnicht', rvprop: 'parsetree' });
    assert.equal(none.error, undefined);
  });

  test("templates are expanded as MediaWiki's preprocessor expands them; generatexml gives the tree before the content", async () => {
    const expanded = await api().query({
      prop: 'revisions',
      titles: 'Jezups Mots',
      rvprop: 'content',
      rvexpandtemplates: '1',
    });
    // The maintenance box's table starts a line of its own; its arguments chose its type and texts.
    assert.ok(
      revisions(expanded)[0].content.startsWith(
        '\n{|class="metadata plainlinks ambox  ambox-style"  \n|class="ambox-image"|<div>[[Fails:Nuvola apps' +
          " important yellow.svg|40px]]</div>\n|class=\"ambox-text\"|'''Rakstīņs tur sevī nazcik raksteibu i/ci stiļa" +
          " klaidys.'''<div style=\"font-size:smaller;\">Vāg puorsavērt rakstīņa turīņu, kab tys atsatiktu [[latgaļu" +
          ' volūda|latgaļu volūdys]] gramatikai.</div>\n\n|class="widthhack"|\n|}[[Kategoreja:Rakstīņi, kurim vāg',
      ),
    );
    const xml = await api().query({ prop: 'revisions', titles: 'Jezups Mots', rvprop: 'content', rvgeneratexml: '1' });
    const revision = revisions(xml)[0];
    assert.deepEqual(Object.keys(revision), ['parsetree', 'contentformat', 'contentmodel', 'content']);
    assert.ok(
      revision.parsetree.startsWith(
        '<root><template><title>raksteibys klaidys</title></template>\n[[Fails:Giuseppe Motta.gif|right|200px|thumb|' +
          "Jezups Mots.]]\n'''Jezups Mots''' (<template><title>vol-it</title><part><name index=\"1\"/><value>Giuseppe" +
          ' Motta</value></part></template>; 1871 gods zīmys m',
      ),
    );
    assert.ok(xml.warnings.revisions.warnings.includes('The parameter "rvgeneratexml" has been deprecated.'));
  });

  test('revids lists exactly the named revisions; a deleted one is a bad revid', async () => {
    const answer = await api().query({ prop: 'revisions', revids: '3532|236|306', rvprop: 'ids' });
    assert.deepEqual(
      revisions(answer).map((r) => r.revid),
      [236, 3532],
    );
    assert.deepEqual(answer.query.badrevids, { 306: { revid: 306, missing: true } });
  });

  test('as a generator it gives the pages of the revisions', async () => {
    const answer = await api().query({ generator: 'revisions', titles: 'Berlin|Hamburg', prop: 'info' });
    assert.deepEqual(answer.query.pages.map((p: any) => p.title).sort(), ['Berlin', 'Hamburg']);
  });

  test('formatversion 1 puts content under *', async () => {
    const answer = await queryJson(api().app, {
      prop: 'revisions',
      titles: 'Zugspitze',
      rvprop: 'content',
      rvslots: '*',
      formatversion: '1',
    });
    const page = Object.values(answer.query.pages)[0] as any;
    assert.match(page.revisions[0].slots.main['*'], /Zugspitze/);
  });

  test('diffs read the text as content does: rvsection applies to it, and diffto must name a readable revision', async () => {
    const section = await api().query({ prop: 'revisions', titles: 'Hauptseite', rvsection: '99', rvdiffto: 'prev' });
    assert.equal(section.error.code, 'nosuchsection');
    assert.equal(section.error.info, 'There is no section 99 in revision 366.');
    const missing = await api().query({ prop: 'revisions', titles: 'Hauptseite', rvdiffto: '99999' });
    assert.equal(missing.error.info, 'There is no revision with ID 99999.');
    // A bad diffto is refused before the legacy output is announced.
    const bad = await api().query({ prop: 'revisions', titles: 'Hauptseite', rvdiffto: 'Foo', rvprop: 'content' });
    assert.equal(bad.error.code, 'diffto');
    assert.ok(!JSON.stringify(bad.warnings).includes('rvslots'));
    // A diff counts as slot work: the legacy output is announced, and the diff comes with the slot
    // fields, before the comment.
    const diff = await api().query({ list: 'allrevisions', arvlimit: '1', arvdifftotext: 'x', arvprop: 'ids|comment' });
    assert.match(diff.warnings.allrevisions.warnings, /arvslots/);
    assert.deepEqual(Object.keys(diff.query.allrevisions[0].revisions[0]), ['revid', 'parentid', 'diff', 'comment']);
  });

  test('diffto: the first diff a module makes is made (as MediaWiki 1.39 answered), the later ones are notcached', async () => {
    const answer = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvdir: 'newer',
      rvlimit: '3',
      rvdiffto: 'prev',
      rvprop: 'ids',
      uselang: 'en',
    });
    const [first, second, third] = revisions(answer);
    // No revision before the first: an empty body, made without comparing, not counted.
    assert.deepEqual(first.diff, { from: false, to: 236, body: '' });
    const row = (cells: string) => `<tr>\n${cells}</tr>\n`;
    const context = (html: string) =>
      row(
        `  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted">${html}</td>\n` +
          `  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added">${html}</td>\n`,
      );
    const added = (html: string) =>
      row(
        '  <td colspan="2" class="diff-empty diff-side-deleted"></td>\n  <td class="diff-marker" data-marker="+"></td>\n' +
          `  <td class="diff-addedline diff-side-added">${html}</td>\n`,
      );
    assert.deepEqual(Object.keys(second.diff), ['from', 'to', 'body']);
    assert.equal(second.diff.from, 236);
    assert.equal(second.diff.to, 248);
    assert.equal(
      second.diff.body,
      row('  <td colspan="2" class="diff-lineno">Line 4:</td>\n  <td colspan="2" class="diff-lineno">Line 4:</td>\n') +
        context('<div>== Geschichte ==</div>') +
        context(
          '<div>Die Geschichte von Berlin reicht bis ins Mittelalter zurück. Im 19. Jahrhundert wuchs die Stadt durch die Industrialisierung stark an.&lt;ref name="hist"&gt;Stadtchronik, Band 1.&lt;/ref&gt; Im Zweiten Weltkrieg wurde sie schwer beschädigt.</div>',
        ) +
        added('<br />') +
        added('<div>== Geographie ==</div>') +
        added(
          '<div>Berlin liegt am Fluss [[Spree]]. Das Klima ist gemäßigt. Die Umgebung ist geprägt von Wäldern und Seen.</div>',
        ) +
        context('<br />') +
        context('<div>== Weblinks ==</div>'),
    );
    assert.deepEqual(third.diff, { notcached: true });
  });

  test('diffto cur, next and a revision id name the revisions as MediaWiki does; an empty diff made counts', async () => {
    // The latest revision to the current one (0): the same revision, nothing compared.
    const cur = await api().query({
      prop: 'revisions',
      titles: 'Berlin',
      rvlimit: '3',
      rvdiffto: 'cur',
      rvprop: 'ids',
    });
    const [latest, before, third] = revisions(cur);
    assert.deepEqual(latest.diff, { from: 3532, to: 0, body: '' });
    // Revision 367 has the same text as 3532: an empty diff, made, which spends the budget.
    assert.deepEqual(before.diff, { from: 367, to: 0, body: '' });
    assert.deepEqual(third.diff, { notcached: true });
    const next = await api().query({ prop: 'revisions', titles: 'Berlin', rvdiffto: 'next', rvprop: 'ids' });
    assert.deepEqual(revisions(next)[0].diff, { from: 3532, to: 0, body: '' });
    const other = await api().query({ prop: 'revisions', revids: '248|260', rvdiffto: '236', rvprop: 'ids' });
    const [to236, spent] = revisions(other);
    assert.deepEqual([to236.diff.from, to236.diff.to], [248, 236]);
    assert.match(to236.diff.body, /diff-deletedline diff-side-deleted"><div>== Geographie ==<\/div>/);
    assert.deepEqual(spent.diff, { notcached: true });
  });

  test('difftotext: the first revision of a module gets the diff as table rows, the next ones notcached', async () => {
    const answer = await api().query({
      list: 'allrevisions',
      arvlimit: '3',
      arvdifftotext: 'Zzz',
      arvprop: 'ids|content',
      uselang: 'en',
    });
    const revs = answer.query.allrevisions.flatMap((p: any) => p.revisions);
    const [first, ...rest] = revs;
    const firstLine = first.content.split('\n')[0];
    assert.ok(
      first.diff.body.startsWith(
        '<tr>\n  <td colspan="2" class="diff-lineno">Line 1:</td>\n  <td colspan="2" class="diff-lineno">Line 1:</td>\n</tr>\n' +
          '<tr>\n  <td colspan="2" class="diff-empty diff-side-deleted"></td>\n  <td class="diff-marker" data-marker="+"></td>\n' +
          '  <td class="diff-addedline diff-side-added"><div>Zzz</div></td>\n</tr>\n',
      ),
      first.diff.body,
    );
    assert.ok(
      first.diff.body.includes(
        `<td class="diff-deletedline diff-side-deleted"><div>${firstLine.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</div></td>`,
      ),
    );
    assert.ok(rest.length > 0);
    for (const rev of rest) assert.deepEqual(rev.diff, { notcached: true });
    // The line numbers in the reader's language; the body is the diff's content (`*` in formatversion 1).
    const german = await api().query({ prop: 'revisions', titles: 'Berlin', rvdifftotext: '', formatversion: '1' });
    const [page] = Object.values(german.query.pages) as any[];
    assert.match(page.revisions[0].diff['*'], /^<tr>\n {2}<td colspan="2" class="diff-lineno">Zeile 1:<\/td>/);
  });

  test('a content format the model lacks is a warning per revision; a text without sections has none to give', async () => {
    const answer = await api().query({
      prop: 'revisions',
      titles: 'Berlin|Hauptseite',
      rvprop: 'ids|content',
      rvcontentformat: 'text/css',
    });
    assert.deepEqual(revisions(answer)[0], { revid: 366, parentid: 318, badcontentformat: true });
    assert.match(
      answer.warnings.revisions.warnings,
      /The requested format text\/css is not supported for content model wikitext used by Hauptseite\./,
    );
    // A diff to a text in a format the model lacks is refused only while the module may still make
    // one: after its one uncached diff, every further revision is notcached, whatever its model.
    const diffs = await api().query({
      list: 'allrevisions',
      arvdifftotext: 'Zzz',
      arvcontentformat: 'text/x-wiki',
      arvlimit: '50',
    });
    const diffed = diffs.query.allrevisions.flatMap((p: any) => p.revisions.map((r: any) => r.diff));
    assert.ok(diffed[0].body !== undefined || diffed[0].notcached === true);
    assert.deepEqual(new Set(diffed.slice(1).map((d: any) => JSON.stringify(d))), new Set(['{"notcached":true}']));
    assert.doesNotMatch(diffs.warnings.allrevisions.warnings, /not supported/);
    // The format is checked against the page's model now, not the revision's (Konfiguration was
    // wikitext and is plain text).
    const changed = await api().query({
      prop: 'revisions',
      titles: 'Konfiguration',
      rvprop: 'ids',
      rvlimit: 'max',
      rvdifftotext: 'x',
      rvcontentformat: 'text/x-wiki',
    });
    assert.deepEqual(
      revisions(changed).map((r: any) => r.diff),
      [{ badcontentformat: true }, { badcontentformat: true }],
    );
    const lines = changed.warnings.revisions.warnings.split('\n').filter((l: string) => /not supported/.test(l));
    assert.deepEqual(lines, [
      'The requested format text/x-wiki is not supported for content model text used by Konfiguration.',
    ]);
    const css = await api().query({ list: 'allrevisions', arvsection: '1', arvdifftotext: 'x', arvlimit: '50' });
    assert.equal(css.error.code, 'nosuchsection');
    assert.match(css.error.info, /^There is no section 1 in revision \d+\.$/);
    // parse, expandtemplates and generatexml change only the content: without it they are unused.
    const unused = await api().query({ list: 'allrevisions', arvgeneratexml: '1', arvlimit: '1' });
    assert.equal(unused.error, undefined);
  });

  test('without pages to read nothing is checked', async () => {
    const answer = await api().query({
      prop: 'revisions',
      titles: 'Gibtsnicht',
      rvuser: 'Alice',
      rvexcludeuser: 'Bob',
    });
    assert.equal(answer.error, undefined);
  });
});
