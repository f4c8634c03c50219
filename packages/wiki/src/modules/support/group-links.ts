/**
 * Links to user groups as MediaWiki names them in a permission error (`badaccess-groups`): each
 * group's name in the reader's language, linked to its description page (`grouppage-<group>`, in
 * the content language) when it has one, joined by commas.
 */
import type { StoredMessages } from '../../api/messages/catalogue.js';
import { renderMessage } from '../../api/messages/render.js';
import type { SiteConfig } from '../../site/site.js';

const NS_PROJECT = 4;

function groupLink(group: string, site: SiteConfig, language: string, stored: StoredMessages | undefined): string {
  const nameKey = `group-${group}`;
  const name = renderMessage(nameKey, [], language, stored);
  const label = name === nameKey || name.trim() === '' ? group : name;
  const pageKey = `grouppage-${group}`;
  const page = renderMessage(pageKey, [], site.language, stored);
  if (page === pageKey || page.trim() === '') return label;
  const project = site.namespaces.find((ns) => ns.id === NS_PROJECT)?.name ?? '';
  return `[[${page.replace(/\{\{\s*ns:\s*project\s*\}\}/gi, project)}|${label}]]`;
}

/** The groups' links joined as MediaWiki's `commaList` joins them. */
export function groupLinkList(
  groups: readonly string[],
  site: SiteConfig,
  language: string,
  stored: StoredMessages | undefined,
): string {
  return groups.map((group) => groupLink(group, site, language, stored)).join(', ');
}
