/**
 * ApiMain: one `api.php` request from parameters to printed answer. It reads the main and format
 * parameters, checks CORS and assertions, runs the action, collects warnings, reports unknown
 * parameters, and prints the result (or the error) in the requested format.
 */

import type { WikiStore } from '../store/database.js';
import { WorkBudget, withWorkBudget } from '../store/work-budget.js';
import { executeClientLogin } from './actions/clientlogin.js';
import { executeCompare } from './actions/compare.js';
import { executeExpandTemplates } from './actions/expandtemplates.js';
import { executeHelp } from './actions/help.js';
import { executeLogin } from './actions/login.js';
import { executeLogout } from './actions/logout.js';
import { executeParamInfo } from './actions/paraminfo.js';
import { executeQuery } from './actions/query.js';
import { CommentFormatter } from './comment-format.js';
import { type ErrorFormat, ErrorFormatter, MessagePageLinks } from './error-format.js';
import { ApiError, apiError, message } from './errors.js';
import { HTML_CSP } from './format/html.js';
import {
  FORMAT_PARAMETERS,
  type FormatName,
  formatOptionsFrom,
  type PrintedBody,
  printResult,
} from './format/printers.js';
import { MAIN_PARAMETERS, type MainParams } from './main-params.js';
import type { CacheMode, RequestUser } from './module.js';
import { RequestParams, type SentBytes } from './params/request.js';
import { toIsoTimestamp } from './params/timestamp.js';
import { type NamedSpec, specsByName } from './params/validate.js';
import { type ApiServices, type CollectedWarning, RequestState } from './request-state.js';
import { assoc, type ResultObject } from './result/tree.js';
import { RequestSession } from './session.js';
import { inputSpellingFixes, normalizeStrings, outputNormalizer } from './text-normalize.js';

export interface ApiRequest {
  method: string;
  params: Iterable<[string, string]>;
  /** The values that came as bytes that are not UTF-8, by name (`params` holds them as read). */
  sentBytes?: ReadonlyMap<string, SentBytes>;
  /** The `Origin` header, if any. */
  origin?: string;
  /**
   * The request sent `Treat-as-Untrusted` (MediaWiki's header for requests a page's untrusted
   * scripts may have made): it is answered as a cross-site one, without the caller's session.
   */
  treatAsUntrusted?: boolean;
  ip: string;
  /** Scheme and host the request came to, for sites without a configured server. */
  requestOrigin: string;
  /** The `Cookie` header, if any: it carries the session. */
  cookieHeader?: string;
  acceptLanguage?: string;
  /** Names of the parameters that came in the URL's query string (the rest came in the body). */
  queryNames?: ReadonlySet<string>;
  /** A CORS preflight's `Access-Control-Request-Method` and `Access-Control-Request-Headers`. */
  preflight?: { method?: string; headers?: string };
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body in UTF-8 as consecutive parts, when the answer can make them more cheaply than by encoding `body`. */
  encodedParts?: () => Buffer[];
  /** The body as a gzip member in parts, when the answer can make it more cheaply than by compressing it whole. */
  gzipParts?: () => Buffer[];
  /** `Set-Cookie` values (a new or ended session). */
  cookies?: readonly string[];
}

const MAIN_SCOPE = { prefix: '', path: 'main', name: 'main' };
// Specs, read in one object shape (validate.ts).
const M = specsByName<keyof MainParams & string>(MAIN_PARAMETERS);

/** Answers one api.php request, within a work budget of its own (store/work-budget.ts). */
export function handleApiRequest(
  request: ApiRequest,
  services: ApiServices,
  budget = new WorkBudget(services.workBudget),
): Promise<ApiResponse> {
  return withWorkBudget(budget, () => answerApiRequest(request, services));
}

/** Headers a cross-origin request may send, as MediaWiki's default `$wgAllowedCorsHeaders` lists them. */
const ALLOWED_CORS_HEADERS: ReadonlySet<string> = new Set(
  [
    'Accept',
    'Accept-Language',
    'Content-Language',
    'Content-Type',
    'Accept-Encoding',
    'DNT',
    'Origin',
    'User-Agent',
    'Api-User-Agent',
    'Access-Control-Max-Age',
    'Authorization',
  ].map((name) => name.toLowerCase()),
);

