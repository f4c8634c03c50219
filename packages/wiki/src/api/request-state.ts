/**
 * Everything one API request carries while it runs: its parameters, the validator, the warnings
 * collected so far, the caller and the site. ApiMain creates it; actions and modules read it.
 */

import type { SiteConfig } from '../site/site.js';
import type { TitleCodec } from '../site/title.js';
import type { WikiStore } from '../store/database.js';
import { currentWorkBudget, type WorkBudgetLimits } from '../store/work-budget.js';
import { type ErrorFormatter, holdsUncleanText, type MessagePageLinks } from './error-format.js';
import type { ApiMessage } from './errors.js';
import { attachPrinted, normalizedText, PREPARED_MIN_LENGTH, preparedLength } from './format/prepared-json.js';
import { userGender } from './gender.js';
import type { LanguageData } from './language-data.js';
import type { MessageCatalogue, StoredMessages } from './messages/catalogue.js';
import type { CacheMode, RequestUser } from './module.js';
import type { RequestParams } from './params/request.js';
import { ParamValidator } from './params/validate.js';
import {
  ASSOC,
  deepFreeze,
  KeyedList,
  KNOWN_SIZE,
  PRINTED,
  type ResultObject,
  type ResultValue,
} from './result/tree.js';
import type { RequestSession } from './session.js';
import { outputNormalizer, type TextNormalizer } from './text-normalize.js';

/** MediaWiki's default `$wgAPIMaxResultSize`: 8 MiB. */
export const MAX_RESULT_SIZE = 8 * 1024 * 1024;

/** Where texts registered with the JSON printer were counted: objects holding them, and the keys. */
export type PreparedHolders = Array<[holder: ResultObject, key: string]>;

/** What counting found: whether a registered text was among the values, and where. */
interface Counted {
  prepared: boolean;
  /**
   * The wiki's normalisation of the strings put in the answer (see `api/text-normalize.ts`): as
   * MediaWiki does when a value is added, each string is replaced by its normalised form before it
   * is counted (in objects that can still change).
   */
  normalize?: TextNormalizer;
  holders?: PreparedHolders;
  /** Whether an object printed beforehand (`sharedPrinted`) was among the values. */
  printed?: boolean;
  /**
   * Whether an empty object that is no map was among the values (formatversion 2 prints it `[]`,
   * which costs a second printing; most answers have none).
   */
  emptyNonMap?: boolean;
}

/**
 * The size MediaWiki counts for a string (a registered text's is known, and the object holding
 * it is recorded).
 */
function stringSize(value: string, seen: Counted, holder?: ResultObject, key?: string): number {
  const prepared = preparedLength(value);
  if (prepared === undefined) return Buffer.byteLength(value);
  seen.prepared = true;
  if (holder && key !== undefined) seen.holders?.push([holder, key]);
  return prepared;
}

/**
 * The string the answer holds for `text`, a string of `bytes` UTF-8 bytes: as `normalize` gives
 * it. ASCII text (as many bytes as characters: most strings) is taken as it is, which spares a
 * look at its characters: what answers hold comes from requests, which are cleaned as they are
 * read, and from stored texts, which hold no control characters (XML cannot carry them).
 */
function normalizedString(text: string, bytes: number, normalize: TextNormalizer | undefined): string {
  if (normalize === undefined || bytes === text.length) return text;
  // A long text is looked at once while answers repeat it (revision contents; see `normalizedText`).
  return text.length >= PREPARED_MIN_LENGTH ? normalizedText(text, normalize) : normalize(text);
}

/**
 * The size MediaWiki counts for a value: the bytes of its scalars. `seen.prepared` is set when a
 * text registered with the JSON printer is among them, and the object holding it is recorded.
 * Strings are replaced by their normalised form first (see `Counted.normalize`).
 */
