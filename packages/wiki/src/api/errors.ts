import { escapeWikiText } from '../text/escape-wikitext.js';
import type { MessageParam } from './messages/render.js';
import type { ResultObject } from './result/tree.js';

/** One error or warning: a machine code, a message key with parameters, and optional data. */
export interface ApiMessage {
  code: string;
  key: string;
  params: readonly MessageParam[];
  /** Extra fields MediaWiki adds beside `code` and `info` (`limit`, `lowlimit`, ...). */
  data?: ResultObject;
}

/** The code MediaWiki gives a message that names none: its key without `apiwarn-`/`apierror-`. */
export function messageCode(key: string): string {
  return key.replace(/^api(?:warn|error)-/, '');
}

export function message(
  code: string,
  key: string,
  params: readonly MessageParam[] = [],
  data?: ResultObject,
): ApiMessage {
  return { code, key, params, data };
}

/** An error that ends the request; ApiMain turns it into MediaWiki's error answer. */
export class ApiError extends Error {
  readonly messages: ApiMessage[];
  /** The module path the error belongs to (`main`, `query+allpages`). */
  module: string | undefined;
  constructor(
    messages: ApiMessage | ApiMessage[],
    readonly httpStatus = 200,
    readonly headers: Record<string, string> = {},
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    // An API error is an answer, not a fault: no stack trace to capture (it is costly).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(list[0]?.code ?? 'unknownerror');
    Error.stackTraceLimit = limit;
    this.messages = list;
  }
}

export function apiError(
  code: string,
  key: string,
  params: readonly MessageParam[] = [],
  data?: ResultObject,
): ApiError {
  return new ApiError(message(code, key, params, data));
}

/** `The "x" parameter cannot be used with "y".` */
export function cannotUseWith(a: string, b: string): ApiError {
  return apiError('invalidparammix', 'apierror-invalidparammix-cannotusewith', [a, b]);
}

/** `The "a" parameter may only be used with "b".` */
export function mustUseWith(a: string, b: string): ApiError {
  return apiError('invalidparammix', 'apierror-invalidparammix-mustusewith', [a, b]);
}

/** `The parameters "a" and "b" can not be used together.` */
export function mutuallyExclusive(names: readonly string[]): ApiError {
  return apiError('invalidparammix', 'apierror-invalidparammix', [{ list: names, quoted: true }, names.length]);
}

/** `One of the parameters "a" and "b" is required.` */
export function requireOneOf(names: readonly string[]): ApiError {
  return apiError('missingparam', 'apierror-missingparam-one-of', [{ list: names, quoted: true }, names.length]);
}

/** `At least one of the parameters "a" and "b" is required.` */
export function requireAtLeastOneOf(names: readonly string[]): ApiError {
  return apiError('missingparam', 'apierror-missingparam-at-least-one-of', [
    { list: names, quoted: true },
    names.length,
  ]);
}

export function badContinue(): ApiError {
  return apiError('badcontinue', 'apierror-badcontinue');
}

/** `Bad title "x".`: the value escaped as wikitext, as MediaWiki gives it. */
export function invalidTitle(text: string): ApiError {
  return apiError('invalidtitle', 'apierror-invalidtitle', [escapeWikiText(text)]);
}
