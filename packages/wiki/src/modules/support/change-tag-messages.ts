/**
 * The change tags MediaWiki's software defines (`ChangeTags::getSoftwareTags()` of 1.39, all
 * active by default) and their names and descriptions in the languages this server speaks.
 * A wiki can override any of them, and name its own tags, with the pages
 * `MediaWiki:Tag-<name>` and `MediaWiki:Tag-<name>-description`.
 */
import { fallbackChain, QQX, qqxKey, readerTexts } from '../../api/messages/catalogue.js';
import { normalizeMessageKey } from '../../api/messages/store.js';
import type { ModuleContext } from '../../api/module.js';
import { dateStyleOf } from '../../site/date-format.js';

export const SOFTWARE_TAGS = [
  'mw-contentmodelchange',
  'mw-new-redirect',
  'mw-removed-redirect',
  'mw-changed-redirect-target',
  'mw-blank',
  'mw-replace',
  'mw-rollback',
  'mw-undo',
  'mw-manual-revert',
  'mw-reverted',
  'mw-server-side-upload',
] as const;

type TagTexts = Record<string, { name: string; description: string }>;

const TEXTS: Record<string, TagTexts> = {
  de: {
    'mw-contentmodelchange': {
      name: 'Änderung des Inhaltsmodells',
      description:
        'Bearbeitungen, die [https://www.mediawiki.org/wiki/Special:MyLanguage/Help:ChangeContentModel das Inhaltsmodell einer Seite ändern]',
    },
    'mw-new-redirect': {
      name: 'Neue Weiterleitung',
      description:
        'Bearbeitungen, die eine neue Weiterleitung erstellen oder eine Seite auf eine Weiterleitung ändern.',
    },
    'mw-removed-redirect': {
      name: 'Weiterleitung entfernt',
      description: 'Bearbeitungen, die eine vorhandene Weiterleitung auf eine Nicht-Weiterleitung ändern.',
    },
    'mw-changed-redirect-target': {
      name: 'Weiterleitungsziel geändert',
      description: 'Bearbeitungen, die das Ziel einer Weiterleitung geändert haben.',
    },
    'mw-blank': { name: 'Geleert', description: 'Bearbeitungen, die eine Seite geleert haben.' },
    'mw-replace': {
      name: 'Ersetzt',
      description: 'Bearbeitungen, die mehr als 90 % des Inhalts einer Seite entfernen.',
    },
    'mw-rollback': {
      name: 'Zurücksetzung',
      description: 'Bearbeitungen, die frühere Bearbeitungen mithilfe des Zurücksetzen-Links rückgängig machen.',
    },
    'mw-undo': {
      name: 'Rückgängigmachung',
      description: 'Bearbeitungen, die frühere Versionen mit dem Link „Rückgängig machen“ zurücksetzen',
    },
    'mw-manual-revert': {
      name: 'Manuelle Zurücksetzung',
      description: 'Bearbeitungen, die die Seite manuell in einen vorherigen Zustand zurücksetzen',
    },
    'mw-reverted': {
      name: 'Zurückgesetzt',
      description: 'Bearbeitungen, die später durch eine andere Bearbeitung rückgängig gemacht wurden',
    },
    'mw-server-side-upload': {
      name: 'Serverseitig hochgeladene Datei',
      description: 'Mediendateien, die über ein Wartungsskript hochgeladen wurden',
    },
  },
  en: {
    'mw-contentmodelchange': {
      name: 'content model change',
      description:
        'Edits that [https://www.mediawiki.org/wiki/Special:MyLanguage/Help:ChangeContentModel change the content model] of a page',
    },
    'mw-new-redirect': {
      name: 'New redirect',
      description: 'Edits that create a new redirect or change a page to a redirect',
    },
    'mw-removed-redirect': {
      name: 'Removed redirect',
      description: 'Edits that change an existing redirect to a non-redirect',
    },
    'mw-changed-redirect-target': {
      name: 'Redirect target changed',
      description: 'Edits that change the target of a redirect',
    },
    'mw-blank': { name: 'Blanking', description: 'Edits that blank a page' },
    'mw-replace': { name: 'Replaced', description: 'Edits that remove more than 90% of the content of a page' },
    'mw-rollback': { name: 'Rollback', description: 'Edits that roll back previous edits using the rollback link' },
    'mw-undo': { name: 'Undo', description: 'Edits that undo previous edits using the undo link' },
    'mw-manual-revert': {
      name: 'Manual revert',
      description: 'Edits that manually restore the page to an exact previous state',
    },
    'mw-reverted': { name: 'Reverted', description: 'Edits that were later reverted by a different edit' },
    'mw-server-side-upload': {
      name: 'Server-side upload',
      description: 'Media files that were uploaded via a maintenance script',
    },
  },
};

/** A tag's texts: undefined where neither the software nor the wiki has one. */
export interface TagMessages {
  name: string | undefined;
  description: string | undefined;
}

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The names and descriptions of `tags` in `language`: the wiki's `MediaWiki:` page first (in
 * another language than the wiki's, the page with `/<language>`; the wiki's own page is in its
 * language and does not count), then the software's texts (English when the language has none).
 * One query for all pages.
 */
export async function tagMessages(ctx: ModuleContext, tags: readonly string[]): Promise<Map<string, TagMessages>> {
  const language = ctx.language;
  if (language === QQX) {
    return new Map(
      tags.map((tag) => [tag, { name: qqxKey(`tag-${tag}`), description: qqxKey(`tag-${tag}-description`) }]),
    );
  }
  const suffix = language === ctx.site.language ? '' : `/${language}`;
  const keys = tags.flatMap((tag) => [`tag-${tag}`, `tag-${tag}-description`]);
  const titles = keys.map((key) => upperFirst(key).replace(/ /g, '_') + suffix);
  const pages = new Map<string, string>();
  if (titles.length > 0) {
    const rows = await ctx.store.db
      .selectFrom('page')
      .innerJoin('slots', (join) => join.onRef('slot_revision_id', '=', 'page_latest').on('slot_role', '=', 'main'))
      .innerJoin('content', 'content_id', 'slot_content_id')
      .select(['page_title', 'content_text'])
      .where('page_namespace', '=', 8)
      .where('page_title', 'in', titles)
      .execute();
    for (const row of rows) pages.set(row.page_title, row.content_text ?? '');
  }
  const fromWiki = (key: string): string | undefined => pages.get(upperFirst(key).replace(/ /g, '_') + suffix);
  // The stored catalogue's texts of the language (or the first of its fallback chain it holds),
  // else this service's own: German's for the languages that fall back to German.
  const fallbacks = fallbackChain(language, ctx.storedMessages);
  const stored = readerTexts(ctx.messages, language, fallbacks);
  const software = TEXTS[dateStyleOf(language, fallbacks)] ?? TEXTS.en;
  const result = new Map<string, TagMessages>();
  for (const tag of tags) {
    const builtIn = software?.[tag] ?? TEXTS.en?.[tag];
    result.set(tag, {
      name: fromWiki(`tag-${tag}`) ?? stored?.get(normalizeMessageKey(`tag-${tag}`)) ?? builtIn?.name,
      description:
        fromWiki(`tag-${tag}-description`) ??
        stored?.get(normalizeMessageKey(`tag-${tag}-description`)) ??
        builtIn?.description,
    });
  }
  return result;
}
