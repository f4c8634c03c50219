/**
 * Which of `{{PLURAL:n|...}}`'s forms a language picks for a number. MediaWiki numbers a
 * language's plural rules in CLDR's order (zero, one, two, few, many: those the language has),
 * picks the first rule the number meets, or the form after the last rule ("other"), and gives
 * the last form written when fewer forms are given. The rules are CLDR's, which the runtime's
 * ICU carries; MediaWiki's own additions to them are taken where ICU's differ.
 */

const CATEGORY_ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many'];

/** Languages whose rules MediaWiki sets itself, by the language whose CLDR rules are the same. */
const SAME_RULES_AS: Record<string, string> = {
  'be-tarask': 'be',
  'sr-el': 'sr',
  'sr-ec': 'sr',
};

interface LanguageRules {
  select(n: number): Intl.LDMLPluralRule;
  /** The categories other than "other", in CLDR's order. */
  categories: readonly Intl.LDMLPluralRule[];
}

function pluralRulesFor(code: string): Intl.PluralRules | undefined {
  try {
    return new Intl.PluralRules(code);
  } catch {
    return undefined;
  }
}

const known = new Map<string, LanguageRules>();

function ownRules(language: string): LanguageRules {
  const code = SAME_RULES_AS[language.toLowerCase()] ?? language;
  // A code that is no language tag for ICU (MediaWiki knows codes such as `roa-tara`): its first
  // part, else English.
  const rules = pluralRulesFor(code) ?? pluralRulesFor(code.split('-')[0] ?? '') ?? new Intl.PluralRules('en');
  const present = new Set(rules.resolvedOptions().pluralCategories);
  return { select: (n) => rules.select(n), categories: CATEGORY_ORDER.filter((c) => present.has(c)) };
}

/**
 * A language's rules; for a language whose CLDR rules have only "other" (Japanese, Korean,
 * Chinese, Vietnamese…), those of the first language of its fallbacks that has more, else
 * English's: MediaWiki's localisation cache fills rules a language lacks from its fallbacks, so
 * an English text's `{{PLURAL:2|parameter|parameters}}` reads "parameters" in Korean too.
 */
function rulesOf(language: string, fallbacks: readonly string[]): LanguageRules {
  const cached = known.get(language);
  if (cached) return cached;
  let made = ownRules(language);
  if (made.categories.length === 0) {
    made = [...fallbacks, 'en'].map(ownRules).find((rules) => rules.categories.length > 0) ?? made;
  }
  // The codes come from requests (`uselang`): the map is kept small.
  if (known.size >= 500) known.clear();
  known.set(language, made);
  return made;
}

/** The index of the form `language` gives `n` among `count` forms (at least one). */
export function pluralFormIndex(n: number, language: string, count: number, fallbacks: readonly string[] = []): number {
  const rules = rulesOf(language, fallbacks);
  const category = rules.select(Math.abs(n));
  const index = category === 'other' ? rules.categories.length : rules.categories.indexOf(category);
  return Math.min(Math.max(index, 0), count - 1);
}

/**
 * The count `{{PLURAL:}}` is given, as the language writes numbers (`1.234,5` in German, `١٬٢٣٤`
 * in Arabic, `1,234.5` in English; `symbols`, see number-format.ts) read back as PHP reads a number
 * of a text: its leading number, or 0 (a parameter left as `$2`).
 */
export function pluralCount(text: string, symbols: NumberSymbols): number {
  const { group, decimal, digits } = symbols;
  const trimmed = [...text.trim()].map((c) => (digits.includes(c) ? String(digits.indexOf(c)) : c)).join('');
  const plain = trimmed.split(group).join('').replace(decimal, '.');
  const leading = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/.exec(plain);
  return leading ? Number(leading[0]) : 0;
}

/** The separators and digits a language writes numbers with. */
export interface NumberSymbols {
  group: string;
  decimal: string;
  /** The digits 0 to 9. */
  digits: readonly string[];
}
