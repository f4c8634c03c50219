import * as codexIcons from '@wikimedia/codex-icons';
import type { ModuleExecute } from '../../api/module.js';
import type { ModuleDescriptor } from '../../api/params/descriptor.js';
import { assoc, type ResultObject, type ResultValue } from '../../api/result/tree.js';
import { CODEX_ICON_NAMES } from '../values.js';

/** `list=codexicons`: parameters as the module reference lists them, in its order. */
export const descriptor = {
  name: 'codexicons',
  group: 'list',
  prefix: '',
  readrights: true,
  source: 'MediaWiki',
  classname: 'ApiQueryCodexIcons',
  licensetag: 'GPL-2.0-or-later',
  helpurl: 'https://www.mediawiki.org/wiki/Special:MyLanguage/API:Codexicons',
  parameters: [{ name: 'names', type: CODEX_ICON_NAMES, required: true, multi: true, allspecifier: true }],
} as const satisfies ModuleDescriptor;

const ICONS = codexIcons as unknown as Record<string, unknown>;

/**
 * The asked icons keyed by name, each as the icon package defines it: the SVG content, or an object
 * with `ltr`/`rtl` forms, `shouldFlip`, or a `langCodeMap` of per-language forms with a `default`.
 */
export const execute: ModuleExecute<typeof descriptor> = async (ctx) => {
  const icons: ResultObject = assoc({});
  for (const name of ctx.params.names) icons[name] = iconValue(ICONS[name]);
  ctx.result.set('codexicons', icons);
};

function iconValue(icon: unknown): ResultValue {
  if (typeof icon === 'string' || typeof icon === 'boolean') return icon;
  const value: ResultObject = assoc({});
  for (const [key, part] of Object.entries(icon as Record<string, unknown>)) value[key] = iconValue(part);
  return value;
}