/**
 * The answer to OPTIONS once CORS is checked: empty. A preflight (`Access-Control-Request-Method`)
 * of an `origin=*` request is told the methods it may use and the asked headers, when MediaWiki's
 * list allows them all; else it gets no CORS headers, and the reason.
 */
function optionsAnswer(request: ApiRequest, headers: Record<string, string>): ApiResponse {
  const preflight = request.preflight;
  if (preflight?.method !== undefined && headers['access-control-allow-origin'] !== undefined) {
    delete headers['access-control-expose-headers'];
    const asked = preflight.headers;
    if (asked !== undefined && !asked.split(',').every((name) => ALLOWED_CORS_HEADERS.has(name.trim().toLowerCase()))) {
      delete headers['access-control-allow-origin'];
      delete headers['access-control-allow-credentials'];
      headers['mediawiki-cors-rejection'] = 'Unsupported header requested in preflight';
    } else {
      if (asked !== undefined) headers['access-control-allow-headers'] = asked;
      headers['access-control-allow-methods'] = 'POST, GET, HEAD';
    }
  }
  delete headers['x-frame-options'];
  return { status: 200, headers: { ...headers, 'content-type': 'text/html; charset=UTF-8' }, body: '' };
}

/**
 * CORS comes first: a mismatching origin is refused (the answer) before anything runs; else the
 * headers a cross-origin request gets are added to `headers`.
 */
function checkOrigin(request: ApiRequest, originParam: string | undefined, headers: Record<string, string>) {
  if (originParam === undefined) return undefined;
  if (originParam === '*') {
    headers['access-control-allow-origin'] = '*';
    headers['access-control-allow-credentials'] = 'false';
    headers['access-control-expose-headers'] =
      'MediaWiki-API-Error, Retry-After, X-Database-Lag, MediaWiki-Login-Suppressed';
    return undefined;
  }
  const origins = (request.origin ?? '').trim().split(/\s+/).filter(Boolean);
  if (!origins.includes(originParam)) {
    return {
      status: 403,
      // As MediaWiki sends it (PHP's default type); the fixed text holds no markup.
      headers: { 'content-type': 'text/html; charset=UTF-8', 'cache-control': 'no-cache' },
      body: "'origin' parameter does not match Origin header\n",
    };
  }
  // No other site is trusted with the reader's cookies: the answer comes without CORS headers.
  headers['mediawiki-cors-rejection'] = 'Origin mismatch';
  headers.vary = 'Origin';
  return undefined;
}

/**
 * The main parameters' settings. They are read in MediaWiki's order into this object, so that
 * when a parameter is refused the answer is still shaped by those read before it.
 */
class MainSettings {
  errorFormatName: ErrorFormat = 'bc';
  format: FormatName = 'jsonfm';
  uselang: string;
  /** `uselang` as given (`user` by default): the reader's language makes the answer depend on who asks. */
  uselangGiven = 'user';
  errorlang = 'en';
  formatValues: Record<string, unknown> = {};
  /** The printer's parameters were refused: the answer is printed without them. */
  formatFailure: ApiError | undefined = undefined;
  /** What reading the printer's parameters warned about, given when the answer is printed. */
  printerWarnings: CollectedWarning[] = [];
  maxlag: number | undefined = undefined;
  smaxage = 0;
  maxage = 0;
  /**
   * The action was chosen and the assertions held: from then on an answer, even an error, may be
   * kept for `maxage` (MediaWiki's module is set up by then).
   */
  actionChosen = false;
  wantServedBy = false;
  wantTimestamp = false;
  wantLangInfo = false;
  requestId: string | undefined = undefined;
  constructor(siteLanguage: string) {
    this.uselang = siteLanguage;
  }
  /** The language of error texts: English in the `bc` format. */
  get errorLanguage(): string {
    return this.errorFormatName === 'bc' ? 'en' : this.errorlang;
  }
}

