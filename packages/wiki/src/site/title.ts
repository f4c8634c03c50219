/**
 * Page titles: one parser and formatter used by the importers and by every API module, so that a
 * title typed by a user, written in a link or read from a dump always names the same page.
 *
 * The rules are MediaWiki's: spaces and underscores are one and the same, whitespace runs collapse,
 * a leading colon forces the main namespace, namespace names (localized, canonical, aliases) and
 * interwiki prefixes are recognised without regard to case, `#` starts a fragment, the first letter
 * is uppercased in `first-letter` namespaces, and a title that cannot name a page fails with the
 * reason code MediaWiki gives (`title-invalid-*`).
 */
import { siteUpperFirst, type UpperFirst } from './first-letter.js';
import { decodeCharReferences } from './html-entities.js';
import { sanitizeIP } from './ip-address.js';
import { languageFacts } from './mediawiki/language-facts.js';
import type { InterwikiEntry, SiteConfig } from './site.js';

export const NS_MEDIA = -2;
export const NS_SPECIAL = -1;
export const NS_MAIN = 0;
export const NS_TALK = 1;
export const NS_USER = 2;
export const NS_USER_TALK = 3;
export const NS_FILE = 6;
export const NS_MEDIAWIKI = 8;
export const NS_TEMPLATE = 10;
export const NS_CATEGORY = 14;

export type TitleInvalidReason =
  | 'title-invalid-empty'
  | 'title-invalid-utf8'
  | 'title-invalid-interwiki'
  | 'title-invalid-talk-namespace'
  | 'title-invalid-characters'
  | 'title-invalid-relative'
  | 'title-invalid-magic-tilde'
  | 'title-invalid-too-long'
  | 'title-invalid-leading-colon';

export interface Title {
  namespace: number;
  /** The title without its namespace, with underscores: the form stored in the database. */
  dbKey: string;
  /** The same with spaces. */
  text: string;
  /** The part after `#` (spaces, not underscores), or empty. */
  fragment: string;
  /** The interwiki prefix in lower case, or empty for a page of this wiki. */
  interwiki: string;
  /** The title named this wiki through one of its own interwiki prefixes (`$wgLocalInterwikis`). */
  localInterwiki: boolean;
}

export interface TitleFailure {
  ok: false;
  reason: TitleInvalidReason;
  /** Parameters of the reason's message: the offending characters, or the byte limit. */
  params: string[];
  /** The reason in English, as MediaWiki's API reports it in `invalidreason`. */
  message: string;
}

export type TitleParseResult = { ok: true; title: Title } | TitleFailure;

export interface ParseOptions {
  /** Namespace of a title without a namespace prefix (a template link defaults to `Vorlage:`). */
  defaultNamespace?: number;
  /** Decode `%XX` sequences first, as the parser does for link targets in wikitext. */
  decodePercent?: boolean;
}

export type Gender = 'male' | 'female' | 'unknown';

/**
 * The English texts of the reasons a title is invalid, as MediaWiki words them (`$1` the offending
 * characters or the byte limit); the API's message catalogue takes them from here.
 */
export const TITLE_INVALID_ENGLISH: Readonly<Record<TitleInvalidReason, string>> = {
  'title-invalid-empty': 'The requested page title is empty or contains only the name of a namespace.',
  'title-invalid-utf8': 'The requested page title contains an invalid UTF-8 sequence.',
  'title-invalid-interwiki': 'The requested page title contains an interwiki link which cannot be used in titles.',
  'title-invalid-talk-namespace': 'The requested page title refers to a talk page that can not exist.',
  'title-invalid-characters': 'The requested page title contains invalid characters: "$1".',
  'title-invalid-relative':
    "Title has relative path. Relative page titles (./, ../) are invalid, because they will often be unreachable when handled by user's browser.",
  'title-invalid-magic-tilde': 'The requested page title contains invalid magic tilde sequence (<nowiki>~~~</nowiki>).',
  'title-invalid-too-long':
    'The requested page title is too long. It must be no longer than $1 {{PLURAL:$1|byte|bytes}} in UTF-8 encoding.',
  'title-invalid-leading-colon': 'The requested page title contains an invalid colon at the beginning.',
};

