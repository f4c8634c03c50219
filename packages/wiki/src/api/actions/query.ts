/**
 * `action=query`: reads which list, prop and meta modules to run, resolves the page set (with the
 * generator), runs the modules and writes the continuation.
 */

import { QUERY_MODULES } from '../../modules/registry.js';
import { MEDIAWIKI_VERSION } from '../../site/version.js';
import { shareWorker } from '../../store/work-budget.js';
import { ContinuationManager, parseContinue } from '../continuation.js';
import { ApiError, apiError, message, messageCode } from '../errors.js';
import { type ExportSchema, exportPages } from '../export-xml.js';
import type { MessageParam } from '../messages/render.js';
import type { GeneratorSink, ModuleContext, ModuleResult, QueryModule } from '../module.js';
import { type PageRow, PageSet } from '../pageset.js';
import type { ParamDescriptor, ParamValues } from '../params/descriptor.js';
import { resolveUserIds } from '../params/user-ids.js';
import type { RequestState } from '../request-state.js';
import { BC_SUBELEMENTS, type KeyedList, list, type ResultArray, type ResultObject } from '../result/tree.js';

const BY_NAME = new Map(QUERY_MODULES.map((m) => [m.descriptor.name, m]));
/**
 * The modules a group parameter names, as MediaWiki lists them: by name, deprecated ones last.
 * `generator` names the modules that can be generators.
 */
function moduleNames(which: (d: QueryModule['descriptor']) => boolean): string[] {
  const chosen = QUERY_MODULES.map((m) => m.descriptor).filter(which);
  const sorted = (deprecated: boolean) =>
    chosen
      .filter((d) => (d.deprecated === true) === deprecated)
      .map((d) => d.name)
      .sort();
  return [...sorted(false), ...sorted(true)];
}

function groupParameter(name: string, which: (d: QueryModule['descriptor']) => boolean): ParamDescriptor {
  const names = moduleNames(which);
  return {
    name,
    type: names,
    multi: name !== 'generator',
    submodules: Object.fromEntries(names.map((module) => [module, `query+${module}`])),
  };
}

/** The parameters of `action=query` itself, in MediaWiki's order. */
export function queryParameters(): ParamDescriptor[] {
  return [
    groupParameter('prop', (d) => d.group === 'prop'),
    groupParameter('list', (d) => d.group === 'list'),
    groupParameter('meta', (d) => d.group === 'meta'),
    { name: 'indexpageids', type: 'boolean' },
    { name: 'export', type: 'boolean' },
    { name: 'exportnowrap', type: 'boolean' },
    { name: 'exportschema', type: ['0.10', '0.11'], default: '0.11' },
    { name: 'iwurl', type: 'boolean' },
    { name: 'continue', type: 'string' },
    { name: 'rawcontinue', type: 'boolean' },
    { name: 'titles', type: 'string', multi: true },
    { name: 'pageids', type: 'integer', multi: true },
    { name: 'revids', type: 'integer', multi: true },
    // Any module's name passes, so that a module that is no generator gets `badgenerator`.
    { ...groupParameter('generator', (d) => d.generator === true), submoduleparamprefix: 'g', checkedByModule: true },
    { name: 'redirects', type: 'boolean' },
    { name: 'converttitles', type: 'boolean' },
  ];
}

const QUERY_PARAMETERS = queryParameters();
const PAGE_SET_NAMES: ReadonlySet<string> = new Set([
  'titles',
  'pageids',
  'revids',
  'generator',
  'redirects',
  'converttitles',
]);
/** The page set's parameters and the query's own, each read as a module's are (see `readQueryParameters`). */
const PAGE_SET_PARAMETERS = QUERY_PARAMETERS.filter((p) => PAGE_SET_NAMES.has(p.name));
const OWN_PARAMETERS = QUERY_PARAMETERS.filter((p) => !PAGE_SET_NAMES.has(p.name));

