/**
 * The arithmetic of `{{#expr:}}` and `{{#ifexpr:}}` (ParserFunctions): numbers, `+ - * / div mod
 * ^ e`, comparisons, `and or not`, `round`, the functions `abs ceil floor trunc exp ln sqrt sin cos
 * tan asin acos atan`, `pi`, parentheses. Errors are thrown as `ExprError` with their message key.
 */
import { phpFloatString } from '../../text/php-strings.js';

export class ExprError extends Error {
  constructor(
    readonly key: string,
    readonly params: string[] = [],
  ) {
    super(key);
  }
}

const UNARY = new Set([
  'not',
  'abs',
  'ceil',
  'floor',
  'trunc',
  'exp',
  'ln',
  'sqrt',
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'neg',
  'pos',
]);
const PRECEDENCE: Readonly<Record<string, number>> = {
  neg: 10,
  pos: 10,
  not: 9,
  abs: 9,
  ceil: 9,
  floor: 9,
  trunc: 9,
  exp: 9,
  ln: 9,
  sqrt: 9,
  sin: 9,
  cos: 9,
  tan: 9,
  asin: 9,
  acos: 9,
  atan: 9,
  e: 11,
  '^': 10,
  '*': 8,
  '/': 8,
  div: 8,
  mod: 8,
  fmod: 8,
  '+': 6,
  '-': 6,
  round: 5,
  '=': 4,
  '<': 4,
  '>': 4,
  '<=': 4,
  '>=': 4,
  '<>': 4,
  '!=': 4,
  and: 3,
  or: 2,
};
const WORDS = new Set([...UNARY, 'div', 'mod', 'fmod', 'round', 'and', 'or', 'e', 'pi']);

type Token = { kind: 'number'; value: number } | { kind: 'op'; op: string } | { kind: 'open' } | { kind: 'close' };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(\d*\.?\d+(?:[eE][-+]?\d+)?|\d+\.)|([a-z]+)|(<=|>=|<>|!=|[-+*/^=<>()]))/y;
  let pos = 0;
  text = text.toLowerCase().replace(/&minus;|\u2212/g, '-');
  while (pos < text.length) {
    if (/^\s*$/.test(text.slice(pos))) break;
    re.lastIndex = pos;
    const m = re.exec(text);
    if (m === null) {
      const c = text.slice(pos).trim()[0] as string;
      throw new ExprError('pfunc_expr_unrecognised_punctuation', [c]);
    }
    pos = re.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: 'number', value: Number(m[1]) });
    else if (m[2] !== undefined) {
      if (!WORDS.has(m[2])) throw new ExprError('pfunc_expr_unrecognised_word', [m[2]]);
      if (m[2] === 'pi') tokens.push({ kind: 'number', value: Math.PI });
      else tokens.push({ kind: 'op', op: m[2] });
    } else if (m[3] === '(') tokens.push({ kind: 'open' });
    else if (m[3] === ')') tokens.push({ kind: 'close' });
    else tokens.push({ kind: 'op', op: m[3] as string });
  }
  return tokens;
}

function apply(op: string, values: number[]): void {
  if (UNARY.has(op)) {
    if (values.length < 1) throw new ExprError('pfunc_expr_missing_operand', [op]);
    const a = values.pop() as number;
    values.push(unary(op, a));
    return;
  }
  if (values.length < 2) throw new ExprError('pfunc_expr_missing_operand', [op]);
  const b = values.pop() as number;
  const a = values.pop() as number;
  values.push(binary(op, a, b));
}

function unary(op: string, a: number): number {
  switch (op) {
    case 'neg':
      return -a;
    case 'pos':
      return a;
    case 'not':
      return a === 0 ? 1 : 0;
    case 'ln':
      if (a <= 0) throw new ExprError('pfunc_expr_invalid_argument_ln');
      return Math.log(a);
    case 'asin':
    case 'acos':
      if (a < -1 || a > 1) throw new ExprError('pfunc_expr_invalid_argument', [op]);
      return op === 'asin' ? Math.asin(a) : Math.acos(a);
    case 'sqrt':
      if (a < 0) throw new ExprError('pfunc_expr_not_a_number', ['sqrt']);
      return Math.sqrt(a);
    default:
      return (Math[op as 'abs'] as (x: number) => number)(a);
  }
}

function binary(op: string, a: number, b: number): number {
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
    case 'div':
      if (b === 0) throw new ExprError('pfunc_expr_division_by_zero');
      return a / b;
    case 'mod': {
      const ia = Math.trunc(a);
      const ib = Math.trunc(b);
      if (ib === 0) throw new ExprError('pfunc_expr_division_by_zero');
      return ia % ib;
    }
    case 'fmod':
      if (b === 0) throw new ExprError('pfunc_expr_division_by_zero');
      return a % b;
    case '^':
      return a ** b;
    case 'e':
      return a * 10 ** b;
    case 'round': {
      const f = 10 ** Math.trunc(b);
      return (Math.sign(a) * Math.round(Math.abs(a) * f)) / f;
    }
    case '=':
      return a === b ? 1 : 0;
    case '<>':
    case '!=':
      return a !== b ? 1 : 0;
    case '<':
      return a < b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case 'and':
      return a !== 0 && b !== 0 ? 1 : 0;
    default:
      return a !== 0 || b !== 0 ? 1 : 0;
  }
}

/** Evaluates an expression; undefined for an empty one. */
export function evaluateExpr(text: string): number | undefined {
  const tokens = tokenize(text);
  if (tokens.length === 0) return undefined;
  const values: number[] = [];
  const ops: string[] = [];
  let expectOperand = true;
  for (const token of tokens) {
    if (token.kind === 'number') {
      if (!expectOperand) throw new ExprError('pfunc_expr_unexpected_number');
      values.push(token.value);
      expectOperand = false;
    } else if (token.kind === 'open') {
      if (!expectOperand) throw new ExprError('pfunc_expr_unexpected_operator', ['(']);
      ops.push('(');
    } else if (token.kind === 'close') {
      while (ops.length > 0 && ops[ops.length - 1] !== '(') apply(ops.pop() as string, values);
      if (ops.pop() !== '(') throw new ExprError('pfunc_expr_unexpected_closing_bracket');
      expectOperand = false;
    } else {
      let op = token.op;
      if (expectOperand) {
        if (op === '-') op = 'neg';
        else if (op === '+') op = 'pos';
        else if (!UNARY.has(op)) throw new ExprError('pfunc_expr_missing_operand', [op]);
        ops.push(op);
        continue;
      }
      if (UNARY.has(op)) throw new ExprError('pfunc_expr_unexpected_operator', [op]);
      const p = PRECEDENCE[op] as number;
      while (ops.length > 0) {
        const top = ops[ops.length - 1] as string;
        if (top === '(' || (PRECEDENCE[top] as number) < p || (op === '^' && top === '^')) break;
        apply(ops.pop() as string, values);
      }
      ops.push(op);
      expectOperand = true;
    }
  }
  while (ops.length > 0) {
    const op = ops.pop() as string;
    if (op === '(') throw new ExprError('pfunc_expr_unclosed_bracket');
    apply(op, values);
  }
  if (expectOperand && values.length < 1) throw new ExprError('pfunc_expr_missing_operand', ['']);
  return values[0];
}

/** A result as PHP prints a float (see `phpFloatString`): `#expr` computes in doubles. */
export function formatExprNumber(value: number): string {
  return phpFloatString(value);
}
