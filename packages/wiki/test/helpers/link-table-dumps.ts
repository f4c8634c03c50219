/**
 * Writes a MediaWiki database's link tables as Wikimedia publishes them: one `mysqldump` file per
 * table (`<wiki>-<date>-<table>.sql`), in MediaWiki 1.39's schema or in the newer one whose
 * pagelinks and categorylinks name their targets by `linktarget` id and whose externallinks keep
 * the domain index and path.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type LinkSchema = '1.39' | 'linktarget';

type Value = string | number | bigint | null | Buffer;

/** What a backslash escape stands for in a MySQL string, by the character it replaces. */
const ESCAPED: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  [String.fromCharCode(0)]: '\\0',
  [String.fromCharCode(26)]: '\\Z',
};

function quote(value: Value): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : value;
  let out = '';
  for (const char of text) out += ESCAPED[char] ?? char;
  return `'${out}'`;
}

/** A dump file's text: MariaDB's header, the table's definition, INSERTs of `perInsert` rows. */
export function mysqlDump(database: string, table: string, columns: string[], rows: Value[][], perInsert = 50): string {
  const lines = [
    '-- MariaDB dump 10.19  Distrib 10.5.29-MariaDB, for debian-linux-gnu (x86_64)',
    '--',
    `-- Host: localhost    Database: ${database}`,
    '-- ------------------------------------------------------',
    '/*!40101 SET NAMES utf8mb4 */;',
    '',
    `DROP TABLE IF EXISTS \`${table}\`;`,
    `CREATE TABLE \`${table}\` (`,
    ...columns.map((c) => `  \`${c}\` varbinary(255) NOT NULL DEFAULT '',`),
    `  PRIMARY KEY (\`${columns[0]}\`)`,
    ') ENGINE=InnoDB DEFAULT CHARSET=binary;',
    '',
    `/*!40000 ALTER TABLE \`${table}\` DISABLE KEYS */;`,
  ];
  for (let i = 0; i < rows.length; i += perInsert) {
    const tuples = rows.slice(i, i + perInsert).map((row) => `(${row.map(quote).join(',')})`);
    lines.push(`INSERT INTO \`${table}\` VALUES ${tuples.join(',')};`);
  }
  lines.push(`/*!40000 ALTER TABLE \`${table}\` ENABLE KEYS */;`, '', '-- Dump completed on 2026-11-21 22:00:00', '');
  return lines.join('\n');
}

/** `20261121222358` -> `2026-11-21 22:23:58`, as MySQL writes a timestamp column. */
const mysqlTimestamp = (ts: string) =>
  `${ts.slice(0, 4)}-${ts.slice(4, 6)}-${ts.slice(6, 8)} ${ts.slice(8, 10)}:${ts.slice(10, 12)}:${ts.slice(12, 14)}`;

/**
 * Writes the link tables of a MediaWiki 1.39 SQLite database into `dir` as `<prefix>-<table>.sql`
 * (`prefix` like `testwiki-20261121`); returns the files.
 */
