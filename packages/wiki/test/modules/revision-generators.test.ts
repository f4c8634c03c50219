/**
 * Revision generators hand revisions to the page set, as `revids=` does, so that prop modules work
 * on those revisions; and the revision modules' limits with and without content.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { useReferenceApi } from '../helpers/reference-api.js';
import { SessionClient } from '../helpers/session-client.js';

const revidsOfPages = (answer: any): number[] =>
  answer.query.pages
    .flatMap((page: any) => (page.revisions ?? []).map((r: any) => r.revid))
    .sort((a: number, b: number) => a - b);

describeEachEngine('revision generators and limits', (engine) => {
  const api = useReferenceApi(engine);

  test('generator=allrevisions gives its revisions; with generatetitles, their pages', async () => {
    const listed = await api().query({ list: 'allrevisions', arvlimit: '6', arvprop: 'ids' });
    const expected = listed.query.allrevisions
      .flatMap((page: any) => page.revisions.map((r: any) => r.revid))
      .sort((a: number, b: number) => a - b);
    const generated = await api().query({
      generator: 'allrevisions',
      garvlimit: '6',
      prop: 'revisions',
      rvprop: 'ids',
    });
    assert.deepEqual(revidsOfPages(generated), expected);
    assert.equal(generated.continue.garvcontinue, listed.continue.arvcontinue);

    const titles = await api().query({
      generator: 'allrevisions',
      garvlimit: '6',
      garvgeneratetitles: '1',
      prop: 'revisions',
      rvprop: 'ids',
    });
    const latest = await api().query({ prop: 'info', pageids: titles.query.pages.map((p: any) => p.pageid).join('|') });
    assert.deepEqual(
      revidsOfPages(titles),
      latest.query.pages.map((p: any) => p.lastrevid).sort((a: number, b: number) => a - b),
    );
  });

  test('a generated revision of a redirect resolved away stays under its page id, alone', async () => {
    const answer = await api().query({
      generator: 'allrevisions',
      garvlimit: 'max',
      prop: 'revisions|info',
      redirects: '1',
      indexpageids: '1',
    });
    // Revision 369 belongs to the redirect "Quellseite Zusammenführung" (288), which the set
    // resolves to its target: MediaWiki still gives the revision, on an entry of its own.
    const orphan = answer.query.pages.find((p: any) => p.revisions?.some((r: any) => r.revid === 369));
    assert.deepEqual(Object.keys(orphan), ['revisions']);
    assert.ok(!answer.query.pageids.includes('288'));
    assert.ok(answer.query.redirects.some((r: any) => r.from === 'Quellseite Zusammenführung'));
  });

  test("generator=revisions gives a page's history revisions to prop=revisions", async () => {
    const history = await api().query({ prop: 'revisions', titles: 'Main Page', rvlimit: '5', rvprop: 'ids' });
    const expected = history.query.pages[0].revisions.map((r: any) => r.revid).sort((a: number, b: number) => a - b);
    const generated = await api().query({
      generator: 'revisions',
      titles: 'Main Page',
      grvlimit: '5',
      prop: 'revisions',
      rvprop: 'ids',
    });
    assert.equal(generated.query.pages.length, 1);
    assert.deepEqual(revidsOfPages(generated), expected);
    assert.equal(generated.continue.grvcontinue, history.continue.rvcontinue);
    // Without a limit a generator takes 10, as MediaWiki does.
    const ten = await api().query({ generator: 'revisions', titles: 'Main Page', grvdir: 'newer', prop: 'revisions' });
    assert.equal(revidsOfPages(ten).length, 10);
  });

  test('rvlimit=max means 50 with content and 500 without, as the limits block says', async () => {
    const content = await api().query({
      prop: 'revisions',
      titles: 'Main Page',
      rvlimit: 'max',
      rvprop: 'ids|content',
      rvslots: 'main',
    });
    assert.deepEqual(content.limits, { revisions: 50 });
    assert.equal(content.query.pages[0].revisions.length, 50);
    assert.equal(content.warnings, undefined);
    const ids = await api().query({ prop: 'revisions', titles: 'Main Page', rvlimit: 'max', rvprop: 'ids' });
    assert.deepEqual(ids.limits, { revisions: 500 });
    assert.equal(ids.continue, undefined);
    const over = await api().query({
      prop: 'revisions',
      titles: 'Main Page',
      rvlimit: '80',
      rvprop: 'ids|content',
      rvslots: 'main',
    });
    assert.equal(over.query.pages[0].revisions.length, 50);
    assert.match(over.warnings.revisions.warnings, /"rvlimit" must be between 1 and 50/);
    const all = await api().query({
      list: 'allrevisions',
      arvlimit: 'max',
      arvprop: 'ids|content',
      arvslots: 'main',
    });
    assert.deepEqual(all.limits, { allrevisions: 50 });
  });

  test('latest revisions of many pages with content come 50 at a time, continuing by pageid|revid', async () => {
    const params = {
      generator: 'allpages',
      gaplimit: '60',
      prop: 'revisions',
      rvprop: 'ids|content',
      rvslots: 'main',
    };
    const first = await api().query(params);
    assert.equal(revidsOfPages(first).length, 50);
    assert.match(first.continue.rvcontinue, /^\d+\|\d+$/);
    const next = await api().query({ ...params, ...first.continue });
    assert.equal(revidsOfPages(next).length, 10);
    const all = [...revidsOfPages(first), ...revidsOfPages(next)].sort((a, b) => a - b);
    assert.equal(new Set(all).size, 60);
  });

  test('apihighlimits raises the limit with content to 500', async () => {
    const admin = new SessionClient(api().app);
    await admin.logIn('Admin', REFERENCE_PASSWORDS.Admin as string);
    const answer = await admin.get({
      action: 'query',
      format: 'json',
      formatversion: '2',
      prop: 'revisions',
      titles: 'Main Page',
      rvlimit: 'max',
      rvprop: 'ids|content',
      rvslots: 'main',
    });
    assert.deepEqual(answer.json.limits, { revisions: 500 });
    assert.ok(answer.json.query.pages[0].revisions.length > 50);
  });
});
