/**
 * What every list module of pages promises, checked over each of them on the reference wiki:
 * following the continuation with a small limit yields exactly the items of one large request, in
 * the same order and without repeats, also when the answer's size limit stops the list; the
 * generator form yields the same pages; formatversion 1 lists the same items.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { QUERY_MODULES } from '../../src/modules/registry.js';
import { type ReferenceApi, scalarBytes, useReferenceApi, withResultLimit } from '../helpers/reference-api.js';

interface ContractCase {
  module: string;
  /** Parameters without the module's prefix. */
  params: Record<string, string>;
  /** The item field naming a page, for the generator comparison (none: the module lists no pages). */
  pageKey?: 'pageid' | 'title';
  /** How many items to page through with `limit=small`. */
  small?: number;
}

const CASES: ContractCase[] = [
  { module: 'allpages', params: { prefix: 'B' }, pageKey: 'pageid', small: 7 },
  { module: 'allpages', params: { namespace: '14', dir: 'descending', from: 'M' }, pageKey: 'pageid', small: 50 },
  { module: 'allpages', params: { namespace: '2' }, pageKey: 'pageid', small: 9 },
  { module: 'categorymembers', params: { title: 'Kategorie:Person' }, pageKey: 'pageid', small: 2 },
  {
    module: 'categorymembers',
    params: { title: 'Kategorie:Bilder', type: 'subcat|file|page', prop: 'ids|sortkey|type' },
    pageKey: 'pageid',
  },
  {
    module: 'categorymembers',
    params: { title: 'Kategorie:Stadt', sort: 'timestamp', dir: 'older', prop: 'ids|timestamp' },
    pageKey: 'pageid',
    small: 4,
  },
  {
    module: 'categorymembers',
    params: { title: 'Kategorie:User aa-0', dir: 'desc', prop: 'title|sortkeyprefix' },
    pageKey: 'title',
    small: 5,
  },
  { module: 'backlinks', params: { title: 'Berlin' }, pageKey: 'pageid', small: 4 },
  {
    module: 'backlinks',
    params: { title: 'Berlin', namespace: '0|2|10', dir: 'descending' },
    pageKey: 'pageid',
    small: 4,
  },
  {
    module: 'embeddedin',
    params: { title: 'Vorlage:Infobox Stadt', filterredir: 'nonredirects' },
    pageKey: 'pageid',
    small: 5,
  },
  { module: 'imageusage', params: { title: 'Datei:Beispiel.png' }, pageKey: 'pageid', small: 1 },
  { module: 'alllinks', params: { from: 'Berlin', to: 'Bes', prop: 'ids|title' }, pageKey: undefined, small: 7 },
  { module: 'alllinks', params: { prefix: 'Pot', unique: '1' }, pageKey: 'title', small: 4 },
  {
    module: 'alllinks',
    params: { prefix: 'Po', unique: '1', dir: 'descending', namespace: '0' },
    pageKey: 'title',
    small: 30,
  },
  { module: 'alltransclusions', params: { prefix: 'Info', prop: 'ids|title' }, small: 9 },
  { module: 'alltransclusions', params: { prefix: 'Info', unique: '1' }, pageKey: 'title', small: 3 },
  // Descending with `to` alone: MediaWiki 1.39 reads `from` and `to` as the lowest and highest title in
  // either direction and drops `from` once a continue value is given, so a descending list with both
  // bounds runs past `from` when continued.
  { module: 'allfileusages', params: { to: 'B', prop: 'ids|title', dir: 'descending' }, small: 6 },
  { module: 'allredirects', params: { from: 'B', to: 'D', prop: 'ids|title|fragment|interwiki' }, small: 6 },
  { module: 'allcategories', params: { prefix: 'S', prop: 'size|hidden' }, small: 7 },
  { module: 'allcategories', params: { from: 'Z', to: 'P', dir: 'descending', min: '1' }, small: 9 },
  { module: 'langbacklinks', params: { prop: 'lllang|lltitle' }, pageKey: 'pageid', small: 7 },
  { module: 'iwbacklinks', params: { prefix: 'wikipedia', dir: 'descending' }, pageKey: 'pageid', small: 4 },
  { module: 'pagepropnames', params: {}, small: 2 },
  {
    module: 'pageswithprop',
    params: { propname: 'defaultsort', prop: 'ids|title|value' },
    pageKey: 'pageid',
    small: 2,
  },
  { module: 'allusers', params: { prop: 'editcount|groups|rights' }, small: 2 },
  { module: 'allusers', params: { dir: 'descending', witheditsonly: '1', activeusers: '1' }, small: 2 },
  { module: 'blocks', params: { prop: 'id|user|flags|restrictions' }, small: 1 },
  { module: 'blocks', params: { dir: 'newer', show: '!account' }, small: 1 },
];