/** What the query answered: written into `result`, or (`exportnowrap`) raw XML instead of it. */
export type QueryOutcome = { raw: string } | undefined;

function generatorText(state: RequestState): string {
  return `MediaWiki ${MEDIAWIKI_VERSION} (${state.services.softwareName})`;
}

/**
 * `action=query`'s own parameters as the validator gives them. The module names of `prop`, `list`,
 * `meta` and `generator` are known when the registry is loaded, so the type says `string` where
 * the descriptor lists them.
 */
interface QueryParams {
  prop: string[] | undefined;
  list: string[] | undefined;
  meta: string[] | undefined;
  indexpageids: boolean;
  export: boolean;
  exportnowrap: boolean;
  exportschema: ExportSchema;
  iwurl: boolean;
  continue: string | undefined;
  rawcontinue: boolean;
  titles: string[] | undefined;
  pageids: number[] | undefined;
  revids: number[] | undefined;
  generator: string | undefined;
  redirects: boolean;
  converttitles: boolean;
}

/**
 * `action=query`'s own parameters, read in MediaWiki's order: the page set's first (its warnings
 * come before those of `prop` or `list`, its errors end the request before them), then the query's.
 */
function readQueryParameters(state: RequestState) {
  const scope = { prefix: '', path: 'query', name: 'query' };
  // Each group is read whole, every parameter's warnings given before its first error ends the
  // request: the page set's, then the query's own. The validator converts each value as the
  // descriptors declare it, which QueryParams restates.
  const pageSet = state.validator.readAll(PAGE_SET_PARAMETERS, scope) as unknown as QueryParams;
  const own = state.validator.readAll(OWN_PARAMETERS, scope) as unknown as QueryParams;
  return {
    props: own.prop ?? [],
    lists: own.list ?? [],
    metas: own.meta ?? [],
    indexPageIds: own.indexpageids,
    exportPagesXml: own.export,
    exportNoWrap: own.exportnowrap,
    exportSchema: own.exportschema,
    interwikiUrls: own.iwurl,
    incoming: parseContinue(own.continue),
    rawContinue: own.rawcontinue,
    titles: pageSet.titles,
    pageIds: pageSet.pageids,
    revIds: pageSet.revids,
    generatorName: pageSet.generator,
    resolveRedirects: pageSet.redirects,
    convertTitles: pageSet.converttitles,
  };
}

type QueryRequest = ReturnType<typeof readQueryParameters>;

/**
 * Without the right to read, only meta modules that need no reading may run, with no pages: that
 * is how a client of a private wiki fetches its login token. MediaWiki refuses anything else
 * before running a module.
 */
function checkReadRight(state: RequestState, q: QueryRequest): void {
  if (state.user.rights.has('read')) return;
  const readsPages =
    q.titles !== undefined || q.pageIds !== undefined || q.revIds !== undefined || q.generatorName !== undefined;
  const readsModules = [...q.props, ...q.lists, ...q.metas].some((name) => BY_NAME.get(name)?.descriptor.readrights);
  if (readsPages || readsModules || q.exportPagesXml) {
    const error = apiError('readapidenied', 'apierror-readapidenied');
    error.module = 'main';
    throw error;
  }
}

/** The generator module named, checked to be one. */
function generatorOf(name: string | undefined): QueryModule | undefined {
  if (name === undefined) return undefined;
  const generator = BY_NAME.get(name);
  if (!generator?.descriptor.generator) {
    // As MediaWiki: a module that is no generator and a name of no module are told apart, both by query.
    const key = generator ? 'apierror-badgenerator-notgenerator' : 'apierror-badgenerator-unknown';
    const error = apiError('badgenerator', key, [name]);
    error.module = 'query';
    throw error;
  }
  return generator;
}

/** What the modules of one request share: the request, its continuation and the answer's parts. */
interface QueryRun {
  state: RequestState;
  continuation: ContinuationManager;
  /** The `query` block of the answer. */
  query: ResultObject;
  /** Lists printed beside `query`, after the continuation, as MediaWiki orders them. */
  topLevel: ResultObject;
}

