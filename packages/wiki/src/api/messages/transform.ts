/**
 * The transformation MediaWiki applies to a message's text before use (`Message::text()`): the
 * `$N` parameters are substituted, then the simple magic words and parser functions a message may
 * hold are expanded: `{{SITENAME}}` and the other site variables, the page variables of the title
 * the message is shown for, `{{PLURAL:}}`, `{{GENDER:}}`, `{{int:}}`, the case functions and, where
 * the context reads them, transclusions of `MediaWiki:` pages; other variables and parser functions
 * (URL functions, `#special`, the other page variables) by the wiki's preprocessor when the context
 * has it. Anything else in braces (templates) is left as written.
 */
import { firstLetterUpper } from '../../site/first-letter.js';
import { convertGrammar, languageFacts } from '../../site/mediawiki/language-facts.js';
import { formatNumberIn, numberSymbols } from '../../site/number-format.js';
import type { Gender } from '../../site/title.js';
import type { SiteStatistics } from '../../store/site-statistics.js';
import { pluralCount, pluralFormIndex } from '../../text/plural-rules.js';

export interface MessageTransformContext {
  siteName: string;
  server: string;
  scriptPath: string;
  /** The language the message is in (plural rules, number format). */
  language: string;
  contentLanguage: string;
  /** The page the message is shown for: its full title, its title without namespace, and its namespace's name. */
  page: { fullTitle: string; text: string; namespace: string };
  /** The name `{{GENDER:}}` with an empty name refers to (the reader). */
  readerName: string;
  gender(userName: string): Promise<Gender>;
  /** Another message's untransformed text in the same language (`{{int:}}`). */
  message(key: string): Promise<string | undefined>;
  /**
   * What transcluding the page `MediaWiki:<key>` gives (`{{MediaWiki:Mainpage}}`): the wiki's page,
   * else the shipped message in the content language; undefined leaves the call as written.
   */
  interfacePage?(key: string): Promise<string | undefined>;
  /** The local name of a namespace given by number or any of its names (`{{ns:}}`), when known. */
  namespace?(nameOrNumber: string): string | undefined;
  /**
   * The title a call of a template names (`Vorlage:Ns:x` for `ns:x`, without its fragment), or
   * undefined where the name can be no title (too long, a character no title has).
   */
  templateTitle?(name: string): string | undefined;
  /** The wiki's counts (`{{NUMBEROFEDITS}}` and the like); without it those are left as written. */
  statistics?(): Promise<SiteStatistics>;
  /**
   * The value of another variable or parser function (`fullurl:Page`, `FULLPAGENAMEE`: the call's
   * text between the braces, its inner calls expanded) by the wiki's preprocessor; undefined for a
   * template, which stays as written.
   */
  expandMagic?(call: string): Promise<string | undefined>;
}

/** The statistics magic words and the count each gives. */
const STATISTICS_WORDS: Readonly<Record<string, keyof SiteStatistics>> = {
  NUMBEROFPAGES: 'pages',
  NUMBEROFARTICLES: 'articles',
  NUMBEROFFILES: 'images',
  NUMBEROFUSERS: 'users',
  NUMBEROFACTIVEUSERS: 'activeusers',
  NUMBEROFEDITS: 'edits',
};

/**
 * A statistics magic word: the count in the message's language (`3.531` in German), or as digits
 * with the `R` argument (`{{NUMBEROFEDITS:R}}`).
 */
async function expandStatistic(
  name: string,
  args: readonly string[],
  ctx: MessageTransformContext,
): Promise<string | undefined> {
  const count = STATISTICS_WORDS[name];
  if (count === undefined || ctx.statistics === undefined) return undefined;
  const value = (await ctx.statistics())[count];
  return args[0]?.trim() === 'R' ? String(value) : formatNumberIn(value, ctx.language);
}

/** `$1`, `$2`, ... replaced by the arguments; a parameter without argument stays as written. */
export function substituteArgs(text: string, args: readonly string[]): string {
  if (args.length === 0) return text;
  return text.replace(/\$(\d+)/g, (whole, n: string) => args[Number(n) - 1] ?? whole);
}

