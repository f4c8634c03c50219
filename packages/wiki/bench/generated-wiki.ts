/**
 * The benchmark wiki of generated pages: `generatedWiki()` gives a store holding a dump of
 * `BENCH_WIKI_PAGES` pages (default 100,000; bench/dump-generator.ts, enwiki-shaped ≈28 KB and
 * ≈150 links a page) imported by the XML importer.
 *
 * Generating and importing 100,000 pages takes minutes, so the imported SQLite store is kept in
 * the system's temp folder (`WIKI_BENCH_CACHE` chooses another folder) under a key made of the
 * generator's code and the page count, and rebuilt only when missing; opening it applies newer
 * migrations (a table they add stays empty: raise BUILD_VERSION when a benchmark needs it filled).
 * Every caller opens that one file: benchmarks read it and must not write to it. Concurrent
 * callers wait for the one building it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { streamProgress } from '../src/import/progress.js';
import { importXmlDump } from '../src/import/xml/xml-importer.js';
import type { SiteConfig } from '../src/site/site.js';
import { openWikiStore, type WikiStore } from '../src/store/database.js';
import { loadSite } from '../src/store/site-store.js';
import { type SampleModel, sampleModel, titleOf, writeGeneratedDump } from './dump-generator.js';

/** Raise when the way the wiki is built changes in a way the key below does not see. */
const BUILD_VERSION = 2;

/** File: pages with an upload each (small generated PNGs), after the articles. */
const FILES = 1000;

/** From this size on the dump is streamed through a pipe instead of written to a file (5.6 GB). */
const STREAM_FROM_PAGES = 200_000;

const here = fileURLToPath(new URL('.', import.meta.url));
const sampleGz = join(here, '../test/fixtures/dumps/enwiki-pages-articles1-shortened.xml.gz');

/** Titles (in text form) that the benchmark's queries use, chosen when the wiki is built. */
export interface GeneratedWikiTitles {
  /** A category (without namespace) with at least 50 members. */
  category: string;
  /** A page (not a redirect) that at least 50 pages link to. */
  linked: string;
  /** The user with the most edits. */
  user: string;
}

export interface GeneratedWiki {
  store: WikiStore;
  site: SiteConfig;
  pages: number;
  /** The SQLite file; open it read-only elsewhere (e.g. in server workers). */
  file: string;
  titles: GeneratedWikiTitles;
  /** Closes the store (the file stays cached). */
  dispose(): Promise<void>;
}

export interface CacheMeta {
  pages: number;
  titles: GeneratedWikiTitles;
  /** Generating the dump, importing it and adding the history. */
  seconds: number;
  dumpBytes: number;
  /**
   * The import alone (search index included, lint errors left out); for a dump streamed through a
   * pipe, with its generator running beside it.
   */
  importSeconds?: number;
  /** The building process's peak memory: the dump's generation and the import, one after the other. */
  peakRssMb?: number;
  /** The store's size on disk. */
  storeBytes?: number;
}

function cacheKey(pages: number): string {
  const hash = createHash('sha256').update(`${BUILD_VERSION}:${pages}`);
  hash.update(readFileSync(join(here, 'dump-generator.ts')));
  hash.update(readFileSync(sampleGz));
  return hash.digest('hex').slice(0, 16);
}

function cacheRoot(): string {
  return process.env.WIKI_BENCH_CACHE ?? tmpdir();
}