/** Reads the main and printer parameters into `main`; the error format is settled first, so that every later error is shaped by it. */
function readMainParameters(state: RequestState, params: RequestParams, main: MainSettings): string {
  // The validator converts the value as MAIN_PARAMETERS declares it: the type says the same.
  const readMain = <N extends keyof MainParams & string>(spec: NamedSpec<N>) =>
    state.validator.read(spec, MAIN_SCOPE) as MainParams[N];
  const siteLanguage = state.services.site.language;
  const rawErrorFormat = params.peek('errorformat');
  if (rawErrorFormat && ['bc', 'html', 'none', 'plaintext', 'raw', 'wikitext'].includes(rawErrorFormat)) {
    main.errorFormatName = rawErrorFormat as ErrorFormat;
  }
  const rawFormat = params.peek('format');
  if (rawFormat && (Object.keys(FORMAT_PARAMETERS) as string[]).includes(rawFormat))
    main.format = rawFormat as FormatName;
  // MediaWiki sets up its languages from the raw values before it reads any parameter: a refused
  // main parameter is reported in the error language those name (the site's for `uselang`).
  const rawErrorlang = params.peek('errorlang') ?? 'uselang';
  main.errorlang =
    rawErrorlang === 'uselang' || rawErrorlang === 'content' || !/^[a-z0-9-]+$/i.test(rawErrorlang)
      ? siteLanguage
      : rawErrorlang;
  let refused: ApiError | undefined;
  try {
    readLanguagesAndMetadata(state, main, readMain);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    refused = error;
  }
  const warnedBefore = state.warnings.length;
  try {
    main.formatValues = state.validator.readAll(FORMAT_PARAMETERS[main.format], {
      prefix: '',
      path: main.format,
      name: main.format,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // MediaWiki reads the printer's parameters only when it prints: the action runs first, and
    // the failure shows when the answer (or the action's error) is printed.
    main.formatFailure = error;
    main.formatValues = {};
  } finally {
    // Their warnings likewise come after every other (see `answerApiRequest`).
    main.printerWarnings = state.warnings.splice(warnedBefore);
  }
  state.userLanguage = main.uselang;
  if (main.errorFormatName === 'html') {
    const { store, titles, site } = state.services;
    state.messagePageLinks = new MessagePageLinks(new CommentFormatter(store, titles, site));
  }
  state.messageFormatter = new ErrorFormatter(
    main.errorFormatName,
    main.errorLanguage,
    state.storedMessages(),
    state.services.site,
    state.messagePageLinks,
  );
  if (refused) throw refused;
  // Declared as any name, so that the action's fallback still has one to report.
  const action: string = readMain(M.action);
  main.maxlag = readMain(M.maxlag);
  main.smaxage = readMain(M.smaxage);
  main.maxage = readMain(M.maxage);
  const assertion = readMain(M.assert);
  const assertUser = readMain(M.assertuser);
  checkAssertions(state.user, assertion, assertUser);
  return action;
}

/** The languages and the request's metadata parameters, in MediaWiki's order. */
function readLanguagesAndMetadata(
  state: RequestState,
  main: MainSettings,
  readMain: <N extends keyof MainParams & string>(spec: NamedSpec<N>) => MainParams[N],
): void {
  const siteLanguage = state.services.site.language;
  const uselangValue = readMain(M.uselang);
  main.uselangGiven = uselangValue;
  main.uselang =
    uselangValue === 'user' || uselangValue === 'content' || uselangValue === '' ? siteLanguage : uselangValue;
  state.userLanguage = main.uselang;
  const errorlangValue = readMain(M.errorlang);
  main.errorlang =
    main.errorFormatName === 'bc'
      ? 'en'
      : errorlangValue === 'uselang'
        ? main.uselang
        : errorlangValue === 'content'
          ? siteLanguage
          : errorlangValue;
  readMain(M.errorformat);
  readMain(M.errorsuselocal);
  // Content is shown in the variant `variant` names, else in the one `uselang` names, if any.
  state.askedVariant = readMain(M.variant) || uselangValue;
  readMain(M.crossorigin);
  readMain(M.origin);
  main.requestId = readMain(M.requestid);
  main.wantServedBy = readMain(M.servedby);
  main.wantTimestamp = readMain(M.curtimestamp);
  main.wantLangInfo = readMain(M.responselanginfo);
  readMain(M.format);
}

/**
 * Runs the action into `result`; an answer of its own (raw XML of export, help as HTML) is
 * returned. Not an async function: an action's error reaches the caller's `await` through the
 * promise, without a throw and a walk of the stack here.
 */
function runAction(
  state: RequestState,
  request: ApiRequest,
  action: string,
  result: ResultObject,
  headers: Record<string, string>,
): Promise<ApiResponse | undefined> | ApiResponse | undefined {
  switch (action) {
    case 'query':
      return executeQuery(state, result).then((outcome) =>
        outcome
          ? {
              status: 200,
              headers: {
                ...headers,
                'content-type': 'text/xml; charset=utf-8',
                'content-disposition': 'inline; filename=export.xml',
              },
              body: outcome.raw,
            }
          : undefined,
      );
    case 'paraminfo':
      executeParamInfo(state, result, state.server);
      return undefined;
    case 'expandtemplates':
      return executeExpandTemplates(state, result).then(() => undefined, ownError(action));
    case 'compare':
      return executeCompare(state, result).then(() => undefined, ownError(action));
    case 'help': {
      // The address this server was asked at, not the imported wiki's own `$wgServer`.
      const help = executeHelp(state, request.requestOrigin);
      // The page itself, whatever the format, unless `wrap` asks for it inside an answer.
      if (!state.params.has('wrap')) {
        return {
          status: 200,
          headers: {
            ...headers,
            'content-type': 'text/html; charset=UTF-8',
            'content-security-policy': HTML_CSP,
            'content-disposition': 'inline; filename=api-help.html',
            'content-language': state.services.site.language,
          },
          body: help,
        };
      }
      result.help = { mime: 'text/html', filename: 'api-help.html', help };
      return undefined;
    }
    case 'login':
      if (request.method !== 'POST') throw apiError('mustbeposted', 'apierror-mustbeposted', [action]);
      return executeLogin(state, result).then(() => undefined);
    // Actions with a token check it before the request's method, as MediaWiki does.
    case 'logout':
      return executeLogout(state).then(() => undefined);
    case 'clientlogin':
      return executeClientLogin(state, result).then(() => undefined);
    default:
      if (request.method !== 'POST') throw apiError('mustbeposted', 'apierror-mustbeposted', [action]);
      throw apiError('unsupportedaction', 'apierror-unsupportedaction', [action]);
  }
}

/** An error a reading action gives of its own is named after it, as MediaWiki names it. */
const ownError =
  (module: string) =>
  (error: unknown): never => {
    if (error instanceof ApiError) error.module ??= module;
    throw error;
  };

/** How the action ended: its error, the module that gave it, and whether it warned while it ran. */
interface Outcome {
  failure: ApiError | undefined;
  errorModule: string;
  warnedDuringAction: boolean;
}

/**
 * The answer's tree: the error with the warnings, or the result with the warnings, `limits` and
 * the keys a query puts on top in the order MediaWiki adds them; then the main module's own keys.
 */
function composeAnswer(
  state: RequestState,
  main: MainSettings,
  result: ResultObject,
  outcome: Outcome,
  headers: Record<string, string>,
  apiUrl: string,
): ResultObject {
  let { failure, errorModule } = outcome;
  /**
   * The error goes on top of the answer, and so do the warnings when their first one comes after
   * it: the failed printer's warnings, when nothing warned before.
   */
  let warningsBeforeError = false;
  if (main.formatFailure) {
    warningsBeforeError = state.warnings.length === 0;
    // The printer failed: MediaWiki says so, gives the printer's error as a warning and prints
    // the action's error, or the printer's own when the action succeeded, without its parameters.
    state.warn('main', message('errorprinterfailed', 'apiwarn-errorprinterfailed'));
    state.warn(main.format, main.formatFailure.messages[0]);
    if (!failure) {
      failure = main.formatFailure;
      errorModule = main.formatFailure.module ?? main.format;
    }
  }
  outcome.failure = failure;
  const formatter = new ErrorFormatter(
    main.errorFormatName,
    main.errorLanguage,
    state.storedMessages(),
    state.services.site,
    state.messagePageLinks,
  );
  // The answer is a map: empty (a logout's), it is `{}` in every format version, as MediaWiki's.
  const answer: ResultObject = assoc({});
  const warnings = formatter.warnings(state.warnings);
  if (failure) {
    // MediaWiki replaces the answer by the error and keeps the warnings after it.
    formatter.writeErrors(answer, failure.messages, errorModule, apiUrl, warnings, warningsBeforeError);
    headers['mediawiki-api-error'] = failure.messages.map((m) => m.code).join(', ');
    Object.assign(headers, failure.headers);
  } else {
    // `warnings` is put on top of the answer when its first warning is given; `batchcomplete`
    // and `continue` are put on top when the query ends. So warnings given while the action ran
    // come after those two, and a first warning given after it (an unknown parameter) before.
    if (warnings && outcome.warnedDuringAction) {
      for (const key of ON_TOP_AT_END) if (key in result) answer[key] = result[key];
    }
    if (warnings) answer.warnings = warnings;
    // `limits` is made while parameters are read, before the action adds its results.
    if (state.limits.size > 0) {
      for (const key of ON_TOP_AT_END) if (key in result) answer[key] = result[key];
      if (state.limitsAfterQuery && 'query' in result) answer.query = result.query;
      answer.limits = Object.fromEntries(state.limits);
    }
    Object.assign(answer, result);
  }
  const own: ResultObject = {};
  if (main.requestId !== undefined) own.requestid = main.requestId;
  // The host is named only where the wiki shows host names ($wgShowHostnames, off by default):
  // then when asked, and on every error.
  if (state.services.site.settings.ShowHostnames === true && (main.wantServedBy || failure)) {
    own.servedby = state.services.hostName;
  }
  if (main.wantTimestamp) own.curtimestamp = toIsoTimestamp(state.now);
  if (main.wantLangInfo) {
    own.uselang = main.uselang;
    own.errorlang = main.errorLanguage;
  }
  // An error replaces the answer and main's keys follow it. Otherwise main added them before the
  // action ran, so they come before the action's results, after what MediaWiki puts on top of
  // the answer (warnings, `batchcomplete`, `continue`, `query-continue`).
  if (failure) return Object.assign(answer, own);
  const keys = Object.keys(answer);
  let top = 0;
  while (top < keys.length && PUT_ON_TOP.has(keys[top])) top++;
  const rest = keys.slice(top).map((key) => [key, answer[key]] as const);
  for (const [key] of rest) delete answer[key];
  Object.assign(answer, own);
  for (const [key, value] of rest) answer[key] = value;
  return answer;
}

/** The keys MediaWiki adds on top of an answer, before whatever is there already. */
const PUT_ON_TOP: ReadonlySet<string> = new Set(['warnings', 'batchcomplete', 'continue', 'query-continue']);

async function answerApiRequest(request: ApiRequest, services: ApiServices): Promise<ApiResponse> {
  const startedAt = performance.now();
  const site = services.site;
  const spellingFixes = inputSpellingFixes(site);
  const params = new RequestParams(request.params, request.sentBytes, spellingFixes);
  const server = site.server ?? request.requestOrigin;
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };
  const originParam = params.peek('origin');
  const refused = checkOrigin(request, originParam, headers);
  if (refused) return refused;
  // JSONP, `origin=*` and untrusted requests are anonymous whatever cookies they carry, as in
  // MediaWiki.
  const useCookies = !(params.has('callback') || originParam === '*' || request.treatAsUntrusted === true);
  if (!useCookies) headers['mediawiki-login-suppressed'] = 'true';
  // OPTIONS ends once CORS is checked: an empty answer, with what a preflight may do.
  if (request.method === 'OPTIONS') return optionsAnswer(request, headers);
  const session = await RequestSession.open(
    services.store,
    site,
    { cookieHeader: request.cookieHeader, ip: request.ip, secure: request.requestOrigin.startsWith('https:') },
    new Date(),
    useCookies,
  );
  const state = new RequestState(params, services, session.user, request.method, server);
  state.session = session;
  state.acceptLanguage = request.acceptLanguage;
  state.queryNames = request.queryNames ?? new Set();
  const result: ResultObject = {};
  const main = new MainSettings(site.language);
  const outcome: Outcome = { failure: undefined, errorModule: 'main', warnedDuringAction: false };
  try {
    const action = readMainParameters(state, params, main);
    main.actionChosen = true;
    // Every action but help waits for lagged replicas, as MediaWiki's modules do.
    if (main.maxlag !== undefined && action !== 'help') await checkMaxLag(services.store, main.maxlag);
    // Only after the action, the assertions and the lag are checked, as in MediaWiki.
    if (!ACCEPTED_METHODS.has(request.method)) {
      throw new ApiError(message('invalidmethod', 'apierror-invalidmethod'), 405, { allow: 'GET, HEAD, POST' });
    }
    state.restrictCache(ACTION_CACHE_MODES[action] ?? 'private');
    const own = await runAction(state, request, action, result, headers);
    if (own) {
      setCacheHeaders(own.headers, state.cacheMode, main, session.cameWithSession, state.now);
      return own;
    }
    outcome.warnedDuringAction = state.warnings.length > 0;
    const unused = params.unused();
    if (unused.length > 0) {
      state.warn(
        'main',
        // MediaWiki's key (the warning reuses the error's text), the names as a comma list keyed
        // by their positions among the request's parameters.
        message('unrecognizedparams', 'apierror-unrecognizedparams', [
          { list: unused, type: 'comma', positions: unused.map((name) => params.names().indexOf(name)) },
          unused.length,
        ]),
      );
    }
  } catch (error) {
    if (error instanceof ApiError) {
      outcome.failure = error;
      outcome.errorModule = error.module ?? 'main';
    } else {
      outcome.failure = internalError(error, main.requestId);
    }
  }
  // The printer reads its parameters when it prints, in MediaWiki: their warnings come last.
  for (const warning of main.printerWarnings) state.warnings.push(warning);
  if (state.messagePageLinks !== undefined) {
    // The html texts' links need their pages' existence, looked up before the answer is made.
    const messages = [...(outcome.failure?.messages ?? []), ...state.warnings.map((w) => w.message)];
    await state.messageFormatter.lookUpLinks(messages);
  }
  const answer = composeAnswer(state, main, result, outcome, headers, `${server}${site.scriptPath}/api.php`);
  // Set on the object made rather than spread into a new one: in V8 the spread came to give the
  // options a new hidden class each time, and with it the answer's result tree outlived the young
  // generation's collections (see `SplicedBody` in format/printers.ts).
  const options = formatOptionsFrom(main.formatValues, site.siteName, main.uselang);
  options.mayHoldPrepared = state.counted.prepared;
  options.mayHoldEmptyNonMap = state.counted.emptyNonMap === true;
  options.preparedHolders = state.counted.holders;
  options.holdsPrinted = state.counted.printed === true;
  const status = outcome.failure?.httpStatus ?? 200;
  // A page for people shows the status the answer would have; the page itself comes with 200.
  if (status !== 200) options.httpStatus = status;
  if (options.wrappedHtml) options.elapsedMs = performance.now() - startedAt;
  // Every string of the answer as the content language normalises it, as MediaWiki does as each
  // value is added: modules' values were as they were counted; the rest where the language
  // replaces spellings (see `normalizeStrings`).
  if (spellingFixes !== undefined) normalizeStrings(answer, outputNormalizer(site));
  const printed = printResult(main.format, answer, options);
  headers['content-type'] = printed.contentType;
  if (printed.contentType.startsWith('text/html')) {
    // A page for people to read: MediaWiki names the wiki's language, whatever `uselang` is.
    headers['content-security-policy'] = HTML_CSP;
    headers['content-language'] = site.language;
  }
  headers['content-disposition'] = options.wrappedHtml
    ? 'inline; filename=api-result-wrapped.json'
    : `inline; filename=api-result.${fileExtension(printed.contentType)}`;
  setCacheHeaders(headers, outcome.failure ? 'private' : state.cacheMode, main, session.cameWithSession, state.now);
  const forPeople = printed.contentType.startsWith('text/html') || options.wrappedHtml;
  return new PrintedResponse(forPeople ? 200 : status, headers, printed, session.cookies());
}

/** The HTTP methods api.php answers; any other gets `invalidmethod` (HTTP 405). */
const ACCEPTED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'OPTIONS']);

