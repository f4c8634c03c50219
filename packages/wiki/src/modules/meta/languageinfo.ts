import { type LanguageData, namingLanguage, storedLanguageName } from '../../api/language-data.js';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { assoc, list, type ResultObject } from '../../api/result/tree.js';
import {
  autonym,
  bcp47,
  direction,
  fallbacks,
  isKnownLanguageCode,
  knownLanguageCodes,
  languageName,
  variants,
} from '../../site/languages.js';

/** `meta=languageinfo`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'languageinfo',
  group: 'meta',
  prefix: 'li',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryLanguageinfo',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Languageinfo',
  parameters: [
    {
      name: 'prop',
      type: ['autonym', 'bcp47', 'code', 'dir', 'fallbacks', 'name', 'variantnames', 'variants'],
      default: 'code',
      multi: true,
    },
    { name: 'code', type: 'string', default: '*', multi: true },
    { name: 'continue', type: 'string' },
  ],
} as const satisfies ModuleDescriptor;

/** Facts about the asked languages, keyed by code, in code order; continued by the next code. */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const prop = new Set(ctx.params.prop);
  const asked = ctx.params.code;
  const from = ctx.params.continue ?? '';
  const stored = ctx.languages;
  const isKnown = stored ? (code: string) => stored.byCode.has(code) : isKnownLanguageCode;
  // Every known code is looked up as the loop gets to it: a request out of its work budget stops
  // (fits) and the next continues from there.
  // `*` alone stands for every code; among other codes it is a code nobody knows.
  const all = asked.length === 1 && asked[0] === '*';
  const unknown = all ? [] : [...new Set(asked)].filter((code) => !isKnown(code));
  if (unknown.length > 0) {
    ctx.warn('apiwarn-unrecognizedvalues', [ctx.paramName('code'), { list: unknown, type: 'comma' }, unknown.length]);
  }
  const codes = all
    ? stored
      ? stored.codes.map((c) => c.code).filter((code) => code >= from)
      : knownLanguageCodes(from)
    : [...new Set(asked)]
        .filter(isKnown)
        .sort()
        .filter((code) => code >= from);
  const answer: ResultObject = assoc({});
  for (const code of codes) {
    const info = stored ? describeStored(stored, code, prop, ctx.language) : describe(code, prop, ctx.language);
    if (!ctx.result.fits(info)) {
      ctx.setContinue(code);
      break;
    }
    answer[code] = info;
  }
  ctx.result.set('languageinfo', answer);
};

/** The facts in MediaWiki's order, from their sources. */
function facts(
  prop: Set<string>,
  code: string,
  of: {
    bcp47(): string;
    dir(): string;
    autonym(): string;
    name(code: string): string;
    fallbacks(): string[];
    variants(): string[];
  },
): ResultObject {
  // An object even with no property asked for (`{}` in formatversion 1).
  const info: ResultObject = assoc({});
  if (prop.has('code')) info.code = code;
  if (prop.has('bcp47')) info.bcp47 = of.bcp47();
  if (prop.has('dir')) info.dir = of.dir();
  if (prop.has('autonym')) info.autonym = of.autonym();
  if (prop.has('name')) info.name = of.name(code);
  if (prop.has('fallbacks')) info.fallbacks = list('fb', of.fallbacks());
  if (prop.has('variants')) info.variants = list('var', of.variants());
  if (prop.has('variantnames')) {
    const names: ResultObject = assoc({});
    for (const variant of of.variants()) names[variant] = of.name(variant) || variant;
    info.variantnames = names;
  }
  return info;
}

/** From the runtime's ICU data. */
function describe(code: string, prop: Set<string>, userLanguage: string): ResultObject {
  return facts(prop, code, {
    bcp47: () => bcp47(code),
    dir: () => direction(code),
    autonym: () => autonym(code),
    name: (c) => languageName(c, userLanguage),
    fallbacks: () => fallbacks(code),
    variants: () => variants(code),
  });
}

/** From the source wiki's language data in the store. */
function describeStored(data: LanguageData, code: string, prop: Set<string>, userLanguage: string): ResultObject {
  const known = data.byCode.get(code)!;
  const inLanguage = namingLanguage(userLanguage);
  return facts(prop, code, {
    bcp47: () => known.bcp47,
    dir: () => known.dir,
    autonym: () => known.autonym,
    name: (c) => storedLanguageName(data, c, inLanguage),
    fallbacks: () => known.fallbacks,
    variants: () => known.variants,
  });
}
