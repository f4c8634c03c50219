import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { suggestTitles } from '../support/title-prefix-search.js';

/** `list=prefixsearch`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'prefixsearch',
  group: 'list',
  prefix: 'ps',
  readrights: true,
  generator: true,
  source: 'MediaWiki',
  classname: 'ApiQueryPrefixSearch',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Prefixsearch',
  parameters: [
    { name: 'search', type: 'string', required: true },
    { name: 'namespace', type: 'namespace', default: '0', multi: true, allspecifier: true },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    { name: 'offset', type: 'integer', default: '0', min: 0 },
  ],
} as const satisfies ModuleDescriptor;

/**
 * Titles starting with the search text, as the wiki's search box completes them; continued by
 * offset, as MediaWiki does (`psoffset`).
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const limit = ctx.params.limit;
  const offset = ctx.params.offset;
  const { pages: found, more } = await suggestTitles(ctx, ctx.params.search, ctx.params.namespace, limit, offset);
  if (more) ctx.setContinue(offset + limit, 'offset');
  if (ctx.generator) {
    const sink = ctx.generator;
    sink.addTitles(found);
    found.forEach((page, index) => {
      sink.setPageField(page, 'index', offset + index + 1);
    });
    return;
  }
  const list = ctx.result.list('ps');
  for (const [index, page] of found.entries()) {
    const item =
      page.pageId === undefined
        ? { ns: page.namespace, title: page.title, special: true }
        : { ns: page.namespace, title: page.title, pageid: page.pageId };
    if (!ctx.result.fits(item)) {
      ctx.setContinue(offset + index, 'offset');
      break;
    }
    list.push(item);
  }
};
