/**
 * Conversions from what the Action API shows to what the store keeps: timestamps, hashes, titles,
 * visibility bits, and log parameters serialized the way MediaWiki stores them.
 */
import { categorySortKey, ipHex, mediaWikiTimestamp } from '../xml/page-rows.js';

export { categorySortKey, ipHex };

/** An API timestamp (`2026-01-01T00:00:00Z`, or `infinity`) as the store's 14 digits. */
export function storeTimestamp(iso: string | undefined): string {
  if (iso === undefined || iso === '') return '';
  if (iso === 'infinity' || iso === 'infinite' || iso === 'indefinite') return 'infinity';
  return mediaWikiTimestamp(iso);
}

/** A SHA-1 in hex (as the API gives it) in the base 36 MediaWiki stores. */
export function sha1HexToBase36(hex: string | undefined): string {
  if (!hex || !/^[0-9a-f]{40}$/i.test(hex)) return '';
  return BigInt(`0x${hex}`).toString(36).padStart(31, '0');
}

/** A full title of namespace `ns` (`Benutzer:Foo bar`) as its database key without the prefix (`Foo_bar`). */
export function dbKeyOf(ns: number, title: string): string {
  const text = ns === 0 ? title : title.slice(title.indexOf(':') + 1);
  return text.replace(/ /g, '_');
}

/** rev_deleted / log_deleted / rc_deleted bits from the API's flags. */
export function visibilityBits(
  item: Record<string, unknown>,
  first: 'texthidden' | 'actionhidden' = 'texthidden',
): number {
  return (
    (item[first] === true ? 1 : 0) |
    (item.commenthidden === true ? 2 : 0) |
    (item.userhidden === true ? 4 : 0) |
    (item.suppressed === true ? 8 : 0)
  );
}

function phpString(text: string): string {
  return `s:${Buffer.byteLength(text)}:"${text}";`;
}

/** PHP's serialize() of a JSON value (objects become associative arrays). */
export function phpSerialize(value: unknown): string {
  if (value === null || value === undefined) return 'N;';
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  if (typeof value === 'number') return Number.isInteger(value) ? `i:${value};` : `d:${value};`;
  if (typeof value === 'string') return phpString(value);
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value as Record<string, unknown>);
  const body = entries
    .map(
      ([k, v]) =>
        `${typeof k === 'number' ? `i:${k};` : /^(0|-?[1-9]\d*)$/.test(k) ? `i:${k};` : phpString(k)}${phpSerialize(v)}`,
    )
    .join('');
  return `a:${entries.length}:{${body}}`;
}

const titleText = (_ns: unknown, title: unknown) => String(title ?? '');

/**
 * A log entry's `params` (as `list=logevents` shows them) in the stored form: keys
 * `<index>:<type>:<name>` as MediaWiki writes them for each type, so that the API shows them again
 * as the source did.
 */
export function storedLogParams(type: string, action: string, params: Record<string, any> | undefined): string {
  if (!params || Object.keys(params).length === 0) return type === 'delete' && action === 'delete' ? 'a:0:{}' : '';
  const out: Record<string, unknown> = {};
  const rest = { ...params };
  const take = (name: string) => {
    const value = rest[name];
    delete rest[name];
    return value;
  };
  switch (type) {
    case 'move':
      out['4::target'] = titleText(take('target_ns'), take('target_title'));
      out['5::noredir'] = take('suppressredirect') ? '1' : '0';
      break;
    case 'merge':
      out['4::dest'] = titleText(take('dest_ns'), take('dest_title'));
      out['5::mergepoint'] = storeTimestamp(take('mergepoint'));
      break;
    case 'protect':
      if ('description' in rest) out['4::description'] = take('description');
      if ('cascade' in rest) out['5:bool:cascade'] = take('cascade') === true;
      if ('details' in rest) {
        out.details = (take('details') as any[]).map((d) => ({
          type: d.type,
          level: d.level,
          expiry: storeTimestamp(d.expiry),
          ...('cascade' in d ? { cascade: d.cascade === true } : {}),
        }));
      }
      if ('oldtitle_title' in rest) out['4::oldtitle'] = titleText(take('oldtitle_ns'), take('oldtitle_title'));
      break;
    case 'block':
    case 'suppress':
      if ('duration' in rest) out['5::duration'] = take('duration');
      if ('flags' in rest) out['6::flags'] = (take('flags') as string[]).join(',');
      if ('restrictions' in rest) {
        const r = take('restrictions') as { pages?: Array<{ page_title: string }>; namespaces?: number[] };
        out['7::restrictions'] = {
          ...(r.pages ? { pages: r.pages.map((p) => p.page_title) } : {}),
          ...(r.namespaces ? { namespaces: r.namespaces } : {}),
        };
      }
      delete rest.expiry;
      delete rest.finalTargetCount;
      break;
    case 'rights':
      out['4::oldgroups'] = take('oldgroups') ?? [];
      out['5::newgroups'] = take('newgroups') ?? [];
      out.oldmetadata = ((take('oldmetadata') as any[]) ?? []).map((m) => ({
        expiry: m.expiry ? storeTimestamp(m.expiry) : null,
      }));
      out.newmetadata = ((take('newmetadata') as any[]) ?? []).map((m) => ({
        expiry: m.expiry ? storeTimestamp(m.expiry) : null,
      }));
      break;
    case 'upload':
      if ('img_sha1' in rest) out.img_sha1 = take('img_sha1');
      if ('img_timestamp' in rest) out.img_timestamp = storeTimestamp(take('img_timestamp'));
      break;
    case 'patrol':
      out['4::curid'] = String(take('curid') ?? '');
      out['5::previd'] = String(take('previd') ?? '');
      out['6::auto'] = take('auto') ? 1 : 0;
      break;
    case 'newusers':
      out['4::userid'] = take('userid');
      break;
    case 'renameuser':
      out['4::olduser'] = take('olduser');
      out['5::newuser'] = take('newuser');
      out['6::edits'] = take('edits');
      break;
    case 'contentmodel':
      out['4::oldmodel'] = take('oldmodel');
      out['5::newmodel'] = take('newmodel');
      break;
    case 'delete':
      if (action === 'revision' || action === 'event') {
        out['4::type'] = take('type');
        out['5::ids'] = take('ids');
        const bits = (v: any) =>
          v ? (v.bitmask ?? (v.content ? 1 : 0) | (v.comment ? 2 : 0) | (v.user ? 4 : 0) | (v.suppressed ? 8 : 0)) : 0;
        out['6::ofield'] = bits(take('old'));
        out['7::nfield'] = bits(take('new'));
      }
      if ('count' in rest) out[':assoc:count'] = take('count');
      break;
    case 'managetags':
      out['4::tag'] = take('tag');
      if ('count' in rest) out['5:number:count'] = take('count');
      break;
  }
  // Anything else keeps its name, after the known ones, numbered as MediaWiki numbers extra keys.
  let index = 4 + Object.keys(out).filter((k) => /^\d+:/.test(k)).length;
  for (const [name, value] of Object.entries(rest)) {
    if (name === 'associated_rev_id' || name === 'sitewide') out[name] = value;
    else out[`${index++}::${name}`] = value;
  }
  return phpSerialize(out);
}
