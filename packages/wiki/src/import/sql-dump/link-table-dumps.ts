/**
 * Wikimedia's SQL dumps of a wiki's link tables (`<wiki>-<date>-pagelinks.sql.gz`, ...), imported
 * beside its XML dump: each table given replaces the rows that the XML importer derives from
 * wikitext (which knows nothing of the links templates add), with MediaWiki's own rows, links to
 * pages the XML does not have included. Read in MediaWiki 1.39's schema and in the newer one whose
 * link tables name their targets by `linktarget` id; targets are resolved in the store's database
 * (a scratch table of the linktarget dump, joined once a table is read), so memory stays bounded
 * whatever the dump's size.
 */
import { basename } from 'node:path';
import { quoteIdentifier, UserError } from '@svc/common';
import { wikiTable } from '../../store/wiki-tables.js';
import type { BulkWriter } from '../bulk-writer.js';
import { type ImportProgress, silentProgress } from '../progress.js';
import { DumpFileError, openDump } from '../xml/open-dump.js';
import { mediaWikiTimestamp, truncateBytes } from '../xml/page-rows.js';
import { readSqlDump, type SqlValue } from './mysql-dump-reader.js';

/** The tables a SQL dump may give, in the order they are loaded (link targets first). */
export const LINK_TABLE_DUMPS = [
  'linktarget',
  'pagelinks',
  'templatelinks',
  'categorylinks',
  'imagelinks',
  'externallinks',
  'langlinks',
  'iwlinks',
  'redirect',
  'page_props',
  'page_restrictions',
  'category',
] as const;

export type LinkTableName = (typeof LINK_TABLE_DUMPS)[number];

export interface LinkTableDump {
  file: string;
  wiki: string;
  date: string;
  table: LinkTableName;
}

/** A SQL dump's file is refused: its name or header does not fit, or it cannot be read. */
export class LinkTableDumpError extends UserError {
  override name = 'LinkTableDumpError';
}

/** Whether a file is a SQL dump, by its name. */
export function isSqlDump(file: string): boolean {
  return /\.sql(\.gz|\.bz2)?$/i.test(file);
}

const DUMP_NAME = new RegExp(`^(.+)-(\\d{8}|latest)-(${LINK_TABLE_DUMPS.join('|')})\\.sql(?:\\.gz|\\.bz2)?$`);
const XML_NAME = /^(.+?)-(\d{8}|latest)-/;

/**
 * The link-table dumps of an import, checked by their names: each a table of the list, once, all
 * of one wiki and date, and those of the XML dump when its name says them (`dewiki-20260101-...`).
 */
export function planLinkTableDumps(files: readonly string[], xmlFile: string): LinkTableDump[] {
  const dumps: LinkTableDump[] = [];
  for (const file of files) {
    const match = DUMP_NAME.exec(basename(file));
    if (!match) {
      throw new LinkTableDumpError(
        `${file}: a link-table dump is named <wiki>-<date>-<table>.sql (or .sql.gz, .sql.bz2), the table one of ${LINK_TABLE_DUMPS.join(', ')}`,
      );
    }
    const dump = { file, wiki: match[1]!, date: match[2]!, table: match[3] as LinkTableName };
    const twice = dumps.find((d) => d.table === dump.table);
    if (twice) throw new LinkTableDumpError(`${file} and ${twice.file} both give the table ${dump.table}`);
    dumps.push(dump);
  }
  const xml = XML_NAME.exec(basename(xmlFile));
  const expected = xml ? { wiki: xml[1]!, date: xml[2]!, from: xmlFile } : dumps[0];
  for (const dump of dumps) {
    if (expected && (dump.wiki !== expected.wiki || dump.date !== expected.date)) {
      const from = 'from' in expected ? expected.from : dumps[0]!.file;
      throw new LinkTableDumpError(
        `${dump.file} is a dump of ${dump.wiki} of ${dump.date}, not of ${expected.wiki} of ${expected.date} as ${from}: ` +
          'the link tables must come from the same wiki and date as the XML dump',
      );
    }
  }
  // In the list's order: link targets first, for the tables that name theirs by id.
  return dumps.sort((a, b) => LINK_TABLE_DUMPS.indexOf(a.table) - LINK_TABLE_DUMPS.indexOf(b.table));
}

