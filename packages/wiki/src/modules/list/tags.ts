import { commentFormatterFor } from '../../api/comment-format.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { STANDARD_LIMIT } from '../../api/params/descriptor.js';
import { list, type ResultObject } from '../../api/result/tree.js';
import { SOFTWARE_TAGS, tagMessages } from '../support/change-tag-messages.js';

/** `list=tags`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'tags',
  group: 'list',
  prefix: 'tg',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryTags',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tags',
  parameters: [
    { name: 'continue', type: 'string' },
    { name: 'limit', ...STANDARD_LIMIT, default: '10' },
    {
      name: 'prop',
      type: ['active', 'defined', 'description', 'displayname', 'hitcount', 'source'],
      default: '',
      multi: true,
    },
  ],
} as const satisfies ModuleDescriptor;

/**
 * Every tag the software defines, the wiki's users defined, or changes carry, in name order
 * (`tgcontinue` is the name to go on from). The definitions table holds one row per tag.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const props = new Set(ctx.params.prop);
  const limit = ctx.params.limit;
  const from = ctx.params.continue;
  const rows = await ctx.store.db
    .selectFrom('change_tag_def')
    .select(['ctd_name', 'ctd_user_defined', 'ctd_count'])
    .where((eb) => eb.or([eb('ctd_user_defined', '=', 1), eb('ctd_count', '>', 0)]))
    .execute();
  const software = new Set<string>(SOFTWARE_TAGS);
  const explicit = new Set(rows.filter((r) => r.ctd_user_defined === 1).map((r) => r.ctd_name));
  const hits = new Map(rows.map((r) => [r.ctd_name, r.ctd_count]));
  let names = [...new Set([...software, ...rows.map((r) => r.ctd_name)])];
  if (from !== undefined) names = names.filter((name) => name >= from);
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const items = ctx.result.list('tag');
  if (names.length > limit) {
    ctx.setContinue(names[limit] as string);
    names.length = limit;
  }
  const wantTexts = props.has('displayname') || props.has('description');
  const messages = wantTexts ? await tagMessages(ctx, names) : new Map();
  const displayNames = props.has('displayname')
    ? await commentFormatterFor(ctx).format(names.map((name) => ({ comment: messages.get(name)?.name ?? name })))
    : [];
  for (const [i, name] of names.entries()) {
    const item: ResultObject = { name };
    const texts = messages.get(name);
    // A name of `-` hides the tag from lists of changes: MediaWiki shows it as false.
    if (props.has('displayname')) item.displayname = texts?.name === '-' ? false : (displayNames[i] as string);
    if (props.has('description')) item.description = texts?.description ?? '';
    if (props.has('hitcount')) item.hitcount = hits.get(name) ?? 0;
    const isSoftware = software.has(name);
    const isExplicit = explicit.has(name);
    if (props.has('defined')) item.defined = isSoftware || isExplicit;
    if (props.has('source')) {
      const sources: string[] = [];
      // MediaWiki still calls the software's own tags `extension`.
      if (isSoftware) sources.push('extension');
      if (isExplicit) sources.push('manual');
      item.source = list('_v', sources);
    }
    if (props.has('active')) item.active = isSoftware || isExplicit;
    if (!ctx.result.fits(item)) {
      ctx.setContinue(name);
      return;
    }
    items.push(item);
  }
};