/**
 * Parameters whose reading gave warnings. Reading parameters has no other effect (a limit of `max`
 * recorded again records the same value), so a module that reads its parameters again
 * (`readParametersAgain`) does so only when the first reading warned.
 */
const warnedWhenRead = new WeakSet<ModuleContext['params']>();

/** A module's parameters read with `prefix`, with their warnings; their errors name the module. */
function readModuleParams(state: RequestState, module: QueryModule, prefix: string): ModuleContext['params'] {
  const d = module.descriptor;
  const warningsBefore = state.warnings.length;
  // An error is named after the module by the validator (the scope's path). A limit halved by
  // another parameter is checked when the module reads its parameters again, as MediaWiki's
  // backlinks modules do (`readParametersAgain`).
  const params = state.validator.readAll(d.parameters, moduleScope(module, prefix), d.templatedparameters, {
    halvedLater: true,
  });
  if (state.warnings.length > warningsBefore) warnedWhenRead.add(params);
  return params;
}

function moduleScope(module: QueryModule, prefix: string) {
  const d = module.descriptor;
  return { prefix, path: `query+${d.name}`, name: d.name, feature: `action=query&${d.group}=${d.name}` };
}

/** A module's context: its parameters (read with `prefix`), the pages it works on and where its results go. */
function moduleContext(
  run: QueryRun,
  module: QueryModule,
  prefix: string,
  pages: PageSet,
  sink: GeneratorSink | undefined,
  output: ModuleResult,
  params: ModuleContext['params'] = readModuleParams(run.state, module, prefix),
): ModuleContext {
  const { state, continuation } = run;
  const { site, titles: codec, store } = state.services;
  const d = module.descriptor;
  const path = `query+${d.name}`;
  return {
    descriptor: d,
    params,
    site,
    titles: codec,
    store,
    user: state.user,
    session: state.session,
    acceptLanguage: state.acceptLanguage,
    askedVariant: state.askedVariant,
    userLanguage: state.userLanguage || site.language,
    pages,
    generator: sink,
    result: output,
    path,
    feature: `action=query&${d.group}=${d.name}`,
    paramName: (name) => prefix + name,
    ownParamName: (name) => d.prefix + name,
    warn: (key: string, params: readonly MessageParam[] = [], code = messageCode(key), data?: ResultObject) =>
      state.warn(path, { code, key, params, data }),
    statusEntries: async (messages) => {
      await state.messageFormatter.lookUpLinks(messages);
      return messages.map((message) => state.messageFormatter.statusEntry(message));
    },
    statusError: (message) => state.messageFormatter.statusError(message),
    setContinue: (value, name = 'continue') => {
      if (sink) continuation.setGenerator(prefix + name, value);
      else continuation.set(d.name, prefix + name, value);
    },
    setGeneratorNonContinue: (value, name = 'continue') => continuation.setGeneratorNonContinue(prefix + name, value),
    readParametersAgain: () => {
      if (warnedWhenRead.has(params)) readModuleParams(state, module, prefix);
      state.validator.applyHalvedLimits(d.parameters, moduleScope(module, prefix), params);
    },
    requestHas: (name) => state.params.peek(prefix + name) !== undefined,
    rawParam: (name) => state.params.peek(prefix + name),
    recordLimit: (value) => state.limits.set(d.name, value),
    now: state.now,
    language: state.userLanguage,
    server: state.server,
    softwareName: state.services.softwareName,
    engine: store.engine,
    messages: state.services.messages,
    storedMessages: state.storedMessages(),
    languages: state.services.languages,
  };
}

