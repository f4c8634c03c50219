/**
 * The `-{…}-` markup of a wiki whose language has variants, read as MediaWiki 1.39's
 * `LanguageConverter::convertTo` and `ConverterRule` read it in a page's HTML: the text outside
 * the markup converted to the variant, each rule replaced by what it shows in that variant.
 *
 *   -{text}-                      the text as written, not converted
 *   -{zh-hans:简;zh-hant:繁}-      the variant's own text, or that of its first fallback that has one
 *   -{zh-hans;zh-hant|text}-      the text converted to the variant (or a fallback) named, else as written
 *   -{A|zh-cn:X;zh-tw:Y}-         shown as `S`, and added to the conversion of the text after it
 *   -{H|…}-                       only added; -{-|…}- taken out of the conversion; -{T|…}- the title's
 *   -{R|text}- -{N|zh-cn}- -{D|…}- raw, a variant's name, a description of the rules
 *
 * Manual rules change the conversion of the text after them within one conversion (one page),
 * both ways between variants or one way (Chinese's `zh-hans` and `zh-hant`), or not at all (the
 * variant `zh`: the text as written). MediaWiki keeps the changes for the rest of the request;
 * here each page starts from the converter's own tables.
 */
import { phpTrim } from '../../text/php-trim.js';
import {
  type LanguageConverter,
  type ManualTable,
  tagPattern,
  UNCONVERTED_END,
  UNCONVERTED_START,
} from './language-variants.js';

/** The texts a rule shows in place of an error (HTML, in the content language). */
export interface MarkupMessages {
  /** `converter-manual-rule-error`, escaped. */
  ruleError: string;
  /** `language-converter-depth-warning` with its number (the depth limit). */
  depthWarning: string;
}

/** How deep rules may nest (MediaWiki's `mMaxDepth`). */
export const MAX_DEPTH = 10;

/**
 * What a conversion skips when it looks for `-{`: script and style elements (on one line), tags
 * (read as MediaWiki's pattern reads them, or else the rest of the line after a `<`) and text
 * left unconverted. Group 1 is the markup's start.
 */
const SKIPPED_OR_RULE = new RegExp(
  [
    '<script[^\\n]*?>[^\\n]*?<\\/script>',
    '<style[^\\n]*?>[^\\n]*?<\\/style>',
    // A tag, or a `<` and the rest of its line.
    tagPattern(1),
    '<[^\\n]*',
    `${UNCONVERTED_START}[^${UNCONVERTED_END}]*${UNCONVERTED_END}`,
    '(-\\{)',
  ].join('|'),
  'g',
);
/** A rule's start or end, or text left unconverted (group 1), which holds neither. */
const RULE_EDGE = new RegExp(`(${UNCONVERTED_START}[^${UNCONVERTED_END}]*${UNCONVERTED_END})|-\\{|\\}-`, 'g');

/**
 * An HTML text in `variant`, its `-{…}-` markup read (see above); text between
 * `UNCONVERTED_START` and `UNCONVERTED_END` is left as it is, the two characters with it.
 */
export function convertWithMarkup(
  converter: LanguageConverter,
  html: string,
  variant: string,
  messages: MarkupMessages,
): string {
  const manual = new Map<string, ManualTable>();
  const conversion = new MarkupConversion(converter, messages, manual);
  // A tag's `title` and `alt` are converted as text of their own, their markup read too.
  const attribute = (text: string, to: string) => conversion.topLevel(text, to);
  return converter.withManualTables(manual, attribute, () => conversion.topLevel(html, variant));
}

class MarkupConversion {
  constructor(
    private readonly converter: LanguageConverter,
    private readonly messages: MarkupMessages,
    private readonly manual: Map<string, ManualTable>,
  ) {}

  topLevel(text: string, variant: string): string {
    const convert = !this.converter.guessVariant(text, variant);
    const outside = (part: string) => (convert ? this.converter.autoConvert(part, variant) : part);
    let out = '';
    let start = 0;
    while (start < text.length) {
      const at = this.nextRule(text, start);
      if (at < 0) break;
      out += outside(text.slice(start, at));
      const rule = this.rule(text, at, variant, 1);
      out += rule.shown;
      start = rule.end;
    }
    return out + outside(text.slice(start));
  }

  /** Where the next `-{` outside tags stands, -1 for none. */
  private nextRule(text: string, from: number): number {
    SKIPPED_OR_RULE.lastIndex = from;
    for (let m = SKIPPED_OR_RULE.exec(text); m !== null; m = SKIPPED_OR_RULE.exec(text)) {
      if (m[4] !== undefined) return m.index;
      if (m[0] === '') SKIPPED_OR_RULE.lastIndex++;
    }
    return -1;
  }

