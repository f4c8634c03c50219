/**
 * The conditional functions of ParserFunctions (`#if`, `#ifeq`, `#iferror`, `#ifexpr`, `#ifexist`,
 * `#switch`) and `#expr`: only the branch taken is expanded.
 */
import { ExprError, evaluateExpr, formatExprNumber } from './expr.js';
import type { FunctionCall } from './functions.js';
import type { PPPart } from './tree.js';

/** A branch, expanded and trimmed (a named one as `name=value`); empty when absent. */
async function branch(call: FunctionCall, index: number): Promise<string> {
  const part = call.parts[index];
  return part === undefined ? '' : (await call.expander.expandPart(part, call.frame)).trim();
}

const ERROR = /<(?:strong|span|p|div)\s(?:[^\s>]*\s+)*?class="(?:[^"\s>]*\s+)*?error(?:\s[^">]*)?"/;

/** Two values compared as `#ifeq` and `#switch` do: as numbers when both are, else as text. */
function sameValue(a: string, b: string): boolean {
  const numeric = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) === Number(b);
  return a === b;
}

/** `#expr`'s value, or its error as ParserFunctions shows it. */
async function expr(text: string, call: FunctionCall): Promise<{ value?: number; error?: string }> {
  try {
    return { value: evaluateExpr(text) };
  } catch (error) {
    if (!(error instanceof ExprError)) throw error;
    return { error: `<strong class="error">${await call.expander.message(error.key, error.params)}</strong>` };
  }
}

async function switchValue(call: FunctionCall): Promise<string> {
  const { expander, frame } = call;
  const test = call.first;
  let found = false;
  let defaultFound = false;
  let fallback: string | undefined;
  let lastUnnamed: PPPart | undefined;
  for (const part of call.parts) {
    if (typeof part.name === 'number') {
      lastUnnamed = part;
      const value = (await expander.expand(part.value, frame)).trim();
      if (!found && sameValue(value, test)) found = true;
      else if (value === '#default' || value === '#standard') defaultFound = true;
      continue;
    }
    lastUnnamed = undefined;
    const name = (await expander.expand(part.name, frame)).trim();
    if (found || sameValue(name, test)) return (await expander.expand(part.value, frame)).trim();
    if (defaultFound || name === '#default' || name === '#standard') {
      fallback = (await expander.expand(part.value, frame)).trim();
      defaultFound = false;
    } else if (fallback === undefined) {
      defaultFound = false;
    }
  }
  if (lastUnnamed !== undefined) return (await expander.expand(lastUnnamed.value, frame)).trim();
  return fallback ?? '';
}

/** The value of a conditional function `id`, or undefined when `id` is none. */
export async function callCondition(id: string, call: FunctionCall): Promise<string | undefined> {
  switch (id) {
    case 'if':
      return branch(call, call.first === '' ? 1 : 0);
    case 'ifeq': {
      const other = call.parts[0] === undefined ? '' : await branch(call, 0);
      return branch(call, sameValue(call.first, other) ? 1 : 2);
    }
    case 'iferror': {
      if (ERROR.test(call.first)) return branch(call, 0);
      return call.parts.length > 1 ? branch(call, 1) : call.first;
    }
    case 'expr': {
      const { value, error } = await expr(call.first, call);
      return error ?? (value === undefined ? '' : formatExprNumber(value));
    }
    case 'ifexpr': {
      const { value, error } = await expr(call.first, call);
      if (error !== undefined) return error;
      return branch(call, value === undefined || value === 0 ? 1 : 0);
    }
    case 'ifexist': {
      const title = call.expander.host.titles.parseOrUndefined(call.first);
      const exists = title !== undefined && title.interwiki === '' && (await call.expander.host.exists(title));
      if (title !== undefined && title.interwiki === '') call.expander.recordExistenceCheck(title);
      return branch(call, exists ? 0 : 1);
    }
    case 'switch':
      return switchValue(call);
    default:
      return undefined;
  }
}