/** Keys a query puts on top of its answer when it ends. */
const ON_TOP_AT_END = ['batchcomplete', 'continue'] as const;

/**
 * An answer whose body is read from the printed answer when asked for (one holding prepared
 * texts is sent as bytes). A class rather than an object literal with a getter, for the reason
 * given at `SplicedBody` (format/printers.ts).
 */
class PrintedResponse implements ApiResponse {
  readonly encodedParts?: () => Buffer[];
  readonly gzipParts?: () => Buffer[];
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    private readonly printed: PrintedBody,
    readonly cookies: readonly string[] | undefined,
  ) {
    if (printed.encodedParts) this.encodedParts = printed.encodedParts.bind(printed);
    if (printed.gzipParts) this.gzipParts = printed.gzipParts.bind(printed);
  }
  get body(): string {
    return this.printed.body;
  }
}

/**
 * Who may keep an action's answer before its modules say more (MediaWiki's modules' cache modes):
 * `query` is as private as its modules; the template expansion is in the reader's language.
 */
const ACTION_CACHE_MODES: Readonly<Record<string, CacheMode>> = {
  query: 'public',
  compare: 'public',
  expandtemplates: 'anon-public-user-private',
};

/**
 * The caching headers, as MediaWiki's api.php sends them: a private answer is the client's alone
 * for `maxage` seconds. Shared caches may keep the others for `smaxage` seconds (the client for
 * `maxage`), varying by cookie; an answer that depends on who asks (`anon-public-user-private`,
 * which the default `uselang=user` makes of any public one) is private within a session.
 */
