/**
 * What a query module is and what it gets when it runs. A module file exports `descriptor` (its
 * parameters as data) and, once implemented, `execute`. See the package README ("Writing a query
 * module") for how to write one.
 */

import type { GroupMembership } from '../accounts/account.js';
import type { UserBlock } from '../accounts/blocks.js';
import type { SiteConfig } from '../site/site.js';
import type { Title, TitleCodec } from '../site/title.js';
import type { WikiStore } from '../store/database.js';
import type { ApiMessage } from './errors.js';
import type { LanguageData } from './language-data.js';
import type { MessageCatalogue, StoredMessages } from './messages/catalogue.js';
import type { MessageParam } from './messages/render.js';
import type { PageRow, PageSet } from './pageset.js';
import type { ModuleDescriptor, ParamsOf } from './params/descriptor.js';
import type { ParamValues } from './params/validate.js';
import type { ResultArray, ResultObject, ResultValue } from './result/tree.js';
import type { RequestSession } from './session.js';

export type { GroupMembership };

export interface RequestUser {
  /** 0 for an anonymous user. */
  id: number;
  /** The account name, or the client's IP address when anonymous. */
  name: string;
  anonymous: boolean;
  /** Effective groups as MediaWiki orders them: explicit ones (by name), then the implicit ones. */
  groups: readonly string[];
  /** Explicit memberships in force, by group name; expired ones are left out. */
  memberships: readonly GroupMembership[];
  /** The implicit groups (`*`, `user`, `autoconfirmed`) the caller is in. */
  implicitGroups: readonly string[];
  rights: ReadonlySet<string>;
  /** Rights in MediaWiki's order (group by group), as `userinfo` lists them. */
  rightsList: readonly string[];
  /** The client's address. */
  ip: string;
  /** The application id of the bot password the session was opened with, if any. */
  botPassword?: string;
  /** The block that applies to the caller, looked up on first use. */
  block(): Promise<UserBlock | undefined>;
}

/** Where a generator puts the pages it produced; the query then treats them like `titles`. */
export interface GeneratorSink {
  /**
   * Pages by id: in the order given (as MediaWiki's generators that hand over rows keep it), or
   * `byId` for those that hand MediaWiki's page set a list of ids, whose lookup answers by page id.
   */
  addPageIds(ids: readonly number[], order?: 'given' | 'byId'): void;
  /** Pages the generator selected from `page` with PAGE_COLUMNS (pageset.ts): saves a lookup. */
  addPageRows(rows: readonly PageRow[]): void;
  addTitles(titles: readonly Pick<Title, 'namespace' | 'dbKey'>[]): void;
  /**
   * Revisions, as `revids=` names them: their pages join the set and prop modules then work on
   * those revisions (MediaWiki's revision generators). Deleted revisions count for callers with
   * `deletedhistory`.
   */
  addRevisionIds(revids: readonly number[]): void;
  /** Writes a block of `query` beside the pages (the `querypage` block naming the special page). */
  setQueryBlock(key: string, value: ResultValue): void;
  /** Sets a field on a produced page's entry (`index` of search generators). */
  setPageField(title: Pick<Title, 'namespace' | 'dbKey'>, key: string, value: ResultValue): void;
  /** The query resolves redirects (`redirects=1`) among the pages produced. */
  readonly resolvesRedirects: boolean;
}

/** The part of the answer a module writes to. */
export interface ModuleResult {
  /** The list under `query.<key>` (default: the module's name), created on first use. */
  list(element: string, key?: string): ResultArray;
  /** A list at the top of the answer, beside `query` (`watchlistraw` answers there, as in MediaWiki). */
  topList(element: string, key?: string): ResultArray;
  /**
   * Counts `value` against the answer's size limit (8 MiB of text, as MediaWiki's
   * `$wgAPIMaxResultSize`). False when it does not fit: the module then stops and continues from
   * that item; the answer carries MediaWiki's truncation warning. `size` is the value's size when
   * the module counted it before (a text it keeps between requests, holding no text registered
   * with the JSON printer): it is not counted again.
   */
  fits(value: ResultValue, size?: number): boolean;
  /** Sets `query.<key>` (meta modules). */
  set(key: string, value: ResultValue): void;
  /** The answer object of a page of the page set (prop modules), by page id or fake negative id. */
  page(pageId: number): ResultObject | undefined;
  /**
   * The list `key` on a page's answer object, created on first use. With `orphan`, a page the set
   * does not list gets an answer object holding that list alone, as MediaWiki gives a revision
   * whose page the set left out (a redirect the generator's revision belongs to, resolved away).
   */
  pageList(pageId: number, key: string, element: string, orphan?: boolean): ResultArray | undefined;
}

/**
 * What a module's execution gets. `P` is the type of its validated parameters: `ParamsOf<typeof
 * descriptor>` for a module (see ModuleExecute), or the few parameters a shared helper reads.
 */