const OPEN = '\u{F0001}';
const CLOSE = '\u{F0002}';
/** What `{{!}}` gives until the end: a bar that separates no arguments of the calls around it. */
const PIPE = '\u{F0006}';
const MAX_INT_DEPTH = 5;

/** The form `{{PLURAL:}}` picks: explicit `N=` forms first, then by the language's plural rules. */
function pluralForm(count: string, forms: string[], language: string): string {
  const n = pluralCount(count, numberSymbols(language));
  const plain: string[] = [];
  // The forms are trimmed, as the parser trims a function's arguments; an explicit form's text after `=` is not.
  for (const form of forms.map((f) => f.trim())) {
    const explicit = /^(\d+)=(.*)$/s.exec(form);
    if (explicit) {
      if (Number(explicit[1]) === n) return explicit[2];
    } else {
      plain.push(form);
    }
  }
  if (plain.length === 0) return '';
  return plain[pluralFormIndex(n, languageFacts(language).pluralRules, plain.length)] as string;
}

function genderForm(gender: Gender, forms: string[]): string {
  if (forms.length === 0) return '';
  if (gender === 'male') return forms[0];
  if (gender === 'female') return forms[1] ?? forms[0];
  return forms[2] ?? forms[0];
}

/** What the expansion of a call needs besides genders and other messages (which may be read late). */
type CallContext = Omit<MessageTransformContext, 'gender' | 'message'>;

/** A call that needs neither a gender nor another message, or undefined when `name` is none of those. */
function expandPlainCall(name: string, colon: number, args: string[], ctx: CallContext): string | undefined {
  switch (colon === -1 ? name : '') {
    case '!':
      return PIPE;
    case 'SITENAME':
      return ctx.siteName;
    case 'SERVER':
      return ctx.server;
    case 'SCRIPTPATH':
      return ctx.scriptPath;
    case 'CONTENTLANGUAGE':
    case 'CONTENTLANG':
      return ctx.contentLanguage;
    case 'PAGENAME':
      return ctx.page.text;
    case 'FULLPAGENAME':
      return ctx.page.fullTitle;
    case 'NAMESPACE':
      return ctx.page.namespace;
    case 'ROOTPAGENAME':
      return ctx.page.text.split('/')[0];
  }
  if (colon === -1) return undefined;
  const [first, ...rest] = args;
  switch (name.toLowerCase()) {
    case 'plural':
      return pluralForm(first, rest, ctx.language);
    case 'ns': {
      const found = ctx.namespace?.(first.trim());
      if (found !== undefined) return found.replace(/_/g, ' ');
      // No namespace by that name (`{{ns:$2}}`): the parser reads the call as one of a template
      // (`Vorlage:Ns:$2`), and a message shows a template that does not exist as a link to it; a
      // name that can be no title leaves the call as written.
      const template = ctx.templateTitle?.(`${name}:${first}`.trim());
      return template === undefined ? undefined : `[[:${template}]]`;
    }
    case 'grammar':
      // German and English decline no word: the form is the word itself.
      return convertGrammar(rest.join('|'), first.trim(), ctx.language);
    case 'ucfirst':
      return firstLetterUpper(ctx.language)(first);
    case 'lcfirst':
      return first.charAt(0).toLowerCase() + first.slice(1);
    case 'uc':
      return first.toUpperCase();
    case 'lc':
      return first.toLowerCase();
    default:
      return undefined;
  }
}

function splitCall(inner: string): { name: string; colon: number; args: string[] } {
  const colon = inner.indexOf(':');
  const name = (colon === -1 ? inner : inner.slice(0, colon)).trim();
  return { name, colon, args: colon === -1 ? [] : splitArguments(inner.slice(colon + 1)) };
}

/** A call's arguments: split at bars, except those inside a link (`[[Page|text]]`), as MediaWiki's preprocessor reads them. */
function splitArguments(text: string): string[] {
  if (!text.includes('[[')) return text.split('|');
  const args: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.startsWith('[[', i)) {
      depth++;
      i++;
    } else if (text.startsWith(']]', i) && depth > 0) {
      depth--;
      i++;
    } else if (text[i] === '|' && depth === 0) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  args.push(text.slice(start));
  return args;
}