/** The English text MediaWiki's API gives for an invalid title. */
export function titleInvalidMessage(reason: TitleInvalidReason, params: string[] = []): string {
  const first = params[0] ?? '';
  return TITLE_INVALID_ENGLISH[reason]
    .replace(/\{\{PLURAL:\$1\|([^|}]*)\|([^}]*)\}\}/, (_, one: string, many: string) => (first === '1' ? one : many))
    .replace('$1', first);
}

/**
 * The gendered names of the user namespaces in a content language, used when a user's gender is
 * known (`Benutzerin:Alice`); none for a language without them (which uses the plain name).
 */
function genderNamespaceNames(language: string): Map<number, { male: string; female: string }> {
  const names = new Map<number, { male: string; female: string }>();
  for (const [id, forms] of Object.entries(languageFacts(language).genderNamespaces)) {
    names.set(Number(id), { male: forms.male.replace(/_/g, ' '), female: forms.female.replace(/_/g, ' ') });
  }
  return names;
}

/** Bidirectional marks that slip into copied titles; MediaWiki drops them. */
const BIDI_MARKS = /[\u200e\u200f\u202a-\u202e]/g;
/** Every kind of space MediaWiki treats like a space in titles, with the underscore. */
const SPACES = /[ _\u00a0\u1680\u180e\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;
/** Characters no text may hold: they become U+FFFD and make the title invalid. */
const FORBIDDEN_CODE_POINTS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it looks for
  /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const PREFIX = /^(.+?)_*:_*(.*)$/;
/**
 * Parsed titles kept for reuse (for each default namespace, with and without `%XX` decoding): the
 * first this many inputs met. A full cache takes no more; after `PARSE_CACHE_TERM` inputs parsed
 * without being kept, it starts over with the inputs met then. Replacing entries as they come
 * (the cache used to start over whenever it was full) kept each parsed title alive just long
 * enough for V8 to move it into the old generation, which only a full collection frees. With
 * `keptCopy` below: importing the first 10,000 pages of the generated 100,000-page dump, whose
 * link targets are spread evenly over 110,000 titles, the reader thread moved 110 MB into its old
 * generation and made 16 full collections, where it moved 700 MB and made 88 before.
 */
const PARSE_CACHE_SIZE = 20_000;
const PARSE_CACHE_TERM = 1_000_000;
/**
 * A title as most link targets are written: ASCII letters, digits and a few punctuation marks,
 * words separated by single spaces. It holds nothing that `parse` decodes, normalizes or checks
 * (no prefix, fragment, escape, underscore, dot, tilde or illegal character) and is short enough,
 * so it is parsed without looking it up in the cache: on a busy machine the lookups of a large
 * import's link targets, most of them in memory the processor had to fetch, took more time than
 * making each title anew this way.
 */
const PLAIN_TITLE = /^[A-Za-z0-9!$'()*+,\-/;=?@]+(?: [A-Za-z0-9!$'()*+,\-/;=?@]+)*$/;
/** Text that is already in NFC and holds no forbidden code point. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Characters and sequences that may not appear in a title (`$wgLegalTitleChars` and more). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are illegal in titles
const ILLEGAL = /[\x00-\x1f#<>[\]{|}\x7f]|%[0-9A-Fa-f]{2}|&[A-Za-z0-9\u0080-\uffff]+;|&#[0-9]+;|&#x[0-9A-Fa-f]+;/;

/**
 * A string with characters of its own: V8 makes a string cut from another (a slice, a regular
 * expression's group) point into that one rather than copying its characters.
 */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

