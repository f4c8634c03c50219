/**
 * Link extraction against MediaWiki's own link tables: the reference wiki imported the ltgwiki and
 * enwiki sample dumps, and its tables (extracted into a fixture) hold what MediaWiki's parser
 * recorded for those pages, with templates expanded. What we extract must be among MediaWiki's rows
 * (precision); read as written, the text gives a part of them, expanded with the wiki's templates
 * (as an XML import does after reading the dump) nearly all (recall).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { contentMessageReader } from '../src/api/messages/store.js';
import { completeDeferredBuilds } from '../src/import/deferred-builds.js';
import { expandedPageLinks, StoredPageReader, storedExpansionHost } from '../src/import/expanded-links.js';
import { importXmlDump } from '../src/import/xml/xml-importer.js';
import { TitleCodec } from '../src/site/title.js';
import { openWikiStore } from '../src/store/database.js';
import type { WikiDatabase } from '../src/store/schema.js';
import { siteStatistics } from '../src/store/site-statistics.js';
import { extractLinks, type PageLinks } from '../src/wikitext/extract-links.js';
import { fixturesDir, readFixtureDump, readGzipJson } from './helpers/fixtures.js';
import { germanSite } from './helpers/german-site.js';
import { useReferenceWiki } from './helpers/reference-wiki.js';

interface ReferencePage {
  wiki: string;
  ns: number;
  title: string;
  links: string[];
  templates: string[];
  categories: string[];
  images: string[];
  langlinks: string[];
  iwlinks: string[];
  extlinks: string[];
  props: string[];
  redirect?: [number, string, string, string];
}

const codec = new TitleCodec(germanSite());
const reference = readGzipJson<ReferencePage[]>('reference-links.json.gz');
const byKey = new Map(reference.map((p) => [`${p.wiki}:${p.ns}:${p.title}`, p]));

type Kind = 'links' | 'templates' | 'categories' | 'images' | 'langlinks' | 'iwlinks' | 'extlinks';

function ours(links: PageLinks): Record<Kind, string[]> {
  return {
    links: links.links.map((l) => `${l.namespace}:${l.dbKey}`),
    templates: links.templates.map((l) => `${l.namespace}:${l.dbKey}`),
    categories: links.categories.map((c) => c.name),
    images: links.images,
    langlinks: links.languageLinks.map((l) => `${l.language}:${l.title}`),
    iwlinks: links.interwikiLinks.map((l) => `${l.prefix}:${l.title}`),
    extlinks: links.externalLinks,
  };
}

function theirs(page: ReferencePage): Record<Kind, string[]> {
  return { ...page, categories: page.categories.map((c) => c.slice(0, c.indexOf('|'))) };
}

interface Count {
  ours: number;
  matched: number;
  theirs: number;
  found: number;
}

const KINDS: Kind[] = ['links', 'templates', 'categories', 'images', 'langlinks', 'iwlinks', 'extlinks'];

type Extract = (text: string, page: { namespace: number; dbKey: string }, ref: ReferencePage) => Promise<PageLinks>;

/** Every sample page's links extracted by `extract`, counted against MediaWiki's rows. */
async function compareAll(extract: Extract) {
  const counts = Object.fromEntries(KINDS.map((k) => [k, { ours: 0, matched: 0, theirs: 0, found: 0 }])) as Record<
    Kind,
    Count
  >;
  const extra: string[] = [];
  const missed: string[] = [];
  let pages = 0;
  let redirectsAgree = 0;
  let redirects = 0;
  for (const [file, wiki] of [
    ['ltgwiki-pages-articles-sample2004.xml', 'ltgwiki'],
    ['enwiki-pages-articles1-shortened.xml', 'enwiki'],
  ] as const) {
    let text = '';
    for await (const event of readFixtureDump(file)) {
      if (event.type === 'revision') text = event.revision.text ?? '';
      if (event.type !== 'page-end') continue;
      const { page } = event;
      const key = page.namespace === 0 ? page.title : page.title.slice(page.title.indexOf(':') + 1);
      const ref = byKey.get(`${wiki}:${page.namespace}:${key.replace(/ /g, '_')}`);
      if (!ref) continue;
      pages++;
      const extracted = await extract(text, { namespace: page.namespace, dbKey: ref.title }, ref);
      const mine = ours(extracted);
      const their = theirs(ref);
      for (const kind of KINDS) {
        const theirSet = new Set(their[kind]);
        const mineSet = new Set(mine[kind]);
        counts[kind].ours += mineSet.size;
        counts[kind].theirs += theirSet.size;
        for (const item of mineSet) {
          if (theirSet.has(item)) counts[kind].matched++;
          else if (extra.length < 40) extra.push(`${wiki} ${ref.title} ${kind} ${item}`);
        }
        for (const item of theirSet) {
          if (mineSet.has(item)) counts[kind].found++;
          else if (missed.length < 400) missed.push(`${wiki} ${ref.title} ${kind} ${item}`);
        }
      }
      if (ref.redirect || extracted.redirect) {
        redirects++;
        const r = extracted.redirect;
        if (r && ref.redirect && r.namespace === ref.redirect[0] && r.dbKey === ref.redirect[1]) redirectsAgree++;
      }
    }
  }
  const share = (part: number, whole: number) => (whole ? (100 * part) / whole : 100);
  const lines = KINDS.map((k) => {
    const c = counts[k];
    return `${k.padEnd(10)} ours ${String(c.ours).padStart(6)}  in MediaWiki's ${share(c.matched, c.ours).toFixed(1).padStart(5)}%   theirs ${String(c.theirs).padStart(6)}  found by us ${share(c.found, c.theirs).toFixed(1).padStart(5)}%`;
  });
  process.stdout.write(`${pages} pages, redirects agreeing ${redirectsAgree}/${redirects}\n${lines.join('\n')}\n`);
  if (process.env.SHOW_EXTRA) process.stdout.write(`${extra.join('\n')}\n`);
  if (process.env.SHOW_MISSED) process.stdout.write(`${missed.join('\n')}\n`);
  assert.ok(pages > 2000, `${pages} pages compared`);
  assert.equal(redirectsAgree, redirects);
  return Object.fromEntries(
    KINDS.map((k) => [
      k,
      { precision: share(counts[k].matched, counts[k].ours), recall: share(counts[k].found, counts[k].theirs) },
    ]),
  ) as Record<Kind, { precision: number; recall: number }>;
}