/** How a store column's value comes from a dump's row. */
type ColumnSource =
  | { column: string; value: (row: SqlValue[]) => unknown }
  | { column: string; target: 'namespace' | 'title' };

/** Link tables that name their target by a `linktarget` id in the newer schema, by their prefix. */
const TARGET_PREFIX: Partial<Record<LinkTableName, string>> = {
  pagelinks: 'pl',
  templatelinks: 'tl',
  categorylinks: 'cl',
  imagelinks: 'il',
};
/** The store's target columns of those tables. */
const TARGET_COLUMNS: Record<string, { namespace?: string; title: string }> = {
  pl: { namespace: 'pl_namespace', title: 'pl_title' },
  tl: { namespace: 'tl_namespace', title: 'tl_title' },
  cl: { title: 'cl_to' },
  il: { title: 'il_to' },
};

/** `2025-02-17 13:31:43` (a MySQL timestamp) -> `20250217133143`; 14 digits stay as they are. */
const timestamp = (value: SqlValue) => (value === null ? null : mediaWikiTimestamp(String(value)));

/** `https://org.example.www.` and `/path` (the newer externallinks) -> `https://www.example.org/path`. */
function urlFromDomainIndex(domainIndex: string, path: string): string {
  const match = /^([a-z][\w+.-]*:)?(\/\/)?([^/]*)$/i.exec(domainIndex);
  if (!match) return domainIndex + path;
  const [, scheme = '', slashes = '', reversed = ''] = match;
  const portAt = reversed.lastIndexOf(':');
  const host = portAt >= 0 && /^\d+$/.test(reversed.slice(portAt + 1)) ? reversed.slice(0, portAt) : reversed;
  const port = host === reversed ? '' : reversed.slice(host.length);
  const parts = host.replace(/\.$/, '').split('.').reverse();
  // An IP address is kept as it is (`V6.` marks IPv6 in MediaWiki's index).
  const name = /^\d+(\.\d+){3}$/.test(host.replace(/\.$/, '')) ? host.replace(/\.$/, '') : parts.join('.');
  return `${scheme}${slashes}${name}${port}${path}`;
}

/** How a dump's rows become a table's: each column's source, and where a row's linktarget id is. */
interface RowPlan {
  sources: ColumnSource[];
  targetIndex?: number;
}

/**
 * How each store column of a table comes from the dump's columns (columns not named keep the
 * store's default). A column the store needs that the dump cannot give is an error.
 */
function rowPlan(table: LinkTableName, dumpColumns: string[], file: string): RowPlan {
  const at = new Map(dumpColumns.map((name, i) => [name, i]));
  const prefix = TARGET_PREFIX[table];
  const byTarget = prefix !== undefined && at.has(`${prefix}_target_id`);
  const sources: ColumnSource[] = [];
  for (const def of wikiTable(table).columns) {
    const name = def.name;
    const i = at.get(name);
    if (byTarget && prefix) {
      const target = TARGET_COLUMNS[prefix]!;
      if (name === target.namespace) {
        sources.push({ column: name, target: 'namespace' });
        continue;
      }
      if (name === target.title) {
        sources.push({ column: name, target: 'title' });
        continue;
      }
    }
    if (i !== undefined) {
      sources.push({ column: name, value: name === 'cl_timestamp' ? (row) => timestamp(row[i]!) : (row) => row[i] });
      continue;
    }
    if (table === 'externallinks' && at.has('el_to_domain_index') && at.has('el_to_path')) {
      const domain = at.get('el_to_domain_index')!;
      const path = at.get('el_to_path')!;
      // The domain index is el_index's reversed host: the index is it and the path.
      const index = (row: SqlValue[]) => String(row[domain] ?? '') + String(row[path] ?? '');
      if (name === 'el_to') {
        sources.push({
          column: name,
          value: (row) => urlFromDomainIndex(String(row[domain] ?? ''), String(row[path] ?? '')),
        });
      } else if (name === 'el_index') sources.push({ column: name, value: index });
      else if (name === 'el_index_60') sources.push({ column: name, value: (row) => truncateBytes(index(row), 60) });
      if (name.startsWith('el_to') || name.startsWith('el_index')) continue;
    }
    if (def.kind === 'id' || def.defaultValue !== undefined || def.nullable) continue;
    throw new LinkTableDumpError(
      `${file}: the ${table} table has no column ${name} (its columns: ${dumpColumns.join(', ')})`,
    );
  }
  return byTarget ? { sources, targetIndex: at.get(`${prefix}_target_id`)! } : { sources };
}

