/**
 * What every prop module that lists link rows per page promises, checked over each of them on the
 * reference wiki (on both engines): following the continuation with a small limit yields exactly
 * the rows of one large request, page by page, in the same order; `dir=descending` reverses each
 * page's rows; a forged continue value is `badcontinue`; the generator form yields the pages the
 * rows name. Every prop module stops when the answer's size limit is reached and continues from
 * there, so that the requests together give what one large answer gives.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { QUERY_MODULES } from '../../src/modules/registry.js';
import { type ReferenceApi, scalarBytes, useReferenceApi, withResultLimit } from '../helpers/reference-api.js';

interface PropCase {
  module: string;
  titles: string;
  params?: Record<string, string>;
  /** The module has `dir`. */
  ordered?: boolean;
  /** The generator yields the rows' own titles (links, categories) or the pages linking (backlinks). */
  generates?: 'target' | 'source';
}

const CASES: PropCase[] = [
  { module: 'links', titles: 'Deutschland|Europa|Berlin|Benutzerin:Alice', ordered: true, generates: 'target' },
  { module: 'links', titles: 'Deutschland|Europa', params: { namespace: '0|4' }, ordered: true, generates: 'target' },
  { module: 'templates', titles: 'Berlin|Hamburg|Deutschland|Testwiki:Dūmu meits', ordered: true, generates: 'target' },
  {
    module: 'categories',
    titles: 'Berlin|Albert Einstein|Wien|Hamburg',
    params: { prop: 'sortkey|timestamp|hidden' },
    ordered: true,
    generates: 'target',
  },
  { module: 'images', titles: 'Bildergalerie|Berlin|Hauptseite', ordered: true, generates: 'target' },
  {
    module: 'langlinks',
    titles: 'Berlin|Deutschland|Vargenau',
    params: { prop: 'url|langname|autonym' },
    ordered: true,
  },
  {
    module: 'iwlinks',
    titles: 'Berlin|Testwiki:Community Portal|Benutzer:Purodha',
    params: { prop: 'url' },
    ordered: true,
  },
  { module: 'extlinks', titles: 'Berlin|Informatik|Fußball|Anarchism' },
  { module: 'linkshere', titles: 'Berlin|Hamburg|Gibtsnicht', generates: 'source' },
  { module: 'linkshere', titles: 'Berlin|Testwiki:Über', params: { namespace: '0|2|10' }, generates: 'source' },
  {
    module: 'transcludedin',
    titles: 'Vorlage:Infobox Stadt|Vorlage:Unbenutzt|Vorlage:Commonscat',
    generates: 'source',
  },
  { module: 'fileusage', titles: 'Datei:Beispiel.png|Datei:Logo.svg|Datei:Commons-logo.svg', generates: 'source' },
  {
    module: 'redirects',
    titles: 'Deutschland|Berlin|Albert Einstein|Atlas Shrugged',
    params: { prop: 'pageid|title|fragment' },
    generates: 'source',
  },
];

/** Prop modules and the pages to ask them about, for the answer's size limit. */
const FULL_ANSWER_CASES: PropCase[] = [
  ...CASES,
  { module: 'images', titles: 'Berlin|Hamburg|München|Köln|Deutschland' },
  { module: 'langlinks', titles: 'Berlin|Hamburg|München|Köln|Deutschland' },
  { module: 'iwlinks', titles: 'Berlin|Hamburg|München|Köln|Deutschland|Europa' },
  { module: 'extlinks', titles: 'Berlin|Hamburg|München|Köln|Deutschland|Europa' },
  { module: 'linkshere', titles: 'Berlin|Deutschland' },
  { module: 'transcludedin', titles: 'Vorlage:Infobox Stadt|Vorlage:Person' },
  { module: 'fileusage', titles: 'Datei:Beispiel.png' },
  { module: 'redirects', titles: 'Deutschland|Berlin|Annys pogosts' },
  { module: 'pageprops', titles: 'Berlin|Hamburg|München|Köln|Deutschland|Europa' },
  { module: 'categoryinfo', titles: 'Kategorie:Stadt|Kategorie:Person|Kategorie:Bilder|Kategorie:Deutschland' },
  { module: 'info', titles: 'Berlin|Hamburg|München|Köln', params: { prop: 'url|displaytitle' } },
];

/** What a module gave each page: its list (rows appended) or its other fields (merged). */
function collectInto(into: Map<string, any>, pages: Page[], module: string): void {
  for (const page of pages) {
    const { pageid, ns, title, ...fields } = page;
    const known = into.get(title);
    const value = fields[module] ?? (module === 'info' ? fields : undefined);
    if (Array.isArray(value)) into.set(title, [...(known ?? []), ...value]);
    else if (value !== undefined && Object.keys(value).length > 0) into.set(title, { ...known, ...value });
  }
}