export interface ModuleContext<P = ParamValues> {
  readonly descriptor: ModuleDescriptor;
  /** Validated parameters by unprefixed name. */
  readonly params: P;
  readonly site: SiteConfig;
  readonly titles: TitleCodec;
  readonly store: WikiStore;
  readonly user: RequestUser;
  /** The request's session: tokens (`meta=tokens`) and what the caller's cookies carry. */
  readonly session: RequestSession;
  /** The request's `Accept-Language` header (`userinfo`'s `acceptlang`). */
  readonly acceptLanguage: string | undefined;
  /**
   * The variant of the content language the request asks for, as written: its `variant`, else
   * its `uselang` (which may name none); see `preferredVariant`.
   */
  readonly askedVariant: string | undefined;
  /** The language of texts for the reader (`uselang`): formatted dates, form labels. */
  readonly userLanguage: string;
  /** The pages the request names (titles/pageids/revids or the generator's output): prop modules
   * work on `pages.good`; a generator module reads its input pages here too. */
  readonly pages: PageSet;
  /** Present when the module runs as the generator. */
  readonly generator: GeneratorSink | undefined;
  readonly result: ModuleResult;
  /** `query+<name>`, for warnings. */
  readonly path: string;
  /** The module as a request names it (`action=query&prop=revisions`): deprecations' `feature`. */
  readonly feature: string;
  /** The full name of one of the module's parameters in the request (`gapcontinue`). */
  paramName(name: string): string;
  /**
   * A parameter's name with the module's own prefix even in generator mode (`alprop`, not
   * `galprop`): some of MediaWiki's modules name their parameters so in their errors.
   */
  ownParamName(name: string): string;
  /** A warning; its code is the key without `apiwarn-` unless given. */
  warn(key: string, params?: readonly MessageParam[], code?: string, data?: ResultObject): void;
  /**
   * The reasons of a status in the module's answer (`intestactions`' details), shaped by
   * `errorformat` (in html, the pages they link looked up first).
   */
  statusEntries(messages: readonly ApiMessage[]): Promise<ResultObject[]>;
  /** An error of a status given as data, shaped by the error format (`bc`: key, params, code, type). */
  statusError(message: ApiMessage): ResultObject;
  /** Marks the module unfinished: the answer's continuation carries `<prefix><name>=value`. */
  setContinue(value: string | number, name?: string): void;
  /**
   * As the generator: the value of `<prefix><name>` that makes it produce the same pages when it
   * is run again because prop modules continue (random's start point).
   */
  setGeneratorNonContinue(value: string, name?: string): void;
  /**
   * Reads the module's parameters once more, as MediaWiki's modules that read them a second time
   * in another mode do (the revision modules and backlinks): their warnings are given again, and
   * the answer shows those twice whose texts it cleans (a multi-value's U+001F separator).
   */
  readParametersAgain(): void;
  /** Whether the request carried the parameter (rather than its default). */
  requestHas(name: string): boolean;
  /** The parameter as the request wrote it, before validation (`max` of a limit). */
  rawParam(name: string): string | undefined;
  /** Sets the module's entry of the answer's `limits` block (what `limit=max` stood for). */
  recordLimit(value: number): void;
  readonly now: Date;
  /** The language of the answer's texts (`uselang`; the content language by default). */
  readonly language: string;
  /** `$wgServer`: the configured server, or the origin the request came to. */
  readonly server: string;
  /** This software's name (siteinfo's `generator`). */
  readonly softwareName: string;
  /** The store's engine (`sqlite`, `postgres`). */
  readonly engine: string;
  /** The store's message catalogue (the source wiki's interface messages), when it holds one. */
  readonly messages: MessageCatalogue | undefined;
  /** The catalogue with what its texts are rendered with (`renderMessage`), when the store has one. */
  readonly storedMessages: StoredMessages | undefined;
  /** The store's language data (the source wiki's language codes and names), when it holds some. */
  readonly languages: LanguageData | undefined;
}

/** A module's execution, its parameters typed from its descriptor: `ModuleExecute<typeof descriptor>`. */
export type ModuleExecute<D extends ModuleDescriptor = ModuleDescriptor> = (
  context: ModuleContext<ParamsOf<D>>,
) => Promise<void> | void;

/** Who may keep a module's answer, from its parameters typed by its descriptor: `ModuleCacheMode<typeof descriptor>`. */
export type ModuleCacheMode<D extends ModuleDescriptor = ModuleDescriptor> = (
  params: ParamsOf<D>,
  user: RequestUser,
) => CacheMode;

/** The context of a module whose descriptor is `D`, for the helpers of its file. */
export type ContextOf<D extends ModuleDescriptor> = ModuleContext<ParamsOf<D>>;

/**
 * Who may keep an answer, as MediaWiki's modules say it: shared caches (`public`), shared caches
 * for callers without a session (`anon-public-user-private`: the answer depends on who asks), or
 * only the caller's own client (`private`).
 */
export type CacheMode = 'public' | 'anon-public-user-private' | 'private';

export interface QueryModule {
  descriptor: ModuleDescriptor;
  /** A method, so that every module's execution, typed from its own descriptor, is one. */
  execute(context: ModuleContext): Promise<void> | void;
  /**
   * Who may keep the answer, given the module's parameters and the caller; `public` when a
   * module does not say. A method for the reason `execute` is one.
   */
  cacheMode?(params: ParamValues, user: RequestUser): CacheMode;
  /** A deprecated module that adds its deprecation warning itself (where MediaWiki's does). */
  reportsOwnDeprecation?: boolean;
}