function setCacheHeaders(
  headers: Record<string, string>,
  mode: CacheMode,
  main: MainSettings,
  inSession: boolean,
  now: Date,
): void {
  const privately = `private, must-revalidate, max-age=${main.actionChosen ? main.maxage : 0}`;
  if (mode === 'private') {
    headers['cache-control'] = privately;
    return;
  }
  headers.vary = [headers.vary, 'Treat-as-Untrusted', 'Cookie'].filter(Boolean).join(', ');
  const dependsOnReader = mode === 'anon-public-user-private' || main.uselangGiven === 'user';
  if ((dependsOnReader && inSession) || (main.smaxage === 0 && main.maxage === 0)) {
    headers['cache-control'] = privately;
    return;
  }
  const shortest = Math.min(main.smaxage, main.maxage);
  headers.expires = new Date(shortest === 0 ? 1000 : now.getTime() + shortest * 1000).toUTCString();
  headers['cache-control'] = `s-maxage=${main.smaxage}, max-age=${main.maxage}, public`;
}

/** The file name extension of an answer's media type, for `Content-Disposition` (MediaWiki names the file `api-result.<ext>`). */
function fileExtension(contentType: string): string {
  const type = contentType.split(';')[0].trim();
  return MEDIA_TYPE_EXTENSIONS[type] ?? 'txt';
}