export interface LinkTableSummary {
  table: LinkTableName;
  rows: number;
  /** Rows naming a link target the linktarget dump does not have (left out). */
  unresolved: number;
}

const SCRATCH_LINKTARGET = 'import_linktarget';

/**
 * Loads the dumps' tables into the store, inside the import's transaction: each table given is
 * emptied first and then holds exactly the dump's rows. `wikiId` is the XML dump's: a dump whose
 * header names another database is refused.
 */
export async function loadLinkTableDumps(
  writer: BulkWriter,
  dumps: readonly LinkTableDump[],
  wikiId: string,
  progress: ImportProgress = silentProgress,
): Promise<LinkTableSummary[]> {
  for (const dump of dumps) {
    if (dump.wiki !== wikiId) {
      throw new LinkTableDumpError(
        `${dump.file} is a dump of ${dump.wiki}, the XML dump is of ${wikiId}: the link tables must come from the same wiki`,
      );
    }
  }
  const summaries: LinkTableSummary[] = [];
  const hasLinktarget = dumps.some((d) => d.table === 'linktarget');
  if (hasLinktarget) {
    await writer.run(
      `create temp table ${SCRATCH_LINKTARGET} (lt_id bigint primary key, lt_namespace integer not null, lt_title text not null)`,
    );
  }
  try {
    for (const dump of dumps) summaries.push(await loadOne(writer, dump, wikiId, hasLinktarget, progress));
  } finally {
    if (hasLinktarget) await writer.run(`drop table ${SCRATCH_LINKTARGET}`);
  }
  return summaries;
}

async function loadOne(
  writer: BulkWriter,
  dump: LinkTableDump,
  wikiId: string,
  hasLinktarget: boolean,
  progress: ImportProgress,
): Promise<LinkTableSummary> {
  // Emptied before the file is opened: an opened file's bytes flow from then on.
  if (dump.table !== 'linktarget') await writer.run(`delete from ${quoteIdentifier(dump.table)}`);
  let opened: Awaited<ReturnType<typeof openDump>>;
  try {
    opened = await openDump(dump.file);
  } catch (err) {
    if (err instanceof DumpFileError) throw new LinkTableDumpError(err.message);
    throw err;
  }
  const how = opened.compression === 'none' ? '' : `, ${opened.compression}`;
  progress.begin(
    `reading ${dump.table} from ${dump.file}${how}`,
    Math.max(1, Math.round(opened.fileBytes / 1e6)),
    'MB',
  );
  const summary: LinkTableSummary = { table: dump.table, rows: 0, unresolved: 0 };
  let plan: RowPlan | undefined;
  let scratch: string | undefined;
  let sawDatabase = false;
  try {
    for await (const event of readSqlDump(opened.stream, dump.file)) {
      if (event.type === 'database') {
        sawDatabase = true;
        if (event.name !== wikiId) {
          throw new LinkTableDumpError(
            `${dump.file} is a dump of the database ${event.name} (its header says so), the XML dump is of ${wikiId}`,
          );
        }
      } else if (event.type === 'table') {
        if (event.table !== dump.table) {
          throw new LinkTableDumpError(
            `${dump.file} holds the table ${event.table}, not ${dump.table} as its name says`,
          );
        }
        if (dump.table === 'linktarget') {
          const sources = ['lt_id', 'lt_namespace', 'lt_title'].map((column) => {
            const i = event.columns.indexOf(column);
            if (i < 0) throw new LinkTableDumpError(`${dump.file}: the linktarget table has no column ${column}`);
            return { column, value: (row: SqlValue[]) => row[i] };
          });
          plan = { sources };
        } else {
          plan = rowPlan(dump.table, event.columns, dump.file);
          if (plan.targetIndex !== undefined && !scratch) {
            if (!hasLinktarget) {
              throw new LinkTableDumpError(
                `${dump.file} names its link targets by linktarget id: give the linktarget dump of the same date as well`,
              );
            }
            scratch = await createScratch(writer, dump.table, plan);
          }
        }
      } else {
        if (event.table !== dump.table) {
          throw new LinkTableDumpError(
            `${dump.file} holds rows of ${event.table}, not of ${dump.table} as its name says`,
          );
        }
        if (!plan) throw new LinkTableDumpError(`${dump.file} has rows of ${dump.table} before its CREATE TABLE`);
        summary.rows += event.rows.length;
        await writeRows(writer, dump.table, plan, scratch, event.rows);
        progress.advance(Math.round(opened.bytesRead() / 1e6), `${summary.rows.toLocaleString('en-US')} rows`);
      }
    }
    if (!sawDatabase) {
      throw new LinkTableDumpError(`${dump.file} has no dump header naming its database: is it a mysqldump file?`);
    }
    if (scratch && plan) summary.unresolved = await resolveTargets(writer, dump.table, plan.sources, scratch);
  } catch (err) {
    if (err instanceof UserError) throw err;
    throw new LinkTableDumpError((err as Error).message);
  } finally {
    opened.stream.destroy();
    if (scratch) await writer.run(`drop table ${scratch}`);
    progress.end();
  }
  return summary;
}