describe('link extraction compared with MediaWiki’s link tables', () => {
  const wiki = useReferenceWiki();

  test('as written: ours are in MediaWiki’s tables, most of theirs are in ours', async () => {
    process.stdout.write('\nthe wikitext as written:\n');
    const shares = await compareAll(async (text, page) => extractLinks(text, page, codec));
    for (const kind of KINDS) assert.ok(shares[kind].precision > 93, `${kind}: ${shares[kind].precision}`);
  });

  test('templates expanded from the wiki’s own: more of MediaWiki’s rows, still only its rows', async () => {
    const { store, site } = wiki();
    const titles = new TitleCodec(site);
    const reader = new StoredPageReader(store.db, titles);
    const counts = { ...(await siteStatistics(store)) };
    const message = async (key: string) =>
      key === 'broken-file-category' ? 'Seiten mit defekten Dateilinks' : undefined;
    process.stdout.write('\ntemplates expanded:\n');
    const shares = await compareAll(async (text, page) => {
      const title = titles.make(page.namespace, page.dbKey);
      const stored = await reader.row(page.namespace, page.dbKey);
      const host = storedExpansionHost(reader, site, title, stored?.page_id ?? 0, { now: new Date(), counts, message });
      return expandedPageLinks(text, page, reader, host);
    });
    for (const kind of KINDS) {
      assert.ok(shares[kind].precision > 99, `${kind}: ${shares[kind].precision} % of ours are MediaWiki's`);
      assert.ok(shares[kind].recall > 97, `${kind}: ${shares[kind].recall} % of MediaWiki's found`);
    }
  });

  test('the reference wiki exported as XML and imported: its link tables against MediaWiki’s', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'links-xml-'));
    const store = await openWikiStore({ engine: 'sqlite', file: join(dir, 'wiki.sqlite') });
    try {
      await importXmlDump(store, referenceXml, { deferBuilds: true, lint: false });
      const written = await linkRowSets(store.db);
      await completeDeferredBuilds(store, undefined, { message: contentMessageReader(store) });
      const expanded = await linkRowSets(store.db);
      const theirs = await linkRowSets(wiki().store.db);
      process.stdout.write('\nthe whole reference wiki, as written and expanded after the import:\n');
      for (const [table, minimum] of Object.entries(XML_MINIMUMS)) {
        const before = shares(written[table]!, theirs[table]!);
        const after = shares(expanded[table]!, theirs[table]!);
        process.stdout.write(
          `${table.padEnd(14)} as written ${before.precision.toFixed(1).padStart(5)} % / ${before.recall.toFixed(1).padStart(5)} %   expanded ${after.precision.toFixed(1).padStart(5)} % / ${after.recall.toFixed(1).padStart(5)} %\n`,
        );
        if (process.env.SHOW_MISSED) {
          const missed = [...theirs[table]!].filter((row) => !expanded[table]!.has(row)).slice(0, 30);
          const extra = [...expanded[table]!].filter((row) => !theirs[table]!.has(row)).slice(0, 30);
          process.stdout.write(`  missed ${missed.join(' ; ')}\n  extra ${extra.join(' ; ')}\n`);
        }
        assert.ok(after.precision >= minimum[0], `${table}: ${after.precision} % of ours are MediaWiki's`);
        assert.ok(after.recall >= minimum[1], `${table}: ${after.recall} % of MediaWiki's found`);
      }
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The reference wiki as MediaWiki's dumpBackup.php --full exported it. */
const referenceXml = join(fixturesDir, 'reference-wiki', 'testwiki-20261121-pages-meta-history.xml.gz');

/**
 * Each table's rows as text, and the shares (ours among MediaWiki's, MediaWiki's found) an XML
 * import must reach. Language and interwiki links are left out: a dump does not carry the wiki's
 * interwiki map, so the import knows the installer's prefixes only.
 */
const ROW_TEXTS: Record<string, string> = {
  pagelinks: "select pl_from || ' ' || pl_namespace || ':' || pl_title as row from pagelinks",
  templatelinks: "select tl_from || ' ' || tl_namespace || ':' || tl_title as row from templatelinks",
  categorylinks: "select cl_from || ' ' || cl_to || '|' || cl_sortkey_prefix as row from categorylinks",
  imagelinks: "select il_from || ' ' || il_to as row from imagelinks",
  externallinks: "select el_from || ' ' || el_to as row from externallinks",
  page_props: "select pp_page || ' ' || pp_propname || '=' || pp_value as row from page_props",
  category:
    "select cat_title || ' ' || cat_pages || ' ' || cat_subcats || ' ' || cat_files as row from category where cat_pages > 0",
};
const XML_MINIMUMS: Record<string, [number, number]> = {
  pagelinks: [98.5, 99.5],
  templatelinks: [99.9, 99.9],
  categorylinks: [99.5, 99.5],
  imagelinks: [99.9, 99.9],
  externallinks: [99, 99],
  page_props: [87, 98.5],
  category: [99.5, 99.5],
};

async function linkRowSets(db: Kysely<WikiDatabase>): Promise<Record<string, Set<string>>> {
  const sets: Record<string, Set<string>> = {};
  for (const [table, query] of Object.entries(ROW_TEXTS)) {
    const { rows } = await sql.raw<{ row: string }>(query).execute(db);
    sets[table] = new Set(rows.map((r) => r.row));
  }
  return sets;
}

function shares(ours: Set<string>, theirs: Set<string>): { precision: number; recall: number } {
  let both = 0;
  for (const row of ours) if (theirs.has(row)) both++;
  return { precision: (100 * both) / Math.max(1, ours.size), recall: (100 * both) / Math.max(1, theirs.size) };
}