const MEDIA_TYPE_EXTENSIONS: Readonly<Record<string, string>> = {
  'application/json': 'json',
  'text/javascript': 'js',
  'text/html': 'html',
  'text/xml': 'xml',
  'application/vnd.php.serialized': 'php',
  'text/plain': 'txt',
};

function checkAssertions(user: RequestUser, assertion: string | undefined, assertUser: string | undefined): void {
  if (assertion === 'user' && user.anonymous) throw apiError('assertuserfailed', 'apierror-assertuserfailed');
  if (assertion === 'anon' && !user.anonymous) throw apiError('assertanonfailed', 'apierror-assertanonfailed');
  if (assertion === 'bot' && !user.rights.has('bot')) throw apiError('assertbotfailed', 'apierror-assertbotfailed');
  if (assertUser !== undefined && (user.anonymous || user.name !== assertUser)) {
    throw apiError('assertnameduserfailed', 'apierror-assertnameduserfailed', [assertUser]);
  }
}

/**
 * `maxlag`: refuses the request while the store's most lagged replica is more than `maxlag` seconds
 * behind the primary, with MediaWiki's error (its host, lag and type) and headers; a store without
 * replicas is never lagged.
 */
async function checkMaxLag(store: WikiStore, maxlag: number): Promise<void> {
  if (!store.replicas) return;
  const { host, lag } = await store.replicas.maxLag();
  if (lag <= maxlag) return;
  throw new ApiError(message('maxlag', 'apierror-maxlag', [lag, host], { host, lag, type: 'db' }), 200, {
    'retry-after': String(Math.max(Math.trunc(maxlag), 5)),
    'x-database-lag': String(Math.trunc(lag)),
  });
}

/** PostgreSQL's code for a statement cancelled by `statement_timeout` (store/work-budget.ts). */
const QUERY_CANCELED = '57014';

/**
 * An unexpected failure: reported as MediaWiki reports it, without internals. A statement the
 * database cancelled at its time limit is MediaWiki's `DBQueryTimeoutError`.
 */
function internalError(error: unknown, requestId: string | undefined): ApiError {
  if ((error as { code?: unknown } | undefined)?.code === QUERY_CANCELED) {
    return apiError('internal_api_error_DBQueryTimeoutError', 'apierror-internal', [requestId ?? ''], {
      errorclass: 'Wikimedia\\Rdbms\\DBQueryTimeoutError',
    });
  }
  const kind = error instanceof Error ? error.constructor.name : 'Error';
  process.emitWarning(error instanceof Error ? error : new Error(String(error)), 'ApiInternalError');
  return apiError(`internal_api_error_${kind}`, 'apierror-internal', [requestId ?? ''], {
    errorclass: kind,
  });
}