/** Runs one module, with its deprecation warning; its errors name it. */
async function runModule(state: RequestState, module: QueryModule, context: ModuleContext): Promise<void> {
  if (module.descriptor.deprecated && !module.reportsOwnDeprecation) {
    state.warn(context.path, {
      code: 'deprecation',
      key: `apiwarn-deprecation-${module.descriptor.name}`,
      params: [],
      data: { feature: `action=query&${module.descriptor.group}=${module.descriptor.name}` },
    });
  }
  try {
    const named = resolveUserIds(module.descriptor.parameters, context.params as ParamValues, state.services.store);
    if (named) await named;
    await module.execute(context);
    state.restrictCache(module.cacheMode?.(context.params as ParamValues, state.user) ?? 'public');
  } catch (error) {
    if (error instanceof ApiError && error.module === undefined) error.module = context.path;
    throw error;
  }
}

/**
 * The generator's pages: it runs over the input pages and hands what it found (titles, ids, rows,
 * revisions) to a new page set. A continuation whose generator is done gives an empty set.
 */
async function generatedPages(
  run: QueryRun,
  q: QueryRequest,
  generator: QueryModule,
  resolveInput: () => PageSet | Promise<PageSet>,
): Promise<PageSet> {
  const { state, query } = run;
  const { titles: codec, store } = state.services;
  const output = new PageSet(store, codec, {
    resolveRedirects: q.resolveRedirects,
    convertTitles: q.convertTitles,
    messages: state.services.messages,
  });
  const prefix = `g${generator.descriptor.prefix}`;
  // The generator's parameters are read (and checked) before the pages it runs over, also when
  // it is done and does not run.
  const params = readModuleParams(state, generator, prefix);
  if (q.incoming.generatorDone) {
    checkSingleSource(q);
    return output;
  }
  const input = resolveInput();
  const inputPages = input instanceof PageSet ? input : await input;
  // The titles cleaned as the parameter was read (not valid NFC) are reported with the
  // generator's pages too, as MediaWiki records them for the whole request.
  output.normalized.push(...inputPages.normalized.filter((n) => n.fromencoded));
  const produced: {
    titles: { namespace: number; dbKey: string }[];
    ids: number[];
    idOrder: 'given' | 'byId';
    rows: PageRow[];
    revids: number[];
  } = { titles: [], ids: [], idOrder: 'given', rows: [], revids: [] };
  const extra = new Map<string, Record<string, string | number | boolean>>();
  const sink: GeneratorSink = {
    resolvesRedirects: q.resolveRedirects,
    addPageIds: (ids, order = 'given') => {
      produced.ids.push(...ids);
      produced.idOrder = order;
    },
    addPageRows: (rows) => produced.rows.push(...rows),
    addRevisionIds: (revids) => produced.revids.push(...revids),
    addTitles: (list) => produced.titles.push(...list.map((t) => ({ namespace: t.namespace, dbKey: t.dbKey }))),
    setQueryBlock: (key, value) => {
      query[key] = value;
    },
    setPageField: (title, key, value) => {
      const text = codec.prefixedText({ ...title, interwiki: '' });
      const fields = extra.get(text) ?? {};
      fields[key] = value as string | number | boolean;
      extra.set(text, fields);
    },
  };
  const context = moduleContext(run, generator, prefix, inputPages, sink, noOutput, params);
  await runModule(state, generator, context);
  if (produced.titles.length > 0) await output.addTitles(produced.titles);
  if (produced.ids.length > 0) await output.addPageIds(produced.ids, produced.idOrder);
  if (produced.rows.length > 0) await output.addPageRows(produced.rows);
  if (produced.revids.length > 0) {
    await output.addRevisionIds(produced.revids, state.user.rights.has('deletedhistory'));
  }
  for (const [title, fields] of extra) output.extraFields.set(title, fields);
  return output;
}