function resultSize(value: ResultValue | undefined, seen: Counted): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return stringSize(value, seen);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).length;
  let n = 0;
  const normalize = seen.normalize;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      if (typeof item !== 'string') {
        n += resultSize(item, seen);
        continue;
      }
      let size = stringSize(item, seen);
      const text = normalizedString(item, size, normalize);
      if (text !== item && !Object.isFrozen(value)) {
        value[i] = text;
        size = Buffer.byteLength(text);
      }
      n += size;
    }
  } else if (value instanceof KeyedList) {
    for (const [key, item] of value.entries) {
      if (typeof item !== 'string') {
        n += resultSize(item, seen);
        continue;
      }
      let size = stringSize(item, seen);
      const text = normalizedString(item, size, normalize);
      if (text !== item) {
        value.entries.set(key, text);
        size = Buffer.byteLength(text);
      }
      n += size;
    }
  } else {
    const printed = value[PRINTED];
    if (printed !== undefined) {
      // Its JSON is spliced in whole; whatever texts it holds are in that JSON already.
      seen.printed = true;
      if (printed.holdsPrepared) seen.prepared = true;
      return printed.size;
    }
    const known = value[KNOWN_SIZE];
    if (known !== undefined) return known;
    let empty = true;
    for (const key in value) {
      const item = value[key];
      empty = false;
      if (typeof item !== 'string') {
        n += resultSize(item, seen);
        continue;
      }
      let size = stringSize(item, seen, value, key);
      const text = normalizedString(item, size, normalize);
      if (text !== item && !Object.isFrozen(value)) {
        value[key] = text;
        size = Buffer.byteLength(text);
      }
      n += size;
    }
    if (empty && value[ASSOC] !== true) seen.emptyNonMap = true;
  }
  return n;
}

/**
 * Records the result size of an object that answers share and nobody changes (freeze it after):
 * counting it into an answer then costs one lookup. An object holding a registered text is left
 * as it is, since counting it must mark the answer.
 */
export function withKnownSize<T extends ResultObject>(object: T): T {
  const seen = { prepared: false };
  const size = resultSize(object, seen);
  if (!seen.prepared) object[KNOWN_SIZE] = size;
  return object;
}

/**
 * Makes an object that answers will share and nobody changes: counts its result size and prints
 * its formatversion 2 JSON once (see `attachPrinted`), then freezes it and everything in it.
 * Counting it into an answer then costs one lookup, and printing it a splice. `size` is its result
 * size when the caller has counted it already.
 */
export function sharedPrinted<T extends ResultObject>(object: T, size = resultSizeOf(object)): T {
  attachPrinted(object, size);
  return deepFreeze(object);
}

/**
 * The size MediaWiki counts for a value against the answer's size limit; with `normalize`, the
 * value's strings are normalised first (see `Counted.normalize`).
 */
export function resultSizeOf(value: ResultValue, normalize?: TextNormalizer): number {
  return resultSize(value, { prepared: false, normalize });
}

export interface CollectedWarning {
  /** Module path: `main`, `query`, `query+allpages`, `json`. */
  module: string;
  message: ApiMessage;
}

export interface ApiServices {
  site: SiteConfig;
  titles: TitleCodec;
  store: WikiStore;
  /** Name of this software, shown after `MediaWiki 1.43.0` in siteinfo's generator. */
  softwareName: string;
  /** Host name reported by `servedby`. */
  hostName: string;
  /** Each request's work budget, when not the default (store/work-budget.ts). */
  workBudget?: WorkBudgetLimits;
  /** The store's message catalogue (`api/messages/catalogue.ts`), when it holds one. */
  messages?: MessageCatalogue;
  /** The store's language data (`api/language-data.ts`), when it holds some. */
  languages?: LanguageData;
}

export class RequestState {
  readonly warnings: CollectedWarning[] = [];
  readonly limits = new Map<string, number>();
  /**
   * Whether `query` held something when the first limit was recorded: MediaWiki puts `limits`
   * into the answer then, so it comes after `query` (a prop module's `max` after the page set).
   */
  limitsAfterQuery = false;
  /** Whether the query has put something into its `query` part yet; set by the query action. */
  queryStarted: (() => boolean) | undefined;
  /** Modules that have put something in the answer (`fits` said yes to them). */
  private readonly filledModules = new Set<string>();
  private lastFilled: string | undefined;
  /** The answer's size limit: `APIMaxResultSize` of the site's settings, MediaWiki's 8 MiB by default. */
  private readonly maxResultSize: number;
  /** Bytes of text the answer may still take. */
  private resultBudget: number;
  /**
   * Whether a text registered with the JSON printer was counted into the answer (revision
   * contents): only then does printing look for such texts.
   */
  readonly counted: Counted & { holders: PreparedHolders } = { prepared: false, holders: [] };
  readonly validator: ParamValidator;
  readonly now = new Date();
  /** The work budget of the request (made inside its run, so the running one). */
  private readonly budget = currentWorkBudget();
  /**
   * Who may keep the answer: the most private of what the action and its modules said (MediaWiki
   * merges its query modules' cache modes so); `public` until one says otherwise.
   */
  cacheMode: CacheMode = 'public';
  /** The request's session (cookies, tokens, login); set by ApiMain before the action runs. */
  session!: RequestSession;
  /** The request's `Accept-Language` header. */
  acceptLanguage: string | undefined;
  /** The variant the request asks for as written (`variant`, else `uselang`); see ModuleContext. */
  askedVariant: string | undefined;
  /** Parameters that came in the URL rather than the POST body (secrets must not). */
  queryNames: ReadonlySet<string> = new Set();
  /** The language of texts for the reader (`uselang`; the content language by default). */
  userLanguage = '';
  /** How messages inside answers are shaped (`errorformat`, `errorlang`); set by ApiMain. */
  messageFormatter!: ErrorFormatter;
  /** With `errorformat=html`, the pages messages link, looked up for every formatter of the request. */
  messagePageLinks: MessagePageLinks | undefined;

