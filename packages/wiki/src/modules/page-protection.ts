/**
 * Protection of pages as MediaWiki reports it: the page's own restrictions (`page_restrictions`,
 * expired ones ignored), restrictions cascading from protected pages that transclude it, and the
 * create protection of titles that do not exist (`protected_titles`).
 */
import { mwToIso, toMwTimestamp } from '../api/params/timestamp.js';
import type { ResultObject } from '../api/result/tree.js';
import { NS_FILE, type TitleCodec } from '../site/title.js';
import type { WikiStore } from '../store/database.js';
import { inBatches } from './support/batches.js';

/** MediaWiki's `$wgRestrictionTypes` for existing pages, in its order. */
const EXISTING_PAGE_TYPES = ['edit', 'move', 'upload'] as const;

export interface Protection {
  type: string;
  level: string;
  /** `infinity` or a 14-digit timestamp. */
  expiry: string;
  cascade?: boolean;
  /** The protected page whose cascading protection applies. */
  source?: string;
  /** A missing title's create protection: who protected it, and why. */
  by?: string;
  reason?: string;
}

export function protectionResult(p: Protection): ResultObject {
  const out: ResultObject = {
    type: p.type,
    level: p.level,
    expiry: p.expiry === 'infinity' ? 'infinity' : mwToIso(p.expiry),
  };
  if (p.cascade) out.cascade = true;
  if (p.source !== undefined) out.source = p.source;
  return out;
}

/** The restriction types that apply to an existing page of the namespace, or to a missing title. */
export function restrictionTypes(namespace: number, exists: boolean): string[] {
  // A file can be protected against uploads whether or not its page exists.
  if (!exists) return namespace === NS_FILE ? ['create', 'upload'] : ['create'];
  return EXISTING_PAGE_TYPES.filter((t) => t !== 'upload' || namespace === NS_FILE);
}

const isCurrent = (expiry: string | null, now: string) => expiry === null || expiry === 'infinity' || expiry > now;

/** Restrictions of existing pages by page id, cascading ones included. */
export async function pageProtections(
  store: WikiStore,
  codec: TitleCodec,
  pages: readonly { pageid: number; ns: number; dbKey: string }[],
  now: Date,
): Promise<Map<number, Protection[]>> {
  const out = new Map<number, Protection[]>();
  if (pages.length === 0) return out;
  const stamp = toMwTimestamp(now);
  const ids = pages.map((p) => p.pageid);
  const own = await store.db
    .selectFrom('page_restrictions')
    .select(['pr_page', 'pr_type', 'pr_level', 'pr_cascade', 'pr_expiry'])
    .where('pr_page', 'in', ids)
    .orderBy('pr_id')
    .execute();
  for (const row of own) {
    if (!isCurrent(row.pr_expiry, stamp)) continue;
    const list = out.get(row.pr_page) ?? [];
    const entry: Protection = { type: row.pr_type, level: row.pr_level, expiry: row.pr_expiry ?? 'infinity' };
    if (row.pr_cascade) entry.cascade = true;
    list.push(entry);
    out.set(row.pr_page, list);
  }
  // Cascading protection reaches pages transcluded by (or files used on) a page protected with
  // cascade. Such pages are few: read them first, then only their links to the asked pages.
  const cascading = (
    await store.db
      .selectFrom('page_restrictions')
      .innerJoin('page', 'page_id', 'pr_page')
      .select(['pr_page', 'pr_type', 'pr_level', 'pr_expiry', 'page_namespace', 'page_title'])
      .where('pr_cascade', '=', 1)
      .execute()
  ).filter((row) => isCurrent(row.pr_expiry, stamp));
  if (cascading.length === 0) return out;
  const sources = [...new Set(cascading.map((row) => row.pr_page))];
  const byTitle = new Map(pages.map((p) => [`${p.ns}:${p.dbKey}`, p.pageid]));
  const links = await inBatches(pages, (batch) =>
    store.db
      .selectFrom('templatelinks')
      .select(['tl_from as from', 'tl_namespace as ns', 'tl_title as dbKey'])
      .where('tl_from', 'in', sources)
      .where((eb) => eb.or(batch.map((p) => eb.and([eb('tl_namespace', '=', p.ns), eb('tl_title', '=', p.dbKey)]))))
      .execute(),
  );
  const files = pages.filter((p) => p.ns === NS_FILE);
  if (files.length > 0) {
    const used = await store.db
      .selectFrom('imagelinks')
      .select(['il_from as from', 'il_to as dbKey'])
      .where('il_from', 'in', sources)
      .where(
        'il_to',
        'in',
        files.map((f) => f.dbKey),
      )
      .execute();
    for (const row of used) links.push({ ...row, ns: NS_FILE });
  }
  for (const link of links) {
    const pageid = byTitle.get(`${link.ns}:${link.dbKey}`);
    if (pageid === undefined) continue;
    const list = out.get(pageid) ?? [];
    for (const row of cascading) {
      if (row.pr_page !== link.from) continue;
      list.push({
        type: row.pr_type,
        level: row.pr_level,
        expiry: row.pr_expiry ?? 'infinity',
        source: codec.prefixedText({ namespace: row.page_namespace, dbKey: row.page_title, interwiki: '' }),
      });
    }
    out.set(pageid, list);
  }
  return out;
}

/** Create protection of missing titles, keyed `ns:dbKey`. */
export async function titleProtections(
  store: WikiStore,
  titles: readonly { ns: number; dbKey: string }[],
  now: Date,
): Promise<Map<string, Protection>> {
  const out = new Map<string, Protection>();
  if (titles.length === 0) return out;
  const stamp = toMwTimestamp(now);
  const rows = await inBatches(titles, (batch) =>
    store.db
      .selectFrom('protected_titles')
      .leftJoin('user', 'user_id', 'pt_user')
      .select(['pt_namespace', 'pt_title', 'pt_create_perm', 'pt_expiry', 'pt_reason', 'user_name'])
      .where((eb) => eb.or(batch.map((t) => eb.and([eb('pt_namespace', '=', t.ns), eb('pt_title', '=', t.dbKey)]))))
      .execute(),
  );
  for (const row of rows) {
    if (!isCurrent(row.pt_expiry, stamp)) continue;
    out.set(`${row.pt_namespace}:${row.pt_title}`, {
      type: 'create',
      level: row.pt_create_perm,
      expiry: row.pt_expiry,
      by: row.user_name ?? '',
      reason: row.pt_reason,
    });
  }
  return out;
}
