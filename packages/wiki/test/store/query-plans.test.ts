import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { wikiTables } from '../../src/store/wiki-tables.js';
import { listQueries, sortedListQueries } from '../helpers/list-queries.js';
import { useReferenceWiki } from '../helpers/reference-wiki.js';

/**
 * The store's indexes are made for the API's lists: each is one indexed range read in the order
 * it is listed, continued by keyset (`(sortkey, id) > (?, ?)`), never a table scan or a sort.
 * SQLite's plan for each list query must SEARCH an index and must not sort in a temporary
 * B-tree. (PostgreSQL picks plans by table size, so a plan check on a small wiki says nothing there.)
 */
const storeTables = new Set(wikiTables.map((t) => t.name));

describe('store query plans [sqlite]', () => {
  const wiki = useReferenceWiki();

  const planOf = (query: string): string[] => {
    const sqlite = wiki().store.sqlite;
    assert.ok(sqlite);
    return (sqlite.prepare(`explain query plan ${query}`).all() as Array<{ detail: string }>).map((r) => r.detail);
  };
  const scansTable = (step: string) => {
    const scanned = /^SCAN (\w+)(?!.*USING (COVERING )?INDEX)/.exec(step)?.[1];
    return scanned !== undefined && storeTables.has(scanned);
  };

  for (const [name, query] of Object.entries(sortedListQueries)) {
    test(`${name}: indexed reads only (sorted after the join)`, () => {
      const plan = planOf(query);
      assert.deepEqual(plan.filter(scansTable), [], `plan: ${plan.join(' / ')}`);
      assert.ok(
        plan.some((step) => step.startsWith('SEARCH')),
        `plan: ${plan.join(' / ')}`,
      );
    });
  }

  for (const [name, query] of Object.entries(listQueries)) {
    test(`${name}: an indexed read in list order`, () => {
      const plan = planOf(query);
      const problems = plan.filter((step) => scansTable(step) || /TEMP B-TREE/.test(step));
      assert.deepEqual(problems, [], `plan: ${plan.join(' / ')}`);
      assert.ok(
        plan.some((step) => step.startsWith('SEARCH')),
        `plan: ${plan.join(' / ')}`,
      );
    });
  }
});
