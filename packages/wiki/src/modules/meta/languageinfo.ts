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
  // Every known code is looked up as the loop gets to it: a request out of its work budget stops
  // (fits) and the next continues from there.
  // `*` alone stands for every code; among other codes it is a code nobody knows.
  const all = asked.length === 1 && asked[0] === '*';
  const unknown = all ? [] : [...new Set(asked)].filter((code) => !isKnownLanguageCode(code));
  if (unknown.length > 0) {
    ctx.warn('apiwarn-unrecognizedvalues', [ctx.paramName('code'), { list: unknown, type: 'comma' }, unknown.length]);
  }
  const codes = all
    ? knownLanguageCodes(from)
    : [...new Set(asked)]
        .filter((code) => isKnownLanguageCode(code))
        .sort()
        .filter((code) => code >= from);
  const answer: ResultObject = assoc({});
  for (const code of codes) {
    const info = describe(code, prop, ctx.language);
    if (!ctx.result.fits(info)) {
      ctx.setContinue(code);
      break;
    }
    answer[code] = info;
  }
  ctx.result.set('languageinfo', answer);
};

function describe(code: string, prop: Set<string>, userLanguage: string): ResultObject {
  const info: ResultObject = {};
  if (prop.has('code')) info.code = code;
  if (prop.has('bcp47')) info.bcp47 = bcp47(code);
  if (prop.has('dir')) info.dir = direction(code);
  if (prop.has('autonym')) info.autonym = autonym(code);
  if (prop.has('name')) info.name = languageName(code, userLanguage);
  if (prop.has('fallbacks')) info.fallbacks = list('fb', fallbacks(code));
  if (prop.has('variants')) info.variants = list('var', variants(code));
  if (prop.has('variantnames')) {
    const names: ResultObject = assoc({});
    for (const variant of variants(code)) names[variant] = languageName(variant, userLanguage);
    info.variantnames = names;
  }
  return info;
}
