import type { ExpressionBuilder } from 'kysely';
import { prefixUpperBound, titlePartToKey } from '../../api/keyset.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import type { WikiDatabase } from '../../store/schema.js';

/** `list=allpages`: parameters as the module reference lists them, in its order. */
export const descriptor: ModuleDescriptor = {
  name: 'allpages',
  group: 'list',
  prefix: 'ap',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryAllPages',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allpages',
  parameters: [
    { name: 'from', type: 'string' },
    { name: 'continue', type: 'string' },
    { name: 'to', type: 'string' },
    { name: 'prefix', type: 'string' },
    { name: 'namespace', type: 'namespace', default: '0' },
    { name: 'filterredir', type: ['all', 'nonredirects', 'redirects'], default: 'all' },
    { name: 'filterlanglinks', type: ['all', 'withlanglinks', 'withoutlanglinks'], default: 'all' },
    { name: 'minsize', type: 'integer' },
    { name: 'maxsize', type: 'integer' },
    { name: 'prtype', type: ['edit', 'move', 'upload'], multi: true },
    { name: 'prlevel', type: ['', 'autoconfirmed', 'sysop'], multi: true },
    { name: 'prfiltercascade', type: ['all', 'cascading', 'noncascading'], default: 'all' },
    { name: 'prexpiry', type: ['all', 'definite', 'indefinite'], default: 'all' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'dir', type: ['ascending', 'descending'], default: 'ascending' },
  ],
};

export const execute: ModuleExecute = async (ctx) => {
  const p = ctx.params;
  const namespace = p.namespace as number;
  const key = (part: string) => titlePartToKey(ctx.titles, part, namespace);
  const descending = p.dir === 'descending';
  const limit = p.limit as number;
  const from =
    p.continue !== undefined ? key(p.continue as string) : p.from !== undefined ? key(p.from as string) : undefined;
  const to = p.to !== undefined ? key(p.to as string) : undefined;
  const db = ctx.store.db;

  let query = db
    .selectFrom('page')
    .select(['page_id', 'page_namespace', 'page_title'])
    .where('page_namespace', '=', namespace);
  if (from !== undefined) query = query.where('page_title', descending ? '<=' : '>=', from);
  if (to !== undefined) query = query.where('page_title', descending ? '>=' : '<=', to);
  if (p.prefix !== undefined) {
    const prefix = key(p.prefix as string);
    query = query.where('page_title', '>=', prefix).where('page_title', '<', prefixUpperBound(prefix));
  }
  if (p.filterredir === 'redirects') query = query.where('page_is_redirect', '=', 1);
  if (p.filterredir === 'nonredirects') query = query.where('page_is_redirect', '=', 0);
  if (p.minsize !== undefined) query = query.where('page_len', '>=', p.minsize as number);
  if (p.maxsize !== undefined) query = query.where('page_len', '<=', p.maxsize as number);
  if (p.filterlanglinks !== 'all') {
    const withLinks = (eb: ExpressionBuilder<WikiDatabase, 'page'>) =>
      eb.exists(eb.selectFrom('langlinks').select('ll_from').whereRef('ll_from', '=', 'page.page_id'));
    query =
      p.filterlanglinks === 'withlanglinks'
        ? query.where((eb) => withLinks(eb))
        : query.where((eb) => eb.not(withLinks(eb)));
  }
  const types = p.prtype as string[] | undefined;
  if (types !== undefined && types.length > 0) {
    const levels = p.prlevel as string[] | undefined;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('page_restrictions')
          .select('pr_page')
          .whereRef('pr_page', '=', 'page.page_id')
          .where('pr_type', 'in', types)
          .$if(levels !== undefined && levels.length > 0, (q) => q.where('pr_level', 'in', levels as string[]))
          .$if(p.prfiltercascade === 'cascading', (q) => q.where('pr_cascade', '=', 1))
          .$if(p.prfiltercascade === 'noncascading', (q) => q.where('pr_cascade', '=', 0))
          .$if(p.prexpiry === 'indefinite', (q) => q.where('pr_expiry', '=', 'infinity'))
          .$if(p.prexpiry === 'definite', (q) => q.where('pr_expiry', '!=', 'infinity')),
      ),
    );
  }
  const rows = await query
    .orderBy('page_title', descending ? 'desc' : 'asc')
    .limit(limit + 1)
    .execute();

  if (rows.length > limit) ctx.setContinue((rows[limit] as (typeof rows)[number]).page_title);
  const shown = rows.slice(0, limit);
  if (ctx.generator) {
    ctx.generator.addPageIds(shown.map((row) => row.page_id));
    return;
  }
  const out = ctx.result.list('p');
  for (const row of shown) {
    out.push({
      pageid: row.page_id,
      ns: row.page_namespace,
      title: ctx.titles.prefixedText({ namespace: row.page_namespace, dbKey: row.page_title, interwiki: '' }),
    });
  }
};
