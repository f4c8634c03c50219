import { invalidTitle } from '../../api/errors.js';
import type { ContextOf, ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { assoc, type ResultObject } from '../../api/result/tree.js';
import { warnWhileBuilding } from '../support/deferred-build-warning.js';

/** `list=linterrors`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'linterrors',
  group: 'list',
  prefix: 'lnt',
  readrights: true,
  source: 'Linter',
  classname: 'MediaWiki\\Linter\\ApiQueryLintErrors',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:Linter#API',
  parameters: [
    {
      name: 'categories',
      type: [
        'bogus-image-options',
        'deletable-table-tag',
        'duplicate-ids',
        'empty-heading',
        'fostered',
        'fostered-transparent',
        'html5-misnesting',
        'large-tables',
        'misc-tidy-replacement-issues',
        'misnested-tag',
        'missing-end-tag',
        'missing-end-tag-in-heading',
        'multi-colon-escape',
        'multiline-html-table-in-list',
        'multiple-unclosed-formatting-tags',
        'night-mode-unaware-background-color',
        'obsolete-tag',
        'pwrap-bug-workaround',
        'self-closed-tag',
        'stripped-tag',
        'tidy-font-bug',
        'tidy-whitespace-bug',
        'unclosed-quotes-in-heading',
        'wikilink-in-extlink',
      ],
      default:
        'bogus-image-options|deletable-table-tag|duplicate-ids|empty-heading|fostered|html5-misnesting|misc-tidy-replacement-issues|misnested-tag|missing-end-tag|missing-end-tag-in-heading|multi-colon-escape|multiline-html-table-in-list|multiple-unclosed-formatting-tags|night-mode-unaware-background-color|obsolete-tag|pwrap-bug-workaround|self-closed-tag|stripped-tag|tidy-font-bug|tidy-whitespace-bug|unclosed-quotes-in-heading|wikilink-in-extlink',
      multi: true,
    },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'namespace', type: 'namespace', multi: true, allspecifier: true },
    { name: 'pageid', type: 'integer', multi: true },
    { name: 'title', type: 'string' },
    { name: 'from', type: 'integer' },
  ],
} as const satisfies ModuleDescriptor;

/** The page `lnttitle` names, as a page id: -1 (no page) when it does not exist. */
async function titlePageId(ctx: ContextOf<typeof descriptor>, text: string): Promise<number> {
  const title = ctx.titles.parseOrUndefined(text);
  if (title === undefined || title.interwiki !== '' || title.namespace < 0) {
    throw invalidTitle(text);
  }
  const row = await ctx.store.db
    .selectFrom('page')
    .select('page_id')
    .where('page_namespace', '=', title.namespace)
    .where('page_title', '=', title.dbKey)
    .executeTakeFirst();
  return row?.page_id ?? -1;
}

export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  await warnWhileBuilding(ctx, 'lint');
  const categories = ctx.params.categories;
  const namespaces = ctx.params.namespace;
  let pageIds = ctx.params.pageid;
  const titleText = ctx.params.title;
  if (titleText !== undefined) {
    const id = await titlePageId(ctx, titleText);
    pageIds = pageIds === undefined ? [id] : pageIds.filter((p) => p === id);
  }
  if (categories.length === 0 || pageIds?.length === 0 || namespaces?.length === 0) return;
  const limit = ctx.params.limit;
  const from = ctx.params.from;
  let query = ctx.store.db
    .selectFrom('linter')
    .innerJoin('page', 'page_id', 'linter_page')
    .select([
      'linter_id',
      'linter_page',
      'linter_cat',
      'linter_start',
      'linter_end',
      'linter_params',
      'linter_template',
      'page_namespace',
      'page_title',
    ])
    .where('linter_cat', 'in', categories);
  if (namespaces !== undefined) query = query.where('linter_namespace', 'in', namespaces);
  if (pageIds !== undefined) query = query.where('linter_page', 'in', pageIds);
  if (from !== undefined) query = query.where('linter_id', '>=', from);
  const rows = await query
    .orderBy('linter_id')
    .limit(limit + 1)
    .execute();
  const out = ctx.result.list('linterror');
  for (const [i, row] of rows.entries()) {
    if (i === limit) {
      ctx.setContinue(row.linter_id, 'from');
      return;
    }
    const item: ResultObject = {
      pageid: row.linter_page,
      ns: row.page_namespace,
      title: ctx.titles.prefixedText({ namespace: row.page_namespace, dbKey: row.page_title, interwiki: '' }),
      lintId: row.linter_id,
      category: row.linter_cat,
      location: [row.linter_start, row.linter_end],
      templateInfo: assoc<ResultObject>(row.linter_template === null ? {} : { name: row.linter_template }),
      params: assoc<ResultObject>(JSON.parse(row.linter_params) as ResultObject),
    };
    if (!ctx.result.fits(item)) {
      ctx.setContinue(row.linter_id, 'from');
      return;
    }
    out.push(item);
  }
};