  /** The rule starting at `at` (its `-{`): what it shows, and where the text after it starts. */
  private rule(text: string, at: number, variant: string, depth: number): { shown: string; end: number } {
    let start = at + 2;
    let inner = '';
    let warned = false;
    while (start < text.length) {
      RULE_EDGE.lastIndex = start;
      const m = RULE_EDGE.exec(text);
      if (m === null) break;
      inner += text.slice(start, m.index);
      start = m.index;
      if (m[1] !== undefined) {
        inner += m[1];
        start += m[1].length;
      } else if (m[0] === '-{') {
        if (depth >= MAX_DEPTH) {
          inner += '-{';
          if (!warned) inner += `<span class="error">${this.messages.depthWarning}</span>`;
          warned = true;
          start += 2;
        } else {
          const nested = this.rule(text, start, variant, depth + 1);
          inner += nested.shown;
          start = nested.end;
        }
      } else {
        const rule = new ConverterRule(inner, this.converter, this.messages);
        rule.parse(variant);
        this.apply(rule);
        return { shown: rule.display, end: start + 2 };
      }
    }
    // An unclosed rule shows as written, converted.
    inner += text.slice(start);
    return { shown: `-{${this.converter.autoConvert(inner, variant)}`, end: text.length };
  }

  /** The rule's pairs added to (or taken out of) the tables of the text after it. */
  private apply(rule: ConverterRule): void {
    if (rule.action === 'none') return;
    for (const [variant, pairs] of rule.conversionTable) {
      let table = this.manual.get(variant);
      if (table === undefined) {
        table = { entries: new Map(), longest: new Map() };
        this.manual.set(variant, table);
      }
      for (const [from, to] of pairs) {
        table.entries.set(from, rule.action === 'add' ? to : null);
        const first = from.charCodeAt(0);
        if ((table.longest.get(first) ?? 0) < from.length) table.longest.set(first, from.length);
      }
    }
  }
}

/** One `-{…}-`'s text read: its flags, its rules per variant, what it shows. */
class ConverterRule {
  /** Flags in the order met (PHP's array order decides what the rule shows). */
  private flags = new Set<string>();
  private variantFlags = new Set<string>();
  private rules = '';
  private bidirectional = new Map<string, string>();
  private unidirectional = new Map<string, Map<string, string>>();
  action: 'none' | 'add' | 'remove' = 'none';
  display = '';
  readonly conversionTable = new Map<string, Map<string, string>>();

  constructor(
    private readonly text: string,
    private readonly converter: LanguageConverter,
    private readonly messages: MarkupMessages,
  ) {}

  private get markup() {
    return this.converter.markup;
  }

  private parseFlags(): void {
    let text = this.text;
    let flags = new Set<string>();
    const bar = text.indexOf('|');
    if (bar >= 0) {
      for (const written of text.slice(0, bar).split(';')) {
        const flag = this.markup.flag(phpTrim(written));
        if (flag !== undefined) flags.add(flag);
      }
      text = text.slice(bar + 1);
    }
    if (flags.size === 0) flags.add('S');
    else if (flags.has('R')) flags = new Set(['R']);
    else if (flags.has('N')) flags = new Set(['N']);
    else if (flags.has('-')) flags = new Set(['-']);
    else if (flags.size === 1 && flags.has('T')) flags.add('H');
    else if (flags.has('H')) {
      const kept = new Set(['+', 'H']);
      if (flags.has('T')) kept.add('T');
      if (flags.has('D')) kept.add('D');
      flags = kept;
    } else {
      if (flags.has('A')) {
        flags.add('+');
        flags.add('S');
      }
      if (flags.has('D')) flags.delete('S');
      const variants = [...flags].filter((flag) => this.converter.variants.includes(flag));
      if (variants.length > 0) {
        this.variantFlags = new Set(variants);
        flags = new Set();
      }
    }
    this.rules = text;
    this.flags = flags;
  }