/** Where a module's results go: the `query` block and, for prop modules, the pages written into it. */
function pageSetOutput(query: ResultObject, pagesList: KeyedList | undefined): ModuleResult {
  return {
    list: (element: string, key?: string): ResultArray => {
      throw new Error(`list(${element}, ${key}) needs a module`);
    },
    topList: (element: string, key?: string): ResultArray => {
      throw new Error(`topList(${element}, ${key}) needs a module`);
    },
    set: (key, value) => {
      query[key] = value;
    },
    fits: () => true,
    page: (id) => pagesList?.get(id) as ResultObject | undefined,
    pageList: (id, key, element, orphan = false) => {
      let page = pagesList?.get(id) as ResultObject | undefined;
      if (!page && orphan && pagesList) {
        page = {};
        pagesList.set(String(id), page);
      }
      if (!page) return undefined;
      const existing = page[key];
      if (Array.isArray(existing)) return existing as ResultArray;
      const created = list(element, []);
      page[key] = created;
      return created;
    },
  };
}

/** Runs the prop, list and meta modules in that order, each with its continuation registered. */
async function runModules(run: QueryRun, q: QueryRequest, pages: PageSet, output: ModuleResult): Promise<void> {
  const { state, continuation, query, topLevel } = run;
  const selected: QueryModule[] = [];
  for (const name of q.props) selected.push(BY_NAME.get(name) as QueryModule);
  for (const name of q.lists) selected.push(BY_NAME.get(name) as QueryModule);
  for (const name of q.metas) selected.push(BY_NAME.get(name) as QueryModule);
  for (const module of selected) {
    const d = module.descriptor;
    continuation.register(d.name, d.group === 'prop');
    if (skippedByContinuation(q, module)) continue;
    const path = `query+${d.name}`;
    // Written out rather than spread from `output`: a spread of an object costs more than naming its fields.
    const moduleOutput: ModuleResult = {
      list: (element, key = d.name) => listIn(query, key, element),
      topList: (element, key = d.name) => listIn(topLevel, key, element),
      fits: (value, size) => state.fits(path, value, size),
      set: output.set,
      page: output.page,
      pageList: output.pageList,
    };
    await runModule(state, module, moduleContext(run, module, d.prefix, pages, undefined, moduleOutput));
    // Between modules, requests that arrived meanwhile get their turn once this one has run a while.
    const turn = shareWorker();
    if (turn) await turn;
  }
}