async function collectPages(api: ReferenceApi, params: Record<string, string>, module: string) {
  const collected = new Map<string, any>();
  let cont: Record<string, string> = {};
  for (let round = 0; round < 500; round++) {
    const answer = await api.query({ ...params, ...cont });
    collectInto(collected, answer.query.pages, module);
    if (!answer.continue) return { collected, rounds: round + 1 };
    cont = answer.continue;
  }
  throw new Error('the continuation does not end');
}

const prefixOf = (name: string) => QUERY_MODULES.find((m) => m.descriptor.name === name)!.descriptor.prefix;
const prefixed = (prefix: string, params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [prefix + k, v]));
type Page = Record<string, any>;
const rowsByPage = (pages: Page[], key: string) =>
  new Map(pages.map((p) => [p.title as string, (p[key] ?? []) as unknown[]]));

describeEachEngine('prop modules listing link rows: the shared contract', (engine) => {
  const api = useReferenceApi(engine);

  for (const c of FULL_ANSWER_CASES) {
    const prefix = prefixOf(c.module);
    test(`${c.module} ${c.titles}: a full answer stops the module, which continues where it stopped`, async () => {
      const params = { prop: c.module, titles: c.titles, ...prefixed(prefix, { ...c.params, limit: 'max' }) };
      const whole = await collectPages(api(), params, c.module);
      assert.equal(whole.rounds, 1);
      const parts = [...whole.collected.values()].flatMap((v) => (Array.isArray(v) ? v : [v]));
      assert.ok(parts.length > 1, 'the case has several parts to add');
      // Room for about half of the module's text (and at least for its largest part).
      const bytes = Math.max(Math.ceil(scalarBytes(parts) / 2), ...parts.map(scalarBytes));
      const small = await withResultLimit(api(), bytes);
      try {
        const pieces = await collectPages(small, params, c.module);
        assert.ok(pieces.rounds > 1, 'the small answer needed several requests');
        assert.deepEqual(pieces.collected, whole.collected);
      } finally {
        await small.app.close();
      }
    });
  }

  for (const c of CASES) {
    const prefix = prefixOf(c.module);
    const label = `${c.module} ${c.titles} ${new URLSearchParams(c.params)}`;
    const ask = (params: Record<string, string>) =>
      api().query({ prop: c.module, titles: c.titles, ...prefixed(prefix, { ...c.params, ...params }) });

    test(`${label}: continuation pages through exactly the rows of one request`, async () => {
      const all = await ask({ limit: 'max' });
      assert.equal(all.continue, undefined);
      assert.equal(all.batchcomplete, true);
      const expected = rowsByPage(all.query.pages, c.module);
      const total = [...expected.values()].reduce((n, rows) => n + rows.length, 0);
      assert.ok(total > 4, 'the case has enough rows to page through');
      const collected = new Map<string, unknown[]>();
      let cont: Record<string, string> = {};
      let rounds = 0;
      for (; rounds < 500; rounds++) {
        const answer = await api().query({
          prop: c.module,
          titles: c.titles,
          ...prefixed(prefix, { ...c.params, limit: '2' }),
          ...cont,
        });
        for (const [title, rows] of rowsByPage(answer.query.pages, c.module)) {
          collected.set(title, [...(collected.get(title) ?? []), ...rows]);
        }
        if (!answer.continue) {
          assert.equal(answer.batchcomplete, true);
          break;
        }
        assert.equal(answer.batchcomplete, undefined, 'an unfinished prop module leaves the batch incomplete');
        assert.ok(`${prefix}continue` in answer.continue);
        cont = answer.continue;
      }
      assert.ok(rounds >= 2, 'the rows took several requests');
      assert.deepEqual(collected, expected);
    });

    test(`${label}: a forged continue value is badcontinue`, async () => {
      const answer = await ask({ continue: 'not|a|continue|value|at|all' });
      assert.equal(answer.error.code, 'badcontinue');
    });

    if (c.ordered) {
      test(`${label}: dir=descending reverses each page's rows`, async () => {
        const up = rowsByPage((await ask({ limit: 'max' })).query.pages, c.module);
        const down = rowsByPage((await ask({ limit: 'max', dir: 'descending' })).query.pages, c.module);
        for (const [title, rows] of up) assert.deepEqual(down.get(title), [...rows].reverse(), title);
      });
    }

    if (c.generates) {
      test(`${label}: the generator yields the pages the rows name`, async () => {
        const rows = [...rowsByPage((await ask({ limit: 'max' })).query.pages, c.module).values()].flat() as Page[];
        const generated = await api().query({
          generator: c.module,
          titles: c.titles,
          ...prefixed(`g${prefix}`, { ...c.params, limit: 'max' }),
        });
        const got = new Set((generated.query?.pages ?? []).map((p: Page) => p.title as string));
        assert.deepEqual(got, new Set(rows.map((r) => r.title as string)));
      });
    }
  }
});