const prefixOf = (name: string) => QUERY_MODULES.find((m) => m.descriptor.name === name)!.descriptor.prefix;
const prefixed = (prefix: string, params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [prefix + k, v]));

const BATCH_IN_PAGE_ID_ORDER = new Set(['backlinks', 'embeddedin', 'imageusage']);

/** Continues a list until it is complete, collecting its items. */
async function collect(api: ReferenceApi, params: Record<string, string>, module: string): Promise<unknown[]> {
  const collected: unknown[] = [];
  let cont: Record<string, string> = {};
  for (let round = 0; round < 1000; round++) {
    const answer = await api.query({ ...params, ...cont });
    collected.push(...answer.query[module]);
    if (!answer.continue) break;
    cont = answer.continue;
  }
  return collected;
}

describe('list modules: the shared contract', () => {
  const api = useReferenceApi();

  for (const c of CASES) {
    const label = `${c.module} ${new URLSearchParams(c.params)}`;
    const prefix = prefixOf(c.module);

    test(`${label}: continuation pages through exactly the items of one request`, async () => {
      const all = await api().query({ list: c.module, ...prefixed(prefix, { ...c.params, limit: 'max' }) });
      assert.equal(all.continue, undefined, 'the whole list fits one request');
      const expected = all.query[c.module];
      assert.ok(expected.length > (c.small ?? 3), 'the case lists enough items to page through');
      const params = { list: c.module, ...prefixed(prefix, { ...c.params, limit: String(c.small ?? 3) }) };
      assert.deepEqual(await collect(api(), params, c.module), expected);
    });

    test(`${label}: a full answer stops the list, which continues from the first item left out`, async () => {
      const params = { list: c.module, ...prefixed(prefix, { ...c.params, limit: 'max' }) };
      const expected = (await api().query(params)).query[c.module];
      // Room for half of the items' text (and at least for the largest item).
      const bytes = Math.max(Math.ceil(scalarBytes(expected) / 2), ...expected.map(scalarBytes));
      const small = await withResultLimit(api(), bytes);
      try {
        const first = await small.query(params);
        assert.ok(first.query[c.module].length < expected.length, 'the small answer holds fewer items');
        assert.match(JSON.stringify(first.warnings), /truncated/);
        const collected = await collect(small, params, c.module);
        if (BATCH_IN_PAGE_ID_ORDER.has(c.module)) {
          // As MediaWiki, these add a batch that does not fit whole in page id order.
          const byId = (items: any[]) => [...items].sort((a, b) => a.pageid - b.pageid);
          assert.deepEqual(byId(collected), byId(expected));
        } else {
          assert.deepEqual(collected, expected);
        }
      } finally {
        await small.app.close();
      }
    });

    if (c.pageKey) {
      test(`${label}: the generator yields the same pages`, async () => {
        const listed = await api().query({ list: c.module, ...prefixed(prefix, { ...c.params, limit: 'max' }) });
        const generated = await api().query({
          generator: c.module,
          ...prefixed(`g${prefix}`, { ...c.params, limit: 'max' }),
        });
        const key = c.pageKey!;
        const want = [...new Set(listed.query[c.module].map((item: any) => item[key]))].sort();
        const got = (generated.query?.pages ?? []).map((page: any) => page[key]).sort();
        assert.deepEqual(got, want);
      });
    }

    test(`${label}: formatversion 1 lists the same items`, async () => {
      const params = { list: c.module, ...prefixed(prefix, { ...c.params, limit: '20' }) };
      const v2 = await api().query(params);
      const v1 = await api().query({ ...params, formatversion: '1' });
      assert.equal(v1.query[c.module].length, v2.query[c.module].length);
      assert.deepEqual(v1.continue, v2.continue);
    });
  }
});