/** Caches of other keys unused for a day are removed when a new one is built (they are large). */
function removeStaleCaches(keep: string) {
  const dayAgo = Date.now() - 86_400_000;
  for (const entry of readdirSync(cacheRoot())) {
    if (!entry.startsWith('wiki-bench-generated-') || entry === keep) continue;
    const path = join(cacheRoot(), entry);
    try {
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile.
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Takes the build lock of `dir`; waits while another living process holds it. */
async function lock(dir: string): Promise<() => void> {
  const file = join(dir, 'build.lock');
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number(readFileSync(file, 'utf8'));
    if (!Number.isInteger(holder) || holder <= 0 || !alive(holder)) {
      rmSync(file, { force: true });
      continue;
    }
    await sleep(2000);
  }
}

/**
 * What a wiki's history tables would hold for these edits, which an XML dump does not carry: a
 * recent change for each page creation and each upload, a `create` log entry for each article and
 * an `upload` log entry for each file, with their `associated_rev_id` search rows, as MediaWiki
 * writes them.
 */
function addHistory(store: WikiStore): void {
  const db = store.sqlite;
  if (!db) throw new Error('the generated wiki is a SQLite store');
  db.transaction(() => {
    db.exec(`insert into logging (log_type, log_action, log_timestamp, log_actor, log_namespace, log_title, log_page,
        log_comment, log_params, log_deleted)
      select 'create', 'create', r.rev_timestamp, r.rev_actor, p.page_namespace, p.page_title, p.page_id, r.rev_comment,
        'a:1:{s:17:"associated_rev_id";i:' || r.rev_id || ';}', 0
      from page p join revision r on r.rev_page = p.page_id and coalesce(r.rev_parent_id, 0) = 0
      where p.page_namespace <> 6 order by r.rev_timestamp, r.rev_id`);
    db.exec(`insert into logging (log_type, log_action, log_timestamp, log_actor, log_namespace, log_title, log_page,
        log_comment, log_params, log_deleted)
      select 'upload', 'upload', i.img_timestamp, i.img_actor, 6, i.img_name, p.page_id, i.img_description,
        'a:3:{s:8:"img_sha1";s:' || length(i.img_sha1) || ':"' || i.img_sha1 || '";s:13:"img_timestamp";s:14:"'
          || i.img_timestamp || '";s:17:"associated_rev_id";i:' || r.rev_id || ';}', 0
      from image i join page p on p.page_namespace = 6 and p.page_title = i.img_name
      join revision r on r.rev_page = p.page_id and coalesce(r.rev_parent_id, 0) = 0
      order by i.img_timestamp, i.img_name`);
    db.exec(`insert into log_search (ls_field, ls_value, ls_log_id)
      select 'associated_rev_id', r.rev_id, l.log_id from logging l
      join revision r on r.rev_page = l.log_page and coalesce(r.rev_parent_id, 0) = 0`);
    db.exec(`insert into recentchanges (rc_timestamp, rc_actor, rc_namespace, rc_title, rc_comment, rc_minor, rc_bot,
        rc_new, rc_cur_id, rc_this_oldid, rc_last_oldid, rc_type, rc_source, rc_patrolled, rc_ip, rc_old_len,
        rc_new_len, rc_deleted, rc_logid, rc_log_type, rc_log_action, rc_params)
      select rc_timestamp, rc_actor, rc_namespace, rc_title, rc_comment, 0, 0, rc_new, rc_cur_id, rc_this_oldid, 0,
        rc_type, rc_source, 0, '127.0.0.1', rc_old_len, rc_new_len, 0, rc_logid, rc_log_type, rc_log_action, rc_params
      from (
        select r.rev_timestamp as rc_timestamp, r.rev_actor as rc_actor, p.page_namespace as rc_namespace,
          p.page_title as rc_title, r.rev_comment as rc_comment, 1 as rc_new, p.page_id as rc_cur_id,
          r.rev_id as rc_this_oldid, 1 as rc_type, 'mw.new' as rc_source, 0 as rc_old_len, r.rev_len as rc_new_len,
          0 as rc_logid, null as rc_log_type, null as rc_log_action, null as rc_params, r.rev_id as k
        from page p join revision r on r.rev_page = p.page_id where p.page_namespace <> 6
        union all
        select l.log_timestamp, l.log_actor, 6, l.log_title, l.log_comment, 0, l.log_page, r.rev_id, 3, 'mw.log',
          null, null, l.log_id, 'upload', 'upload',
          'a:2:{s:8:"img_sha1";s:' || length(i.img_sha1) || ':"' || i.img_sha1 || '";s:13:"img_timestamp";s:14:"'
            || i.img_timestamp || '";}', r.rev_id
        from logging l join image i on i.img_name = l.log_title
        join revision r on r.rev_page = l.log_page and coalesce(r.rev_parent_id, 0) = 0
        where l.log_type = 'upload'
      ) order by rc_timestamp, k`);
  })();
}

/** Picks the benchmark's titles with indexed look-ups on the freshly imported store. */
async function chooseTitles(store: WikiStore, pages: number, words: string[]): Promise<GeneratedWikiTitles> {
  const category = await store.db
    .selectFrom('category')
    .select('cat_title')
    .where('cat_pages', '>=', 50)
    .orderBy('cat_pages')
    .limit(1)
    .executeTakeFirst();
  if (!category) throw new Error('the generated wiki has no category with 50 members');
  const editor = await sql<{ name: string }>`select actor_name as name from actor
    join revision on rev_actor = actor_id group by actor_id, actor_name order by count(*) desc, actor_id limit 1`.execute(
    store.db,
  );
  const user = editor.rows[0]?.name;
  if (!user) throw new Error('the generated wiki has no edits');
  for (let i = 0; i < Math.min(pages, 1000); i++) {
    const title = titleOf(i, words);
    const dbKey = title.replaceAll(' ', '_');
    const page = await store.db
      .selectFrom('page')
      .select('page_is_redirect')
      .where('page_namespace', '=', 0)
      .where('page_title', '=', dbKey)
      .executeTakeFirst();
    if (!page || page.page_is_redirect) continue;
    const links = await sql<{ n: number }>`select count(*) as n from (select 1 from pagelinks
      where pl_namespace = 0 and pl_title = ${dbKey} limit 50) as l`.execute(store.db);
    if (Number(links.rows[0]?.n) >= 50)
      return { category: category.cat_title.replaceAll('_', ' '), linked: title, user };
  }
  throw new Error('the generated wiki has no page with 50 links to it among its first 1000');
}

/**
 * Writes the dump to a file, or above STREAM_FROM_PAGES has another process write it into a
 * named pipe that the import reads as it is written: a million pages make 28 GB of XML, which
 * beside the store would not fit on the disk. The generator then shares the cores with the import.
 */
async function generate(
  dump: string,
  pages: number,
  model: SampleModel,
): Promise<{ streamed?: Promise<void>; stop?: () => void }> {
  if (pages < STREAM_FROM_PAGES) {
    process.stderr.write(`generating a dump of ${pages.toLocaleString('en-US')} pages for the benchmark wiki\n`);
    await writeGeneratedDump(dump, pages, model, { files: FILES });
    return {};
  }
  process.stderr.write(
    `generating a dump of ${pages.toLocaleString('en-US')} pages into a pipe, imported as written\n`,
  );
  const made = spawnSync('mkfifo', [dump]);
  if (made.status !== 0) throw new Error(`mkfifo ${dump} failed: ${made.stderr}`);
  const writer = spawn(
    process.execPath,
    [...process.execArgv, join(here, 'dump-generator.ts'), dump, String(pages), String(FILES)],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const streamed = once(writer, 'exit').then(([code]) => {
    if (code !== 0) throw new Error(`the dump's generator stopped with exit code ${code}`);
  });
  streamed.catch(() => {});
  return { streamed, stop: () => writer.kill() };
}

async function build(dir: string, pages: number): Promise<void> {
  const started = performance.now();
  const model = await sampleModel(sampleGz);
  const dump = join(dir, `generated-${pages}.xml`);
  const temporary = join(dir, 'building.sqlite');
  rmSync(temporary, { force: true });
  rmSync(dump, { force: true });
  let stop: (() => void) | undefined;
  try {
    const generation = await generate(dump, pages, model);
    stop = generation.stop;
    const store = await openWikiStore({ engine: 'sqlite', file: temporary });
    let titles: GeneratedWikiTitles;
    let importSeconds: number;
    let dumpBytes: number;
    try {
      const importStarted = performance.now();
      // The measured queries read no lint errors, and linting 100,000 pages would take hours.
      const summary = await importXmlDump(store, dump, {
        progress: streamProgress(process.stderr),
        lint: false,
        uploadDirectory: join(dir, 'images'),
      });
      await generation.streamed;
      dumpBytes = summary.bytes;
      importSeconds = (performance.now() - importStarted) / 1000;
      addHistory(store);
      titles = await chooseTitles(store, pages, model.words);
      store.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
      store.sqlite?.pragma('journal_mode = DELETE');
    } finally {
      await store.close();
    }
    renameSync(temporary, join(dir, 'wiki.sqlite'));
    const meta: CacheMeta = {
      pages,
      titles,
      dumpBytes,
      seconds: (performance.now() - started) / 1000,
      importSeconds,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      storeBytes: statSync(join(dir, 'wiki.sqlite')).size,
    };
    writeFileSync(join(dir, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
  } finally {
    stop?.();
    rmSync(dump, { force: true });
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${temporary}${suffix}`, { force: true });
  }
}

/** The cached generated wiki's folder, built first when missing. */
export async function generatedWikiFile(
  pages = Number(process.env.BENCH_WIKI_PAGES ?? 100_000),
): Promise<{ file: string; meta: CacheMeta }> {
  const name = `wiki-bench-generated-${cacheKey(pages)}`;
  const dir = join(cacheRoot(), name);
  const metaFile = join(dir, 'meta.json');
  if (!existsSync(metaFile)) {
    mkdirSync(dir, { recursive: true });
    const release = await lock(dir);
    try {
      if (!existsSync(metaFile)) {
        removeStaleCaches(name);
        await build(dir, pages);
      }
    } finally {
      release();
    }
  }
  return { file: join(dir, 'wiki.sqlite'), meta: JSON.parse(readFileSync(metaFile, 'utf8')) as CacheMeta };
}

/** A store holding the generated benchmark wiki (SQLite), built and cached on first use. */
export async function generatedWiki(pages?: number): Promise<GeneratedWiki> {
  const { file, meta } = await generatedWikiFile(pages);
  const store = await openWikiStore({ engine: 'sqlite', file });
  const site = await loadSite(store.db);
  if (!site) throw new Error('the generated wiki stored no site');
  return {
    store,
    site,
    pages: meta.pages,
    file,
    titles: meta.titles,
    async dispose() {
      await store.close();
    },
  };
}

// `node --import tsx bench/generated-wiki.ts [pages]` builds the cache ahead of a benchmark run.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { file, meta } = await generatedWikiFile(process.argv[2] ? Number(process.argv[2]) : undefined);
  process.stdout.write(`${file}\n${JSON.stringify(meta)}\n`);
}
