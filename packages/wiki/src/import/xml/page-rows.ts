/**
 * The store's rows for what a dump says: timestamps in MediaWiki's 14-digit form, SHA-1 in base 36,
 * IP addresses in hex (ip_changes), category sort keys, and the link-table rows of a page.
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6, sanitizeIP } from '../../site/ip-address.js';
import { NS_CATEGORY, NS_FILE } from '../../site/title.js';
import { externalLinkIndexes } from '../../wikitext/external-links.js';
import type { PageLinks } from '../../wikitext/extract-links.js';

/** `2006-12-13T03:07:14Z` -> `20061213030714`; anything else unchanged but for its digits. */
export function mediaWikiTimestamp(iso: string): string {
  const digits = iso.replace(/\D/g, '');
  return digits.length >= 14 ? digits.slice(0, 14) : digits.padEnd(14, '0');
}

/** SHA-1 of a text (or of its UTF-8 bytes) in base 36, 31 digits, as MediaWiki stores revision hashes. */
export function sha1Base36(text: string | Uint8Array): string {
  const hex = (
    typeof text === 'string' ? createHash('sha1').update(text, 'utf8') : createHash('sha1').update(text)
  ).digest('hex');
  return BigInt(`0x${hex}`).toString(36).padStart(31, '0');
}

/** ip_changes' `ipc_hex`: IPv4 as 8 hex digits, IPv6 as `v6-` and 32 hex digits, upper case. */
export function ipHex(ip: string): string | undefined {
  const clean = sanitizeIP(ip);
  if (isIPv4(clean) && !clean.includes('/')) {
    return clean
      .split('.')
      .map((o) => Number(o).toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase();
  }
  if (isIPv6(clean) && !clean.includes('/')) {
    return `v6-${clean
      .split(':')
      .map((g) => g.padStart(4, '0'))
      .join('')
      .toUpperCase()}`;
  }
  return undefined;
}

/** Cuts a string to at most `max` UTF-8 bytes without splitting a character. */
export function truncateBytes(text: string, max: number): string {
  if (text.length * 3 <= max || Buffer.byteLength(text) <= max) return text;
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (bytes + size > max) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}

/** `cl_sortkey` with MediaWiki's default `uppercase` collation: the prefix (if any), a newline, the title. */
export function categorySortKey(prefix: string, titleText: string): string {
  const key = prefix === '' ? titleText : `${prefix.replace(/[\n\t]/g, ' ')}\n${titleText}`;
  return truncateBytes(key.toUpperCase(), 230);
}

export interface PageRef {
  id: number;
  namespace: number;
  dbKey: string;
}

export type Row = unknown[];

export interface LinkRows {
  pagelinks: Row[];
  templatelinks: Row[];
  imagelinks: Row[];
  categorylinks: Row[];
  externallinks: Row[];
  langlinks: Row[];
  iwlinks: Row[];
  redirect: Row[];
  page_props: Row[];
  linter: Row[];
}

export const LINK_COLUMNS: Record<keyof LinkRows, readonly string[]> = {
  pagelinks: ['pl_from', 'pl_namespace', 'pl_title', 'pl_from_namespace'],
  templatelinks: ['tl_from', 'tl_namespace', 'tl_title', 'tl_from_namespace'],
  imagelinks: ['il_from', 'il_to', 'il_from_namespace'],
  categorylinks: ['cl_from', 'cl_to', 'cl_sortkey', 'cl_sortkey_prefix', 'cl_timestamp', 'cl_collation', 'cl_type'],
  externallinks: ['el_from', 'el_to', 'el_index', 'el_index_60'],
  langlinks: ['ll_from', 'll_lang', 'll_title'],
  iwlinks: ['iwl_from', 'iwl_prefix', 'iwl_title'],
  redirect: ['rd_from', 'rd_namespace', 'rd_title', 'rd_interwiki', 'rd_fragment'],
  page_props: ['pp_page', 'pp_propname', 'pp_value', 'pp_sortkey'],
  linter: [
    'linter_page',
    'linter_namespace',
    'linter_cat',
    'linter_start',
    'linter_end',
    'linter_params',
    'linter_template',
  ],
};

/** The column naming the page a link-table row belongs to. */
export const LINK_FROM: Record<keyof LinkRows, string> = {
  pagelinks: 'pl_from',
  templatelinks: 'tl_from',
  imagelinks: 'il_from',
  categorylinks: 'cl_from',
  externallinks: 'el_from',
  langlinks: 'll_from',
  iwlinks: 'iwl_from',
  redirect: 'rd_from',
  page_props: 'pp_page',
  linter: 'linter_page',
};

export function linkRows(page: PageRef, links: PageLinks, timestamp: string): LinkRows {
  const { id, namespace } = page;
  const titleText = page.dbKey.replace(/_/g, ' ');
  const type = namespace === NS_CATEGORY ? 'subcat' : namespace === NS_FILE ? 'file' : 'page';
  const externallinks: Row[] = [];
  for (const url of links.externalLinks) {
    for (const index of externalLinkIndexes(url)) externallinks.push([id, url, index, truncateBytes(index, 60)]);
  }
  return {
    pagelinks: links.links.map((l) => [id, l.namespace, l.dbKey, namespace]),
    templatelinks: links.templates.map((l) => [id, l.namespace, l.dbKey, namespace]),
    imagelinks: links.images.map((name) => [id, name, namespace]),
    categorylinks: links.categories.map((c) => [
      id,
      c.name,
      categorySortKey(c.sortKeyPrefix, titleText),
      c.sortKeyPrefix,
      timestamp,
      'uppercase',
      type,
    ]),
    externallinks,
    langlinks: links.languageLinks.map((l) => [id, l.language, l.title]),
    iwlinks: links.interwikiLinks.map((l) => [id, l.prefix, l.title]),
    redirect: links.redirect
      ? [[id, links.redirect.namespace, links.redirect.dbKey, links.redirect.interwiki, links.redirect.fragment]]
      : [],
    page_props: [...links.properties].map(([name, value]) => [id, name, value, null]),
    linter: (links.lint ?? []).map((e) => [
      id,
      namespace,
      e.category,
      e.start,
      e.end,
      JSON.stringify(e.params),
      e.template ?? null,
    ]),
  };
}