export function writeLinkTableDumps(databaseFile: string, dir: string, prefix: string, schema: LinkSchema): string[] {
  const db = new Database(databaseFile, { readonly: true });
  const wiki = prefix.split('-')[0]!;
  const files: string[] = [];
  const write = (table: string, columns: string[], rows: Value[][]) => {
    const file = join(dir, `${prefix}-${table}.sql`);
    writeFileSync(file, mysqlDump(wiki, table, columns, rows));
    files.push(file);
  };
  const all = (sql: string) => db.prepare(sql).raw().all() as Value[][];
  try {
    // Link targets: MediaWiki's own (templates), and in the newer schema those of page and category links.
    const targets = all('select lt_id, lt_namespace, lt_title from linktarget order by lt_id');
    const ids = new Map(targets.map((t) => [`${t[1]}|${String(t[2])}`, Number(t[0])]));
    let nextId = Math.max(0, ...ids.values()) + 1;
    const targetId = (namespace: Value, title: Value) => {
      const key = `${namespace}|${String(title)}`;
      let id = ids.get(key);
      if (id === undefined) {
        id = nextId++;
        ids.set(key, id);
        targets.push([id, namespace, title]);
      }
      return id;
    };
    const newer = schema === 'linktarget';
    const pagelinks = all('select pl_from, pl_namespace, pl_title, pl_from_namespace from pagelinks');
    if (newer) {
      write(
        'pagelinks',
        ['pl_from', 'pl_from_namespace', 'pl_target_id'],
        pagelinks.map(([from, ns, title, fromNs]) => [from!, fromNs!, targetId(ns!, title!)]),
      );
    } else write('pagelinks', ['pl_from', 'pl_namespace', 'pl_title', 'pl_from_namespace'], pagelinks);
    write(
      'templatelinks',
      ['tl_from', 'tl_target_id', 'tl_from_namespace'],
      all('select tl_from, tl_target_id, tl_from_namespace from templatelinks'),
    );
    const categorylinks = all(
      'select cl_from, cl_to, cl_sortkey, cl_timestamp, cl_sortkey_prefix, cl_collation, cl_type from categorylinks',
    );
    if (newer) {
      write(
        'categorylinks',
        ['cl_from', 'cl_sortkey', 'cl_timestamp', 'cl_sortkey_prefix', 'cl_type', 'cl_collation_id', 'cl_target_id'],
        categorylinks.map(([from, to, sortkey, ts, prefixText, , type]) => [
          from!,
          sortkey!,
          mysqlTimestamp(String(ts)),
          prefixText!,
          type!,
          1,
          targetId(14, to!),
        ]),
      );
    } else {
      write(
        'categorylinks',
        ['cl_from', 'cl_to', 'cl_sortkey', 'cl_timestamp', 'cl_sortkey_prefix', 'cl_collation', 'cl_type'],
        categorylinks.map((row) => row.map((v, i) => (i === 3 ? mysqlTimestamp(String(v)) : v))),
      );
    }
    write('linktarget', ['lt_id', 'lt_namespace', 'lt_title'], targets);
    write(
      'imagelinks',
      ['il_from', 'il_to', 'il_from_namespace'],
      all('select il_from, il_to, il_from_namespace from imagelinks'),
    );
    const externallinks = all('select el_id, el_from, el_to, el_index, el_index_60 from externallinks');
    if (newer) {
      write(
        'externallinks',
        ['el_id', 'el_from', 'el_to_domain_index', 'el_to_path'],
        externallinks.map(([id, from, , index]) => {
          const text = String(index);
          const hostEnd = text.indexOf('/', text.indexOf('//') + 2);
          return [id!, from!, hostEnd < 0 ? text : text.slice(0, hostEnd), hostEnd < 0 ? '' : text.slice(hostEnd)];
        }),
      );
    } else write('externallinks', ['el_id', 'el_from', 'el_to', 'el_index', 'el_index_60'], externallinks);
    write('langlinks', ['ll_from', 'll_lang', 'll_title'], all('select ll_from, ll_lang, ll_title from langlinks'));
    write(
      'iwlinks',
      ['iwl_from', 'iwl_prefix', 'iwl_title'],
      all('select iwl_from, iwl_prefix, iwl_title from iwlinks'),
    );
    write(
      'redirect',
      ['rd_from', 'rd_namespace', 'rd_title', 'rd_interwiki', 'rd_fragment'],
      all('select rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment from redirect'),
    );
    write(
      'page_props',
      ['pp_page', 'pp_propname', 'pp_value', 'pp_sortkey'],
      all('select pp_page, pp_propname, pp_value, pp_sortkey from page_props'),
    );
    write(
      'page_restrictions',
      ['pr_id', 'pr_page', 'pr_type', 'pr_level', 'pr_cascade', 'pr_expiry'],
      all('select pr_id, pr_page, pr_type, pr_level, pr_cascade, pr_expiry from page_restrictions'),
    );
    write(
      'category',
      ['cat_id', 'cat_title', 'cat_pages', 'cat_subcats', 'cat_files'],
      all('select cat_id, cat_title, cat_pages, cat_subcats, cat_files from category'),
    );
  } finally {
    db.close();
  }
  return files;
}
