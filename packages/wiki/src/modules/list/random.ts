import { badContinue, mutuallyExclusive } from '../../api/errors.js';
import { titleText } from '../../api/gender.js';
import { parseContinueValue } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import type { ResultObject } from '../../api/result/tree.js';

/** `list=random`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'random',
  group: 'list',
  prefix: 'rn',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryRandom',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Random',
  parameters: [
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'filterredir', type: ['all', 'redirects', 'nonredirects'], default: 'nonredirects' },
    { name: 'minsize', type: 'integer' },
    { name: 'maxsize', type: 'integer' },
    {
      name: 'contentmodel',
      type: ['GadgetDefinition', 'css', 'javascript', 'json', 'sanitized-css', 'text', 'unknown', 'vue', 'wikitext'],
    },
    { name: 'redirect', type: 'boolean', deprecated: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '1' },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

interface RandomRow {
  page_id: number;
  page_namespace: number;
  page_title: string;
  page_random: number;
  page_is_redirect: number;
}

/** A random starting point as MediaWiki draws one: twelve decimals below 1. */
function drawRandom(): string {
  const value = Math.random().toFixed(12);
  return value.startsWith('1') ? '0.999999999999' : value;
}

/** `page_random` as MediaWiki writes it into continuation values: `0.` and digits, never exponents. */
function formatRandom(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/0+$/, '') : text;
}

const RANDOM_VALUE = /^0\.\d+$/;

/**
 * Random pages: a scan of `page_random` from a random point, wrapping around to the start once;
 * continued by `start|next random value|next id|wrapped`.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const p = ctx.params;
  if (p.redirect === true && ctx.requestHas('filterredir')) {
    throw mutuallyExclusive([ctx.paramName('filterredir'), ctx.paramName('redirect')]);
  }
  let rand: string;
  let start: string | undefined;
  let startId = 0;
  let end: string | undefined;
  if (p.continue !== undefined) {
    const [r, s, id, wrapped] = parseContinueValue(p.continue, ['string', 'string', 'int', 'string']);
    if (!RANDOM_VALUE.test(r) || !RANDOM_VALUE.test(s) || (wrapped !== '0' && wrapped !== '1')) throw badContinue();
    [rand, start, startId, end] = [r, s, id, wrapped === '1' ? r : undefined];
  } else {
    rand = drawRandom();
    start = rand;
  }
  const namespaces = p.namespace;
  const redirects = p.redirect === true ? 'redirects' : p.filterredir;

  const run = async (limit: number, from: string | undefined, fromId: number, to: string | undefined) => {
    let query = ctx.store.db
      .selectFrom('page')
      .select(['page_id', 'page_namespace', 'page_title', 'page_random', 'page_is_redirect']);
    if (namespaces !== undefined && namespaces.length > 0) query = query.where('page_namespace', 'in', namespaces);
    if (redirects !== 'all') query = query.where('page_is_redirect', '=', redirects === 'redirects' ? 1 : 0);
    if (p.minsize !== undefined) query = query.where('page_len', '>=', p.minsize);
    if (p.maxsize !== undefined) query = query.where('page_len', '<=', p.maxsize);
    if (p.contentmodel !== undefined) query = query.where('page_content_model', '=', p.contentmodel);
    if (from !== undefined) {
      query =
        fromId > 0
          ? query.where((eb) => eb(eb.refTuple('page_random', 'page_id'), '>=', eb.tuple(Number(from), fromId)))
          : query.where('page_random', '>=', Number(from));
    }
    if (to !== undefined) query = query.where('page_random', '<', Number(to));
    const rows: RandomRow[] = await query
      .orderBy('page_random')
      .orderBy('page_id')
      .limit(limit + 1)
      .execute();
    const next = rows.length > limit ? rows[limit] : undefined;
    return { rows: rows.slice(0, limit), next: next ? `${formatRandom(next.page_random)}|${next.page_id}` : undefined };
  };

  const limit = p.limit;
  const firstPhase = end === undefined ? 0 : 1;
  const first = await run(limit, start, startId, end);
  const firstCount = first.rows.length;
  const rows = first.rows;
  let next = first.next;
  if (end === undefined && next === undefined) {
    end = rand;
    const wrapped = await run(limit - rows.length, undefined, 0, end);
    rows.push(...wrapped.rows);
    next = wrapped.next;
  }
  if (ctx.generator) ctx.setGeneratorNonContinue(`${rand}|${start}|${startId}|${end === undefined ? 0 : 1}`);
  if (next !== undefined) ctx.setContinue(`${rand}|${next}|${end === undefined ? 0 : 1}`);

  if (ctx.generator) {
    ctx.generator.addPageIds(rows.map((r) => r.page_id));
    return;
  }
  const list = ctx.result.list('page');
  for (const [index, row] of rows.entries()) {
    const item: ResultObject = {
      id: row.page_id,
      ns: row.page_namespace,
      title: titleText(ctx.titles, row.page_namespace, row.page_title),
    };
    if (redirects === 'all') item.redirect = row.page_is_redirect === 1;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(`${rand}|${formatRandom(row.page_random)}|${row.page_id}|${index < firstCount ? firstPhase : 1}`);
      break;
    }
    list.push(item);
  }
};
