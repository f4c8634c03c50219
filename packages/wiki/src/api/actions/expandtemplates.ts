/**
 * `action=expandtemplates`: a text's templates, arguments, parser functions and variables expanded
 * for a page, as MediaWiki's preprocessor does (the same expansion as the revision modules'
 * `expandtemplates`), with its parse tree and what the expansion set: the page properties of
 * `DEFAULTSORT` and `DISPLAYTITLE`, tracking categories (a template loop, an ignored display
 * title) and how long a text showing the current time stays true (`ttl`). Nothing here makes HTML,
 * so there are no modules and configuration variables to load: those properties are answered
 * empty, as MediaWiki answers them for such a text.
 */
import { expansionHost } from '../../modules/support/template-expansion.js';
import { NS_CATEGORY, type Title } from '../../site/title.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';
import { Expander } from '../../wikitext/preprocessor/expand.js';
import { preprocessToTree } from '../../wikitext/preprocessor/parse.js';
import { treeToXml } from '../../wikitext/preprocessor/tree.js';
import { apiError, message, mutuallyExclusive } from '../errors.js';
import type { ParamDescriptor } from '../params/descriptor.js';
import type { RequestState } from '../request-state.js';
import {
  asSubelements,
  assoc,
  BC_SUBELEMENTS,
  KeyedList,
  list,
  type ResultObject,
  withContent,
} from '../result/tree.js';

const PROPS = [
  'wikitext',
  'categories',
  'properties',
  'volatile',
  'ttl',
  'modules',
  'jsconfigvars',
  'encodedjsconfigvars',
  'parsetree',
] as const;

export const EXPANDTEMPLATES_PARAMETERS = [
  { name: 'title', type: 'string' },
  { name: 'text', type: 'text', required: true },
  { name: 'revid', type: 'integer' },
  { name: 'prop', type: PROPS, multi: true },
  { name: 'includecomments', type: 'boolean' },
  { name: 'showstrategykeys', type: 'boolean' },
  { name: 'generatexml', type: 'boolean', deprecated: true },
] as const satisfies ParamDescriptor[];

const SCOPE = { prefix: '', path: 'expandtemplates', name: 'expandtemplates' };

export async function executeExpandTemplates(state: RequestState, result: ResultObject): Promise<void> {
  const params = state.validator.readAll(EXPANDTEMPLATES_PARAMETERS, {
    ...SCOPE,
    feature: 'action=expandtemplates',
  });
  if (params.prop !== undefined && params.generatexml === true) throw mutuallyExclusive(['prop', 'generatexml']);
  const { titles, store } = state.services;
  // The module's deprecation, then the announcement list (see RequestState.warn).
  if (params.prop === undefined)
    state.warn(
      SCOPE.path,
      message('deprecation', 'apiwarn-deprecation-missingparam', ['prop'], { feature: 'action=expandtemplates&!prop' }),
    );
  const given = params.title ?? 'API';
  let page = titles.parseOrUndefined(given);
  if (page === undefined || page.interwiki !== '') {
    throw apiError('invalidtitle', 'apierror-invalidtitle', [escapeWikiText(given)]);
  }
  if (params.revid !== undefined) {
    const revision = await store.db
      .selectFrom('revision')
      .innerJoin('page', 'page_id', 'rev_page')
      .select(['page_namespace', 'page_title'])
      .where('rev_id', '=', params.revid)
      .executeTakeFirst();
    if (revision === undefined) throw apiError('nosuchrevid', 'apierror-nosuchrevid', [String(params.revid)]);
    const own = titles.make(revision.page_namespace, revision.page_title);
    if (params.title !== undefined && (own.namespace !== page.namespace || own.dbKey !== page.dbKey)) {
      state.warn(
        SCOPE.path,
        message('revwrongpage', 'apierror-revwrongpage', [
          { raw: params.revid },
          escapeWikiText(titles.prefixedText(page)),
        ]),
      );
    }
    page = own;
  }
  const props = new Set<string>(params.prop ?? []);
  const out: ResultObject = {};
  if (props.has('parsetree') || params.generatexml === true) {
    const xml = treeToXml(preprocessToTree(params.text));
    if (props.has('parsetree')) out.parsetree = xml;
    else {
      // The old way: beside the module's answer, the XML the text of an element of its own.
      // Counted against the answer's size as MediaWiki counts it (a warning where it does not fit).
      if (state.fits('result', xml)) {
        result.parsetree = xml;
        result[BC_SUBELEMENTS] = ['parsetree'];
      }
    }
  }
  props.delete('parsetree');
  if (props.size > 0 || params.prop === undefined) {
    const expander = await expanderFor(state, page, params.revid, params.includecomments === true);
    const wikitext = await expander.expand(preprocessToTree(params.text), expander.rootFrame());
    if (params.prop === undefined) out.wikitext = wikitext;
    else await addProps(state, out, props, expander, wikitext);
  }
  const subelements = ['wikitext', 'parsetree', ...('encodedjsconfigvars' in out ? ['encodedjsconfigvars'] : [])];
  const answer = params.prop === undefined ? withContent(out, 'wikitext') : asSubelements(out, subelements);
  if (state.fits('result', answer)) result.expandtemplates = answer;
}

async function expanderFor(state: RequestState, page: Title, revid: number | undefined, keepComments: boolean) {
  const { store, titles, site, messages, languages } = state.services;
  const row = await store.db
    .selectFrom('page')
    .select('page_id')
    .where('page_namespace', '=', page.namespace)
    .where('page_title', '=', page.dbKey)
    .executeTakeFirst();
  const host = expansionHost(
    { store, titles, site, server: state.server, messages, languages },
    page,
    row?.page_id,
    revid,
  );
  return new Expander(host, keepComments);
}

/** The properties asked for besides the parse tree, in MediaWiki's order. */
async function addProps(
  state: RequestState,
  out: ResultObject,
  props: ReadonlySet<string>,
  expander: Expander,
  wikitext: string,
): Promise<void> {
  if (props.has('categories') && expander.trackingCategories.size > 0) {
    const categories = list<ResultObject>('category');
    for (const [key, sortkey] of expander.trackingCategories) {
      const name = await expander.host.message(key);
      if (name === undefined || name === '-') continue;
      const category = state.services.titles.parseOrUndefined(name, { defaultNamespace: NS_CATEGORY });
      if (category?.namespace !== NS_CATEGORY) continue;
      categories.push(withContent({ sortkey, category: category.dbKey }, 'category'));
    }
    if (categories.length > 0) out.categories = categories;
  }
  if (props.has('properties') && expander.pageProperties.size > 0) {
    const properties = new KeyedList('property', 'bckvp', 'name');
    for (const [name, value] of expander.pageProperties) properties.set(name, value);
    out.properties = properties;
  }
  if (props.has('volatile')) out.volatile = false;
  if (props.has('ttl') && expander.ttl !== undefined) out.ttl = expander.ttl;
  if (props.has('wikitext')) out.wikitext = wikitext;
  if (props.has('modules')) {
    out.modules = list('_v');
    out.modulescripts = list('_v');
    out.modulestyles = list('_v');
  }
  if (props.has('jsconfigvars')) out.jsconfigvars = assoc({});
  if (props.has('encodedjsconfigvars')) out.encodedjsconfigvars = '[]';
  if (props.has('modules') && !props.has('jsconfigvars') && !props.has('encodedjsconfigvars')) {
    state.warn(SCOPE.path, message('moduleswithoutvars', 'apiwarn-moduleswithoutvars'));
  }
}