function trimUnderscores(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 95) start++;
  while (end > start && text.charCodeAt(end - 1) === 95) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function isRelativePath(key: string): boolean {
  if (!key.includes('.')) return false;
  return (
    key === '.' ||
    key === '..' ||
    key.startsWith('./') ||
    key.startsWith('../') ||
    key.includes('/./') ||
    key.includes('/../') ||
    key.endsWith('/.') ||
    key.endsWith('/..')
  );
}

/** `%XX` sequences decoded as UTF-8 bytes; invalid sequences become U+FFFD. */
function decodePercentEscapes(text: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(text)) return text;
  const bytes: number[] = [];
  const input = Buffer.from(text, 'utf8');
  for (let i = 0; i < input.length; i++) {
    const b = input[i]!;
    if (b === 0x25 && i + 2 < input.length + 0 && isHex(input[i + 1]) && isHex(input[i + 2])) {
      bytes.push(Number.parseInt(String.fromCharCode(input[i + 1]!, input[i + 2]!), 16));
      i += 2;
    } else {
      bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function isHex(b: number | undefined): boolean {
  return b !== undefined && ((b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102));
}

/**
 * A parse result as the cache keeps it: a copy made here rather than the objects `split` made.
 * V8 learns for each place in the code that makes objects whether they tend to outlive a young
 * generation collection, and where most do it makes them in the old generation from then on. The
 * cached results all live on: had they been `split`'s own, the results it makes for inputs met
 * once (most of them once the cache is full), which die young, would be made in the old
 * generation too, with their strings kept until a full collection. Without the copy, the import
 * measured above moved 500 MB into the old generation and made 61 full collections.
 */
function keptCopy(result: TitleParseResult): TitleParseResult {
  if (!result.ok) return { ok: false, reason: result.reason, params: result.params, message: result.message };
  const t = result.title;
  return {
    ok: true,
    title: {
      namespace: t.namespace,
      dbKey: t.dbKey,
      text: t.text,
      fragment: t.fragment,
      interwiki: t.interwiki,
      localInterwiki: t.localInterwiki,
    },
  };
}

function failure(reason: TitleInvalidReason, params: string[] = []): TitleFailure {
  return { ok: false, reason, params, message: titleInvalidMessage(reason, params) };
}

/** Namespace and interwiki lookups of one site, built once and shared by every title it parses. */
export class TitleCodec {
  readonly site: SiteConfig;
  private readonly namespaceIds = new Map<string, number>();
  private readonly namespaceNames = new Map<number, string>();
  private readonly firstLetter = new Set<number>();
  /** The wiki's `ucfirst` (its language's, with its overrides). */
  readonly upperFirst: UpperFirst;
  private readonly interwikis = new Map<string, InterwikiEntry>();
  private readonly localInterwikis: Set<string>;
  private genderOf: ((userName: string) => Gender) | undefined;
  /** The user namespaces' names by gender in the content language. */
  private readonly genderNames: Map<number, { male: string; female: string }>;

  constructor(site: SiteConfig) {
    this.site = site;
    this.upperFirst = siteUpperFirst(site);
    this.genderNames = genderNamespaceNames(site.language);
    for (const ns of site.namespaces) {
      this.namespaceNames.set(ns.id, ns.name);
      if (ns.case === 'first-letter') this.firstLetter.add(ns.id);
      if (ns.name !== '') this.namespaceIds.set(namespaceKey(ns.name), ns.id);
      if (ns.canonical) this.namespaceIds.set(namespaceKey(ns.canonical), ns.id);
    }
    for (const alias of site.namespaceAliases) {
      if (!this.namespaceIds.has(namespaceKey(alias.name))) this.namespaceIds.set(namespaceKey(alias.name), alias.id);
    }
    for (const [id, names] of this.genderNames) {
      for (const name of [names.male, names.female]) {
        if (!this.namespaceIds.has(namespaceKey(name))) this.namespaceIds.set(namespaceKey(name), id);
      }
    }
    for (const entry of site.interwiki) this.interwikis.set(entry.prefix.toLowerCase(), entry);
    const local = site.settings.LocalInterwikis;
    this.localInterwikis = new Set(Array.isArray(local) ? local.map((p) => String(p).toLowerCase()) : []);
  }

  /**
   * Makes every prefixed title of the user namespaces use the form for its user's gender
   * (`Benutzerin:Alice`), as MediaWiki shows such titles everywhere once the gender is known.
   */
  useGenders(genderOf: (userName: string) => Gender): void {
    this.genderOf = genderOf;
  }

  /** The namespace a name (localized, canonical, alias, any case, spaces or underscores) stands for. */
  namespaceId(name: string): number | undefined {
    return this.namespaceIds.get(namespaceKey(name));
  }

  /** The interwiki map entry for a prefix, any case. */
  interwiki(prefix: string): InterwikiEntry | undefined {
    return this.interwikis.get(prefix.toLowerCase());
  }

  /** The localized name of a namespace with spaces; empty for the main namespace and unknown ones. */
  namespaceName(namespace: number): string {
    return this.namespaceNames.get(namespace) ?? '';
  }

  isKnownNamespace(namespace: number): boolean {
    return this.namespaceNames.has(namespace);
  }

  /** The name of a user namespace as shown for a user of the given gender (`Benutzerin`). */
  genderNamespaceName(namespace: number, gender: Gender): string {
    const names = this.genderNames.get(namespace);
    if (names && gender !== 'unknown') return names[gender];
    return this.namespaceName(namespace);
  }

  /** Whether titles of the namespace have their first letter uppercased. */
  isCapitalized(namespace: number): boolean {
    return this.firstLetter.has(namespace);
  }

  /**
   * Uppercases the first letter when the namespace asks for it; dbKey or text alike. An uppercase
   * that decomposes (`ΐ` → `Ϊ́`, three code points) is composed again, as MediaWiki shows the
   * title (its answers are in NFC).
   */
  capitalize(key: string, namespace: number): string {
    if (!this.firstLetter.has(namespace)) return key;
    const upper = this.upperFirst(key);
    return upper === key || upper.charCodeAt(0) < 0x300 ? upper : upper.normalize('NFC');
  }

  /**
   * Parses a title as a user, a link or a dump gives it. Results are shared between equal inputs
   * (link targets repeat across a wiki's pages): callers must not change them.
   */
  parse(input: string, options: ParseOptions = {}): TitleParseResult {
    const defaultNamespace = options.defaultNamespace ?? NS_MAIN;
    if (
      input.length <= 255 &&
      PLAIN_TITLE.test(input) &&
      defaultNamespace !== NS_USER &&
      defaultNamespace !== NS_USER_TALK
    ) {
      // What `split` makes of it, without its steps: none of them would change it but the
      // capital letter and the underscores.
      const text = this.capitalize(input, defaultNamespace);
      const dbKey = text.includes(' ') ? text.replaceAll(' ', '_') : text;
      return {
        ok: true,
        title: { namespace: defaultNamespace, dbKey, text, fragment: '', interwiki: '', localInterwiki: false },
      };
    }
    const variant = defaultNamespace * 2 + (options.decodePercent ? 1 : 0);
    let cache = this.caches.get(variant);
    if (!cache) {
      cache = { results: new Map(), notKept: 0 };
      this.caches.set(variant, cache);
    }
    const cached = cache.results.get(input);
    if (cached) return cached;
    // The cache keeps the input and the title made of it: a copy of their own, as an input cut
    // from a larger text (a link target from a page's text) would keep all of that text alive.
    // Made here rather than by the callers, as most inputs are found in the cache.
    input = ownCopy(input);
    let text = options.decodePercent ? decodePercentEscapes(input) : input;
    text = decodeCharReferences(text);
    if (!PRINTABLE_ASCII.test(text)) text = text.normalize('NFC').replace(FORBIDDEN_CODE_POINTS, '\ufffd');
    const result = this.split(text, defaultNamespace, true);
    if (cache.results.size >= PARSE_CACHE_SIZE && ++cache.notKept >= PARSE_CACHE_TERM) {
      cache.results.clear();
      cache.notKept = 0;
    }
    if (cache.results.size < PARSE_CACHE_SIZE) cache.results.set(input, keptCopy(result));
    return result;
  }

  /** Parse results by default namespace and %-decoding, then by input. */
  private readonly caches = new Map<number, { results: Map<string, TitleParseResult>; notKept: number }>();

  /** Like `parse`, returning undefined for an invalid title. */
  parseOrUndefined(input: string, options?: ParseOptions): Title | undefined {
    const result = this.parse(input, options);
    return result.ok ? result.title : undefined;
  }

  /** A title from a namespace and a key known to be valid (from the database). */
  make(namespace: number, dbKey: string, fragment = '', interwiki = ''): Title {
    return { namespace, dbKey, text: dbKey.replace(/_/g, ' '), fragment, interwiki, localInterwiki: false };
  }

  private split(text: string, defaultNamespace: number, allowMainPage: boolean): TitleParseResult {
    let key = text.replace(BIDI_MARKS, '').replace(SPACES, '_');
    key = trimUnderscores(key);
    if (key.includes('\ufffd')) return failure('title-invalid-utf8');

    let namespace = defaultNamespace;
    let interwiki = '';
    let localInterwiki = false;
    if (key.startsWith(':')) {
      namespace = NS_MAIN;
      key = trimUnderscores(key.slice(1));
    }
    if (key === '') return failure('title-invalid-empty');

    for (;;) {
      const m = PREFIX.exec(key);
      if (!m) break;
      const prefix = m[1]!;
      const ns = this.namespaceIds.get(prefix.toLowerCase());
      if (ns !== undefined) {
        key = m[2]!;
        namespace = ns;
        if (ns === NS_TALK) {
          const inner = PREFIX.exec(key);
          if (
            inner &&
            (this.namespaceIds.has(inner[1]!.toLowerCase()) || this.interwikis.has(inner[1]!.toLowerCase()))
          ) {
            return failure('title-invalid-talk-namespace');
          }
        }
      } else if (this.interwikis.has(prefix.toLowerCase())) {
        key = m[2]!;
        interwiki = prefix.toLowerCase();
        if (this.localInterwikis.has(interwiki)) {
          if (key === '' && allowMainPage) {
            const main = this.split(this.site.mainPage.replace(SPACES, '_'), NS_MAIN, false);
            if (main.ok) main.title.localInterwiki = true;
            return main;
          }
          interwiki = '';
          localInterwiki = true;
          continue;
        }
        if (key.startsWith(':')) {
          namespace = NS_MAIN;
          key = key.slice(1);
        }
      }
      break;
    }

    let fragment = '';
    const hash = key.indexOf('#');
    if (hash >= 0) {
      fragment = key.slice(hash + 1).replace(/_/g, ' ');
      key = key.slice(0, hash).replace(/_+$/, '');
    }

    const illegal = ILLEGAL.exec(key);
    if (illegal) return failure('title-invalid-characters', [illegal[0]]);
    if (isRelativePath(key)) return failure('title-invalid-relative');
    if (key.includes('~~~')) return failure('title-invalid-magic-tilde');
    const maxBytes = namespace === NS_SPECIAL ? 512 : 255;
    if (key.length > maxBytes / 4 && byteLength(key) > maxBytes) {
      return failure('title-invalid-too-long', [String(maxBytes)]);
    }
    if (interwiki === '') key = this.capitalize(key, namespace);
    if (key === '' && interwiki === '' && namespace !== NS_MAIN) return failure('title-invalid-empty');
    if (namespace === NS_USER || namespace === NS_USER_TALK) key = sanitizeIP(key);
    if (key.startsWith(':')) return failure('title-invalid-leading-colon');

    return {
      ok: true,
      title: { namespace, dbKey: key, text: key.replace(/_/g, ' '), fragment, interwiki, localInterwiki },
    };
  }

  /** `Namespace:Text` with spaces (and `prefix:` for an interwiki title), without the fragment. */
  prefixedText(title: Pick<Title, 'namespace' | 'dbKey' | 'interwiki'>): string {
    return this.prefixed(title, ' ');
  }

  /** `Namespace:Key` with underscores. */
  prefixedDbKey(title: Pick<Title, 'namespace' | 'dbKey' | 'interwiki'>): string {
    return this.prefixed(title, '_');
  }

  /** The prefixed text with `#fragment` when there is one. */
  fullText(title: Pick<Title, 'namespace' | 'dbKey' | 'interwiki' | 'fragment'>): string {
    const base = this.prefixedText(title);
    return title.fragment ? `${base}#${title.fragment}` : base;
  }

  /** The prefixed text with the user namespaces in the form for the user's gender. */
  genderPrefixedText(title: Pick<Title, 'namespace' | 'dbKey' | 'interwiki'>, gender: Gender): string {
    if (title.interwiki !== '' || (title.namespace !== NS_USER && title.namespace !== NS_USER_TALK)) {
      return this.prefixedText(title);
    }
    return `${this.genderNamespaceName(title.namespace, gender)}:${title.dbKey.replace(/_/g, ' ')}`;
  }

  private prefixed(title: Pick<Title, 'namespace' | 'dbKey' | 'interwiki'>, space: ' ' | '_'): string {
    let out = title.interwiki === '' ? '' : `${title.interwiki}:`;
    if (title.namespace !== NS_MAIN) out += `${this.namespacePrefix(title)}:`;
    out += title.dbKey;
    return space === ' ' ? out.replace(/_/g, ' ') : out.replace(/ /g, '_');
  }

  private namespacePrefix(title: Pick<Title, 'namespace' | 'dbKey' | 'interwiki'>): string {
    if (this.genderOf && title.interwiki === '' && (title.namespace === NS_USER || title.namespace === NS_USER_TALK)) {
      const slash = title.dbKey.indexOf('/');
      const user = (slash < 0 ? title.dbKey : title.dbKey.slice(0, slash)).replace(/_/g, ' ');
      return this.genderNamespaceName(title.namespace, this.genderOf(user));
    }
    return this.namespaceName(title.namespace);
  }

  /** The talk page of a subject page (itself for a talk page); undefined where none can exist. */
  talkPage(title: Pick<Title, 'namespace' | 'dbKey' | 'interwiki'>): Title | undefined {
    if (!canHaveTalkPage(title.namespace) || title.interwiki !== '') return undefined;
    return this.make(talkNamespace(title.namespace), title.dbKey);
  }

  /** The subject page of a talk page (itself for a subject page). */
  subjectPage(title: Pick<Title, 'namespace' | 'dbKey' | 'interwiki'>): Title {
    return this.make(subjectNamespace(title.namespace), title.dbKey, '', title.interwiki);
  }
}

function namespaceKey(name: string): string {
  return name.toLowerCase().replace(/[ _]+/g, '_');
}

export function canHaveTalkPage(namespace: number): boolean {
  return namespace >= NS_MAIN;
}

export function isTalkNamespace(namespace: number): boolean {
  return namespace > NS_MAIN && namespace % 2 === 1;
}

export function talkNamespace(namespace: number): number {
  return isTalkNamespace(namespace) ? namespace : namespace + 1;
}

export function subjectNamespace(namespace: number): number {
  return isTalkNamespace(namespace) ? namespace - 1 : namespace;
}
