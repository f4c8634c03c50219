/**
 * The gadgets of a wiki, read from `MediaWiki:Gadgets-definition` in the Gadgets extension's
 * syntax: `== section ==` lines start a category, and each `* Name[options]|Page.js|Page.css` line
 * defines a gadget whose pages are `MediaWiki:Gadget-<page>`. Options are separated by `|`; flags
 * (`ResourceLoader`, `default`, `hidden`, `package`, `shared`, `supportsUrlLoad`) and lists
 * (`rights=a,b`, `skins=`, `actions=`, `dependencies=`, `peers=`, ...) as the extension documents.
 */
import type { WikiStore } from './database.js';
import { readInterfacePages } from './interface-pages.js';

export interface Gadget {
  name: string;
  /** The section it was defined under ('' before the first section). */
  category: string;
  resourceLoader: boolean;
  default: boolean;
  hidden: boolean;
  package: boolean;
  shared: boolean;
  supportsUrlLoad: boolean;
  rights: string[];
  skins: string[];
  actions: string[];
  dependencies: string[];
  peers: string[];
  /** Page titles with their namespace (`MediaWiki:Gadget-Name.js`). */
  scripts: string[];
  styles: string[];
  datas: string[];
}

const SECTION = /^==+\s*([^*:\s|=][^*:|=]*?)\s*==+\s*$/;
const DEFINITION = /^\*+\s*([A-Za-z](?:[-\w.: ]*[A-Za-z0-9])?)\s*(?:\[([^\]]*)\])?\s*((?:\|[^|]*)+)$/;
const LIST_OPTIONS = ['rights', 'skins', 'actions', 'dependencies', 'peers'] as const;

/** Parses a definition page; malformed lines are skipped, as the extension skips them. */
export function parseGadgetsDefinition(text: string): Gadget[] {
  const gadgets: Gadget[] = [];
  let category = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const section = SECTION.exec(line);
    if (section) {
      category = section[1];
      continue;
    }
    const m = DEFINITION.exec(line);
    if (!m) continue;
    const gadget: Gadget = {
      name: m[1].trim(),
      category,
      resourceLoader: false,
      default: false,
      hidden: false,
      package: false,
      shared: false,
      supportsUrlLoad: false,
      rights: [],
      skins: [],
      actions: [],
      dependencies: [],
      peers: [],
      scripts: [],
      styles: [],
      datas: [],
    };
    for (const option of (m[2] ?? '').split('|')) {
      const [key, value] = splitOption(option);
      if (key === 'ResourceLoader') gadget.resourceLoader = true;
      else if (key === 'default' || key === 'hidden' || key === 'package' || key === 'shared') gadget[key] = true;
      else if (key === 'supportsUrlLoad') gadget.supportsUrlLoad = value === undefined || value === 'true';
      else if ((LIST_OPTIONS as readonly string[]).includes(key) && value !== undefined)
        gadget[key as (typeof LIST_OPTIONS)[number]] = commaList(value);
    }
    for (const page of m[3].split('|')) {
      const name = page.trim();
      if (name === '') continue;
      const title = `MediaWiki:Gadget-${name}`;
      if (name.endsWith('.js')) gadget.scripts.push(title);
      else if (name.endsWith('.css')) gadget.styles.push(title);
      else if (name.endsWith('.json') && gadget.package) gadget.datas.push(title);
    }
    gadgets.push(gadget);
  }
  return gadgets;
}

function splitOption(option: string): [string, string | undefined] {
  const at = option.indexOf('=');
  return at < 0 ? [option.trim(), undefined] : [option.slice(0, at).trim(), option.slice(at + 1).trim()];
}

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The gadgets defined on the wiki (none when it has no definition page). */
export async function readGadgets(store: WikiStore): Promise<Gadget[]> {
  const pages = await readInterfacePages(store, ['Gadgets-definition']);
  const text = pages.get('Gadgets-definition');
  return text === undefined ? [] : parseGadgetsDefinition(text);
}