  /** Makes the answer at least as private as `mode`. */
  restrictCache(mode: CacheMode): void {
    if (mode === 'private' || (mode === 'anon-public-user-private' && this.cacheMode === 'public'))
      this.cacheMode = mode;
  }

  constructor(
    readonly params: RequestParams,
    readonly services: ApiServices,
    readonly user: RequestUser,
    readonly method: string,
    /** `$wgServer`, or the origin the request came to when the site sets none. */
    readonly server: string,
  ) {
    this.userLanguage = services.site.language;
    this.counted.normalize = outputNormalizer(services.site);
    const configured = services.site.settings?.APIMaxResultSize;
    this.maxResultSize =
      typeof configured === 'number' && Number.isInteger(configured) && configured > 0 ? configured : MAX_RESULT_SIZE;
    this.resultBudget = this.maxResultSize;
    this.validator = new ParamValidator(params, {
      site: services.site,
      titles: services.titles,
      highLimits: user.rights.has('apihighlimits'),
      now: this.now,
      warn: (module, message) => this.warn(module, message),
      recordLimit: (name, value) => {
        if (this.limits.size === 0) this.limitsAfterQuery = this.queryStarted?.() ?? false;
        this.limits.set(name, value);
      },
    });
  }

  /**
   * Counts a value against the result size limit; false (and the warning) when it does not fit.
   * False as well, without a warning, once the request has spent its work budget
   * (store/work-budget.ts) and the module has put something in the answer: it stops there and
   * continues in the next request, as at the size limit, rather than hold the worker.
   */
  fits(module: string, value: ResultValue, knownSize?: number): boolean {
    // A list asks for each of its items: the module asking last is looked for first (a `Set`'s
    // lookup and insertion cost about 120 instructions a call).
    if (module === this.lastFilled || this.filledModules.has(module)) {
      if (this.budget?.spent()) return false;
    } else {
      this.filledModules.add(module);
    }
    this.lastFilled = module;
    const size = knownSize ?? resultSize(value, this.counted);
    if (size > this.resultBudget) {
      this.warn(module, {
        code: 'truncatedresult',
        key: 'apiwarn-truncatedresult',
        params: [{ num: this.maxResultSize }],
      });
      return false;
    }
    this.resultBudget -= size;
    return true;
  }

  warn(module: string, message: ApiMessage): void {
    // A message whose parameters hold a character the answer cleans is kept: whether MediaWiki
    // gives it again depends on the error format (see `ErrorFormatter.warnings`).
    const duplicate =
      !holdsUncleanText(message.params) &&
      this.warnings.some(
        (w) =>
          w.module === module &&
          w.message.key === message.key &&
          JSON.stringify(w.message.params) === JSON.stringify(message.params),
      );
    if (!duplicate) this.warnings.push({ module, message });
    // Every deprecation also points to the announcement list, once, as MediaWiki does.
    if (message.code === 'deprecation') {
      this.warn('main', { code: 'deprecation-help', key: 'api-usage-mailinglist-ref', params: [] });
    }
  }

  /** What texts are rendered with from the store's catalogue, when the store has one. */
  storedMessages(): StoredMessages | undefined {
    const { messages, site, titles } = this.services;
    if (messages === undefined) return undefined;
    return {
      catalogue: messages,
      fallbacks: (language) => this.services.languages?.byCode.get(language)?.fallbacks,
      siteName: site.siteName,
      server: this.server,
      scriptPath: site.scriptPath,
      contentLanguage: site.language,
      readerName: this.user.name,
      gender: (name) => userGender(titles, name),
    };
  }
}