/** Columns given by the dump itself (not through a link target). */
const directSources = (plan: RowPlan) =>
  plan.sources.filter((s): s is Extract<ColumnSource, { value: unknown }> => 'value' in s);

/** A scratch table for the rows of a table whose targets are linktarget ids: its own columns and the id. */
async function createScratch(writer: BulkWriter, table: string, plan: RowPlan): Promise<string> {
  const name = `import_${table}`;
  const kinds = new Map(wikiTable(table).columns.map((c) => [c.name, c.kind]));
  const type = (column: string) =>
    kinds.get(column) === 'text' ? 'text' : kinds.get(column) === 'float' ? 'double precision' : 'bigint';
  const columns = directSources(plan).map((s) => `${quoteIdentifier(s.column)} ${type(s.column)}`);
  await writer.run(`create temp table ${name} (${[...columns, 'target_id bigint'].join(', ')})`);
  return name;
}

async function writeRows(
  writer: BulkWriter,
  table: LinkTableName,
  plan: RowPlan,
  scratch: string | undefined,
  rows: SqlValue[][],
): Promise<void> {
  const direct = directSources(plan);
  const columns = direct.map((s) => s.column);
  if (table === 'linktarget' || !scratch) {
    const into = table === 'linktarget' ? SCRATCH_LINKTARGET : table;
    await writer.insert(
      into,
      columns,
      rows.map((row) => direct.map((s) => s.value(row))),
      { kind: 'ignore' },
    );
    return;
  }
  const at = plan.targetIndex!;
  await writer.insert(
    scratch,
    [...columns, 'target_id'],
    rows.map((row) => [...direct.map((s) => s.value(row)), row[at]]),
  );
}

/** Moves a scratch table's rows into the link table with their targets; returns the rows left out. */
async function resolveTargets(
  writer: BulkWriter,
  table: string,
  sources: ColumnSource[],
  scratch: string,
): Promise<number> {
  const columns = sources.map((s) => quoteIdentifier(s.column));
  const values = sources.map((s) => ('target' in s ? `lt.lt_${s.target}` : `${scratch}.${quoteIdentifier(s.column)}`));
  await writer.run(
    `insert into ${quoteIdentifier(table)} (${columns.join(', ')})
     select ${values.join(', ')} from ${scratch} join ${SCRATCH_LINKTARGET} lt on lt.lt_id = ${scratch}.target_id
     on conflict do nothing`,
  );
  const missing = await writer.all<{ n: number | string }>(
    `select count(*) as n from ${scratch} where not exists (select 1 from ${SCRATCH_LINKTARGET} lt where lt.lt_id = ${scratch}.target_id)`,
  );
  return Number(missing[0]?.n ?? 0);
}