export async function executeQuery(state: RequestState, result: ResultObject): Promise<QueryOutcome> {
  const q = readQueryParameters(state);
  checkReadRight(state, q);
  // The modules the continuation skips have their parameters read (and checked) first, before the
  // page set, as MediaWiki's continuation manager reads them.
  for (const module of selectedModules(q)) {
    if (skippedByContinuation(q, module)) readModuleParams(state, module, module.descriptor.prefix);
  }
  const generator = generatorOf(q.generatorName);

  const { site, titles: codec, store } = state.services;
  /** The pages `titles`, `pageids` or `revids` name (a generator's input). */
  // Not an async function: a request naming no pages gets its empty set without a turn of the
  // microtask queue.
  const resolveInput = (): PageSet | Promise<PageSet> => {
    checkSingleSource(q);
    if (q.resolveRedirects && q.revIds !== undefined) {
      state.warn('query', message('redirectsandrevids', 'apiwarn-redirectsandrevids'));
    }
    const options = {
      resolveRedirects: q.resolveRedirects,
      convertTitles: q.convertTitles,
      messages: state.services.messages,
    };
    // Redirects named by `revids` are not followed (the warning above says so).
    const pages = new PageSet(store, codec, q.revIds ? { ...options, resolveRedirects: false } : options);
    if (!q.titles && !q.pageIds && !q.revIds) return pages;
    return (async () => {
      if (q.titles) await pages.addTitleStrings(q.titles, state.params.sentUncleaned('titles'));
      if (q.pageIds) await pages.addPageIds(q.pageIds, 'byId');
      if (q.revIds) await pages.addRevisionIds(q.revIds, state.user.rights.has('deletedhistory'));
      return pages;
    })();
  };

  const originalGeneratorParams: Record<string, string> = {};
  if (generator && q.incoming.present && !q.incoming.generatorDone) {
    const continuationPart = state.params.peek('continue')?.split('||')[0] ?? '';
    for (const name of continuationPart.split('|').filter(Boolean)) {
      const value = state.params.peek(name);
      if (value !== undefined) originalGeneratorParams[name] = value;
    }
  }
  const run: QueryRun = {
    state,
    continuation: new ContinuationManager(originalGeneratorParams, generator !== undefined),
    query: {},
    topLevel: {},
  };
  const { query, continuation } = run;
  state.queryStarted = () => Object.keys(query).length > 0;

  // Once the generator is done (`continue=-||…`) the page set is only checked, not resolved: the
  // answer has no pages.
  const done = q.incoming.generatorDone;
  let pages: PageSet;
  if (generator) pages = await generatedPages(run, q, generator, resolveInput);
  else if (done) {
    checkSingleSource(q);
    pages = new PageSet(store, codec, {
      resolveRedirects: q.resolveRedirects,
      convertTitles: q.convertTitles,
      messages: state.services.messages,
    });
  } else {
    const input = resolveInput();
    pages = input instanceof PageSet ? input : await input;
  }
  let pagesList: KeyedList | undefined;
  const named = q.titles !== undefined || q.pageIds !== undefined || q.revIds !== undefined;
  if (!done && (generator !== undefined || named))
    pagesList = pages.writeInto(query, q.indexPageIds, q.interwikiUrls, (m) =>
      state.messageFormatter.invalidTitleReason(m),
    );
  // The export is written with the page set, before the modules run (its key comes before theirs):
  // a text in formatversion 2, the content of an object in 1. Once the generator is done
  // (`continue=-||…`), there is no page set to write, nor an export.
  let exported: string | undefined;
  if (q.exportPagesXml && !done) {
    exported = await exportPages(
      store,
      site,
      state.server,
      generatorText(state),
      pages.goodPagesAsAdded(),
      q.exportSchema,
    );
    if (!q.exportNoWrap) {
      query.export = exported;
      query[BC_SUBELEMENTS] = ['export'];
    }
  }
  await runModules(run, q, pages, pageSetOutput(query, pagesList));
  if (exported !== undefined && q.exportNoWrap) return { raw: exported };

  if (q.rawContinue) continuation.writeRawInto(result, generator?.descriptor.name);
  else continuation.writeInto(result);
  if (Object.keys(query).length > 0) result.query = query;
  Object.assign(result, run.topLevel);
  return undefined;
}

const noOutput: ModuleResult = {
  list: () => list('_v', []),
  topList: () => list('_v', []),
  fits: () => true,
  set: () => {},
  page: () => undefined,
  pageList: () => undefined,
};

/** The list under `key` of `container`, created on first use. */
function listIn(container: ResultObject, key: string, element: string): ResultArray {
  const existing = container[key];
  if (Array.isArray(existing)) return existing as ResultArray;
  const created = list(element, []);
  container[key] = created;
  return created;
}

/** The prop, list and meta modules the request names, in that order, each once. */
function selectedModules(q: QueryRequest): QueryModule[] {
  return [...new Set([...q.props, ...q.lists, ...q.metas])].map((name) => BY_NAME.get(name) as QueryModule);
}

/**
 * Whether the continuation skips the module: it is done, or it is a prop module and the
 * generator is done (`continue=-||…`).
 */
function skippedByContinuation(q: QueryRequest, module: QueryModule): boolean {
  return (
    q.incoming.skip.has(module.descriptor.name) || (q.incoming.generatorDone && module.descriptor.group === 'prop')
  );
}

/** Only one of `titles`, `pageids` and `revids`: the second one named is refused, by the query's page set. */
function checkSingleSource(q: QueryRequest): void {
  const sources = (
    [
      ['titles', q.titles],
      ['pageids', q.pageIds],
      ['revids', q.revIds],
    ] as const
  ).filter(([, v]) => v !== undefined);
  if (sources.length > 1) {
    const error = apiError('multisource', 'apierror-invalidparammix-cannotusewith', [sources[1][0], sources[0][0]]);
    error.module = 'query';
    throw error;
  }
}
