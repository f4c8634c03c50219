/**
 * Which of `{{PLURAL:}}`'s forms a language picks for a number. MediaWiki numbers a language's
 * plural rules in CLDR's order (zero, one, two, few, many: those the language has), picks the
 * first rule the number meets, or the form after the last rule ("other"), and gives the last form
 * written when fewer forms are given. The rules are the ones MediaWiki 1.39 has (its CLDR version
 * with its own additions; a language without rules of its own has its fallbacks'), as the language
 * facts hold them: CLDR's condition syntax, evaluated here.
 */

/** A number's CLDR operands: n (absolute value), i (integer digits), v, f (visible fraction digits: how many, as a number), t (f without trailing zeros). */
interface Operands {
  n: number;
  i: number;
  v: number;
  f: number;
  t: number;
}

function operandsOf(value: number): Operands {
  const n = Math.abs(value);
  let written = String(n);
  if (written.includes('e')) written = Number.isInteger(n) ? BigInt(n).toString() : n.toFixed(20).replace(/0+$/, '');
  const [whole = '0', fraction = ''] = written.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return { n, i: Number(whole), v: fraction.length, f: Number(fraction || 0), t: Number(trimmed || 0) };
}

type Condition = (operands: Operands) => boolean;

/** One relation: `i % 10 = 2..4`, `v != 0`, `n = 0,1`. */
function relation(text: string, rule: string): Condition {
  const match = /^([nivft])\s*(?:%\s*(\d+))?\s*(!=|=)\s*([\d.,\s]+)$/.exec(text.trim());
  if (!match) throw new Error(`not a plural rule CLDR writes: ${rule}`);
  const [, operand, modulus, operator, list] = match as unknown as [
    string,
    keyof Operands,
    string | undefined,
    string,
    string,
  ];
  const ranges = list.split(',').map((item) => {
    const [from, to = from] = item.trim().split('..').map(Number) as [number, number?];
    return [from, to] as const;
  });
  const divisor = modulus === undefined ? undefined : Number(modulus);
  const negated = operator === '!=';
  return (operands) => {
    const value = divisor === undefined ? operands[operand] : operands[operand] % divisor;
    // A range holds whole numbers only (`n = 3..10` is not met by 3.5); a single value is compared.
    const within = ranges.some(([from, to]) =>
      from === to ? value === from : Number.isInteger(value) && value >= from && value <= to,
    );
    return within !== negated;
  };
}

const compiled = new Map<string, Condition>();

/** A rule (`… and … or …`) as a function, compiled once. */
function conditionOf(rule: string): Condition {
  let condition = compiled.get(rule);
  if (!condition) {
    const alternatives = rule.split(/\s+or\s+/).map((part) => part.split(/\s+and\s+/).map((r) => relation(r, rule)));
    condition = (operands) => alternatives.some((all) => all.every((test) => test(operands)));
    compiled.set(rule, condition);
  }
  return condition;
}

/**
 * The index of the form a language gives `n` among `count` forms (at least one), by its rules
 * (MediaWiki's, in its order; none: every number is "other").
 */
export function pluralFormIndex(n: number, rules: readonly string[], count: number): number {
  const operands = operandsOf(n);
  const met = rules.findIndex((rule) => conditionOf(rule)(operands));
  return Math.min(met < 0 ? rules.length : met, count - 1);
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