  private parseRules(): void {
    const bidirectional = new Map<string, string>();
    const unidirectional = new Map<string, Map<string, string>>();
    // A character reference's `;` separates nothing.
    const guarded = this.rules.replace(/(&[#a-zA-Z0-9]+);/g, '$1\u0001');
    for (const choice of this.markup.splitChoices(guarded).map((c) => c.replaceAll('\u0001', ';'))) {
      const colon = choice.indexOf(':');
      if (colon < 0) continue;
      const to = phpTrim(choice.slice(colon + 1));
      const named = phpTrim(choice.slice(0, colon));
      const arrow = named.indexOf('=>');
      let variant = this.markup.validateVariant(named);
      if (arrow < 0 && to !== '' && variant !== undefined) bidirectional.set(variant, to);
      else if (arrow >= 0) {
        const from = phpTrim(named.slice(0, arrow));
        variant = this.markup.validateVariant(phpTrim(named.slice(arrow + 2)));
        if (from !== '' && variant !== undefined) {
          const pairs = unidirectional.get(variant) ?? new Map<string, string>();
          pairs.set(from, to);
          unidirectional.set(variant, pairs);
        }
      }
      // A part naming no variant the converter knows makes the whole rule one without rules.
      if (variant === undefined || this.markup.name(variant) === undefined) {
        bidirectional.clear();
        unidirectional.clear();
        break;
      }
    }
    this.bidirectional = bidirectional;
    this.unidirectional = unidirectional;
  }

  /** The text of the first of `variants` the rule gives one for. */
  private textFor(variants: string | readonly string[]): string | undefined {
    for (const variant of typeof variants === 'string' ? [variants] : variants) {
      const text = this.bidirectional.get(variant);
      if (text !== undefined) return text;
    }
    return undefined;
  }

  private description(): string {
    const [codeSeparator, variantSeparator] = this.markup.descriptionSeparators;
    let text = '';
    for (const [variant, to] of this.bidirectional) {
      text += `${this.markup.name(variant) ?? ''}${codeSeparator}${to}${variantSeparator}`;
    }
    for (const [variant, pairs] of this.unidirectional) {
      for (const [from, to] of pairs) {
        text += `${from}⇒${this.markup.name(variant) ?? ''}${codeSeparator}${to}${variantSeparator}`;
      }
    }
    return text;
  }

  /** What the rule shows in `variant`; undefined where it gives nothing for it. */
  private convertedText(variant: string): string | undefined {
    if (this.bidirectional.size + this.unidirectional.size === 0) return this.rules;
    let shown = this.textFor(variant) ?? this.textFor(this.markup.fallbacks(variant));
    if (shown === undefined) shown = firstValue(this.unidirectional.get(variant));
    if (shown === undefined && this.markup.manualLevel(variant) === 'disable') {
      shown =
        this.bidirectional.size > 0
          ? firstValue(this.bidirectional)
          : firstValue(this.unidirectional.values().next().value);
    }
    return shown;
  }

  private generateConversionTable(): void {
    if (this.bidirectional.size === 0 && this.unidirectional.size === 0) return;
    const bidirectional = new Map(this.bidirectional);
    const marked: string[] = [];
    const pairsOf = (variant: string) => {
      let pairs = this.conversionTable.get(variant);
      if (pairs === undefined) {
        pairs = new Map();
        this.conversionTable.set(variant, pairs);
      }
      return pairs;
    };
    for (const variant of this.converter.variants) {
      if (!bidirectional.has(variant)) {
        const fallback = this.textFor(this.markup.fallbacks(variant));
        // PHP's truth: '' and '0' are no text.
        if (fallback !== undefined && fallback !== '' && fallback !== '0') bidirectional.set(variant, fallback);
      }
      const own = bidirectional.get(variant);
      if (own !== undefined) {
        for (const other of marked) {
          const theirs = bidirectional.get(other) as string;
          if (this.markup.manualLevel(variant) === 'bidirectional') pairsOf(variant).set(theirs, own);
          if (this.markup.manualLevel(other) === 'bidirectional') pairsOf(other).set(own, theirs);
        }
        marked.push(variant);
      }
      const oneWay = this.unidirectional.get(variant);
      if (oneWay !== undefined && this.markup.manualLevel(variant) !== 'disable') {
        // The rule's own pairs first, those made above after them where the keys differ.
        const before = this.conversionTable.get(variant);
        const merged = new Map(oneWay);
        for (const [from, to] of before ?? []) if (!merged.has(from)) merged.set(from, to);
        this.conversionTable.set(variant, merged);
      }
    }
  }

  parse(variant: string): void {
    this.parseFlags();
    if (this.variantFlags.size > 0) {
      // -{zh-hans;zh-hant|text}-: the text converted to the variant, or to a fallback it names.
      if (this.variantFlags.has(variant)) this.rules = this.converter.autoConvert(this.rules, variant);
      else {
        const fallbacks = this.markup.fallbacks(variant);
        if (typeof fallbacks !== 'string') {
          const named = fallbacks.find((fallback) => this.variantFlags.has(fallback));
          if (named !== undefined) this.rules = this.converter.autoConvert(this.rules, named);
        }
      }
      this.flags = new Set(['R']);
    }
    if (!this.flags.has('R') && !this.flags.has('N')) {
      this.rules = this.rules.replaceAll('=&gt;', '=>');
      this.parseRules();
    }
    const rules = this.rules;
    if (this.bidirectional.size === 0 && this.unidirectional.size === 0) {
      if (this.flags.has('+') || this.flags.has('-')) {
        if (rules !== '') for (const v of this.converter.variants) this.bidirectional.set(v, rules);
      } else if (!this.flags.has('N') && !this.flags.has('T')) {
        this.flags = new Set(['R']);
      }
    }
    let display: string | undefined;
    for (const flag of this.flags) {
      if (flag === 'R') display = rules;
      else if (flag === 'N') display = this.markup.languageName(phpTrim(rules)) ?? '';
      else if (flag === 'D') display = this.description();
      else if (flag === 'H' || flag === 'T') display = '';
      else if (flag === '-') {
        this.action = 'remove';
        display = '';
      } else if (flag === '+') {
        this.action = 'add';
        display = '';
      } else if (flag === 'S') display = this.convertedText(variant);
    }
    this.display = display ?? `<span class="error">${this.messages.ruleError}</span>`;
    this.generateConversionTable();
  }
}

function firstValue<T>(map: ReadonlyMap<string, T> | undefined): T | undefined {
  if (map === undefined) return undefined;
  for (const value of map.values()) return value;
  return undefined;
}
