import { mustUseWith, mutuallyExclusive } from '../../api/errors.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { type ResultObject, withContent } from '../../api/result/tree.js';
import { interwikiUrl } from '../../site/urls.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';
import { wikiLanguageName } from '../support/language-names.js';
import { linkRows, pageIds } from '../support/link-rows.js';

/** `prop=langlinks`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'langlinks',
  group: 'prop',
  prefix: 'll',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryLangLinks',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Langlinks',
  parameters: [
    { name: 'prop', type: ['autonym', 'langname', 'url'], multi: true },
    { name: 'lang', type: 'string' },
    { name: 'title', type: 'string' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
    { name: 'inlanguagecode', type: 'string', default: { fromSite: 'language' } },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'continue', type: 'string' },
    { name: 'url', type: 'boolean', deprecated: true },
  ],
} as const satisfies ModuleDescriptor;

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  await warnWhileBuilding(ctx, 'links');
  const ids = pageIds(ctx);
  const p = ctx.params;
  // A set without pages ends the module before its parameters are checked, as in MediaWiki.
  if (ids.length === 0) return;
  if (p.title !== undefined && p.lang === undefined) {
    throw mustUseWith(ctx.paramName('title'), ctx.paramName('lang'));
  }
  // The deprecated url with prop (even empty), named in declared order.
  if (p.url && p.prop !== undefined) throw mutuallyExclusive([ctx.paramName('prop'), ctx.paramName('url')]);
  const props = new Set(p.prop ?? []);
  if (p.url) props.add('url');
  const rows = await linkRows(ctx, {
    table: 'langlinks',
    sort: [
      { column: 'll_from', kind: 'phpint' },
      { column: 'll_lang', kind: 'string' },
    ],
    columns: ['ll_title'],
    limit: p.limit,
    descending: p.dir === 'descending',
    where: (q) => {
      let query = q.where('ll_from', 'in', ids);
      if (p.lang !== undefined) query = query.where('ll_lang', '=', p.lang);
      if (p.title !== undefined) query = query.where('ll_title', '=', p.title);
      return query;
    },
  });
  // With the source's language data, names are its names ('' for a code it does not know);
  // without, the runtime's.
  const nameOf = (code: string, inLanguage?: string) => wikiLanguageName(ctx.languages, code, inLanguage);
  for (const row of rows) {
    const lang = row.ll_lang as string;
    const title = row.ll_title as string;
    const item: ResultObject = { lang };
    if (props.has('url')) {
      const url = interwikiUrl(ctx.titles, lang, title);
      if (url !== undefined) item.url = url;
    }
    if (props.has('langname')) item.langname = nameOf(lang, p.inlanguagecode);
    if (props.has('autonym')) item.autonym = nameOf(lang);
    item.title = title;
    const entry = withContent(item, 'title');
    if (!ctx.result.fits(entry)) {
      ctx.setContinue(rows.continueAt(row));
      break;
    }
    ctx.result.pageList(row.ll_from as number, 'langlinks', 'll')?.push(entry);
  }
};