async function expandCall(inner: string, ctx: MessageTransformContext, depth: number): Promise<string | undefined> {
  const { name, colon, args } = splitCall(inner);
  const [first, ...rest] = args;
  if (name in STATISTICS_WORDS) return expandStatistic(name, args, ctx);
  switch (colon === -1 ? '' : name.toLowerCase()) {
    case 'gender': {
      const user = first.trim() === '' ? ctx.readerName : first.trim();
      return genderForm(await ctx.gender(user), rest);
    }
    case 'int': {
      if (depth >= MAX_INT_DEPTH) return undefined;
      const text = await ctx.message(first.trim());
      if (text === undefined) return `⧼${first.trim()}⧽`;
      return transformMessage(substituteArgs(text, rest), ctx, depth + 1);
    }
    case 'mediawiki': {
      if (depth >= MAX_INT_DEPTH || ctx.interfacePage === undefined) return undefined;
      const text = await ctx.interfacePage(first.trim());
      return text === undefined ? undefined : transformMessage(text, ctx, depth + 1);
    }
  }
  return expandPlainCall(name, colon, args, ctx) ?? (await ctx.expandMagic?.(inner));
}

/** The context of a transformation that reads nothing: genders and messages known at once. */
export interface SyncTransformContext extends CallContext {
  gender(userName: string): Gender;
  message(key: string): string | undefined;
}

function expandCallSync(inner: string, ctx: SyncTransformContext, depth: number): string | undefined {
  const { name, colon, args } = splitCall(inner);
  const [first, ...rest] = args;
  switch (colon === -1 ? '' : name.toLowerCase()) {
    case 'gender': {
      const user = first.trim() === '' ? ctx.readerName : first.trim();
      return genderForm(ctx.gender(user), rest);
    }
    case 'int': {
      if (depth >= MAX_INT_DEPTH) return undefined;
      const text = ctx.message(first.trim());
      if (text === undefined) return `⧼${first.trim()}⧽`;
      return transformMessageSync(substituteArgs(text, rest), ctx, depth + 1);
    }
  }
  return expandPlainCall(name, colon, args, ctx);
}

const CALL = /\{\{([^{}]*)\}\}/;

/** The text with the braces inside `<nowiki>` marked as left as written (the preprocessor skips them). */
function withNowikiKept(text: string): string {
  if (!text.includes('<nowiki>')) return text;
  return text.replace(/<nowiki>[\s\S]*?<\/nowiki>/g, (part) => part.replaceAll('{{', OPEN).replaceAll('}}', CLOSE));
}

/** The marks of a finished transformation back to what they stand for. */
function restored(text: string): string {
  return text.replaceAll(OPEN, '{{').replaceAll(CLOSE, '}}').replaceAll(PIPE, '|');
}

/** As `transformMessage`, for a context that reads nothing (an error's text). */
export function transformMessageSync(text: string, ctx: SyncTransformContext, depth = 0): string {
  if (!text.includes('{{')) return text;
  let current = depth === 0 ? withNowikiKept(text) : text;
  for (let match = CALL.exec(current); match !== null; match = CALL.exec(current)) {
    const expanded = expandCallSync(match[1], ctx, depth);
    const replacement = expanded ?? `${OPEN}${match[1]}${CLOSE}`;
    current = current.slice(0, match.index) + replacement + current.slice(match.index + match[0].length);
  }
  return depth === 0 ? restored(current) : current;
}

/** Expands the magic words and parser functions of a message's text (innermost calls first). */
export async function transformMessage(text: string, ctx: MessageTransformContext, depth = 0): Promise<string> {
  let current = depth === 0 ? withNowikiKept(text) : text;
  for (let match = CALL.exec(current); match !== null; match = CALL.exec(current)) {
    const expanded = await expandCall(match[1], ctx, depth);
    const replacement = expanded ?? `${OPEN}${match[1]}${CLOSE}`;
    current = current.slice(0, match.index) + replacement + current.slice(match.index + match[0].length);
  }
  // Calls left as written are marked until the end, so that no pass expands them again.
  return depth === 0 ? restored(current) : current;
}
