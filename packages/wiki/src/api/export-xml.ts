/**
 * `export`: the pages of the page set with their current revision in MediaWiki's XML export format
 * (schema 0.11, or 0.10 with `exportschema`), as `Special:Export` writes it. With `exportnowrap` the
 * XML is the whole answer.
 */

import { isIPAddress } from '../site/ip-address.js';
import { bcp47 } from '../site/languages.js';
import { namespaceById, type SiteConfig } from '../site/site.js';
import type { WikiStore } from '../store/database.js';
import { escapeHtml, escapeXmlText } from '../text/escape.js';
import type { PageRecord } from './pageset.js';
import { mwToIso } from './params/timestamp.js';

const FORMATS: Record<string, string> = {
  wikitext: 'text/x-wiki',
  javascript: 'text/javascript',
  css: 'text/css',
  json: 'application/json',
  text: 'text/plain',
  GadgetDefinition: 'application/json',
  'sanitized-css': 'text/css',
};

const DELETED_TEXT = 1;
const DELETED_COMMENT = 2;
const DELETED_USER = 4;

function siteInfo(site: SiteConfig, server: string, generator: string): string {
  const base = `${server}${site.articlePath.replace('$1', encodeURIComponent(site.mainPage.replace(/ /g, '_')))}`;
  const main = site.namespaces.find((ns) => ns.id === 0);
  const namespaces = site.namespaces
    .map((ns) =>
      ns.name === ''
        ? `      <namespace key="${ns.id}" case="${ns.case}" />`
        : `      <namespace key="${ns.id}" case="${ns.case}">${escapeXmlText(ns.name)}</namespace>`,
    )
    .join('\n');
  return `  <siteinfo>
    <sitename>${escapeXmlText(site.siteName)}</sitename>
    <dbname>${escapeXmlText(site.wikiId)}</dbname>
    <base>${escapeXmlText(base)}</base>
    <generator>${escapeXmlText(generator)}</generator>
    <case>${main?.case ?? 'first-letter'}</case>
    <namespaces>
${namespaces}
    </namespaces>
  </siteinfo>`;
}

/** The schema versions the export writes: 0.10 lacks the slots' `origin` and the text's `sha1`. */
export type ExportSchema = '0.10' | '0.11';

/**
 * A title as the export names it: the namespace's name in the content language (never a gendered
 * form: `Benutzer:Alice`) and the title with spaces.
 */
function exportTitle(site: SiteConfig, ns: number, dbKey: string): string {
  const name = namespaceById(site, ns)?.name ?? '';
  const text = dbKey.replace(/_/g, ' ');
  return name === '' ? text : `${name}:${text}`;
}

/** A redirect's target as the export names it, an interwiki one with its prefix and remote title. */
function redirectTargetTitle(
  site: SiteConfig,
  target: { rd_namespace: number; rd_title: string; rd_interwiki: string | null },
): string {
  if (target.rd_interwiki) return `${target.rd_interwiki}:${target.rd_title.replace(/_/g, ' ')}`;
  return exportTitle(site, target.rd_namespace, target.rd_title);
}

export async function exportPages(
  store: WikiStore,
  site: SiteConfig,
  server: string,
  generator: string,
  pages: readonly PageRecord[],
  schema: ExportSchema = '0.11',
): Promise<string> {
  const v11 = schema === '0.11';
  const parts = [
    `<mediawiki xmlns="http://www.mediawiki.org/xml/export-${schema}/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.mediawiki.org/xml/export-${schema}/ http://www.mediawiki.org/xml/export-${schema}.xsd" version="${schema}" xml:lang="${escapeHtml(bcp47(site.language))}">`,
    siteInfo(site, server, generator),
  ];
  const latest = pages.map((p) => p.latest);
  const revisions =
    latest.length === 0
      ? []
      : await store.db
          .selectFrom('revision')
          .innerJoin('actor', 'actor_id', 'rev_actor')
          .innerJoin('slots', 'slot_revision_id', 'rev_id')
          .innerJoin('content', 'content_id', 'slot_content_id')
          .select([
            'rev_id',
            'rev_page',
            'rev_timestamp',
            'rev_comment',
            'rev_minor_edit',
            'rev_deleted',
            'rev_parent_id',
            'rev_sha1',
            'actor_name',
            'actor_user',
            'slot_origin',
            'content_model',
            'content_size',
            'content_sha1',
            'content_text',
          ])
          .where('rev_id', 'in', latest)
          .where('slot_role', '=', 'main')
          .execute();
  const byPage = new Map(revisions.map((r) => [r.rev_page, r]));
  const redirectIds = pages.filter((p) => p.isRedirect).map((p) => p.pageid);
  const targets =
    redirectIds.length === 0
      ? []
      : await store.db
          .selectFrom('redirect')
          .select(['rd_from', 'rd_namespace', 'rd_title', 'rd_interwiki'])
          .where('rd_from', 'in', redirectIds)
          .execute();
  const targetOf = new Map(targets.map((t) => [t.rd_from, redirectTargetTitle(site, t)]));
  for (const page of pages) {
    const lines = [
      '  <page>',
      `    <title>${escapeXmlText(exportTitle(site, page.ns, page.dbKey))}</title>`,
      `    <ns>${page.ns}</ns>`,
      `    <id>${page.pageid}</id>`,
    ];
    const target = targetOf.get(page.pageid);
    if (target !== undefined) lines.push(`    <redirect title="${escapeHtml(target)}" />`);
    const rev = byPage.get(page.pageid);
    if (rev) {
      lines.push('    <revision>', `      <id>${rev.rev_id}</id>`);
      if (rev.rev_parent_id) lines.push(`      <parentid>${rev.rev_parent_id}</parentid>`);
      lines.push(`      <timestamp>${mwToIso(rev.rev_timestamp)}</timestamp>`);
      if (rev.rev_deleted & DELETED_USER) {
        lines.push('      <contributor deleted="deleted" />');
      } else if (rev.actor_user || !isIPAddress(rev.actor_name)) {
        // A name that is no address is a user's (an imported `prefix>Name` has no local id).
        lines.push(
          '      <contributor>',
          `        <username>${escapeXmlText(rev.actor_name)}</username>`,
          `        <id>${rev.actor_user ?? 0}</id>`,
          '      </contributor>',
        );
      } else {
        lines.push('      <contributor>', `        <ip>${escapeXmlText(rev.actor_name)}</ip>`, '      </contributor>');
      }
      if (rev.rev_minor_edit) lines.push('      <minor/>');
      if (rev.rev_deleted & DELETED_COMMENT) lines.push('      <comment deleted="deleted" />');
      else if (rev.rev_comment !== '') lines.push(`      <comment>${escapeXmlText(rev.rev_comment)}</comment>`);
      if (v11) lines.push(`      <origin>${rev.slot_origin}</origin>`);
      lines.push(
        `      <model>${escapeXmlText(rev.content_model)}</model>`,
        `      <format>${FORMATS[rev.content_model] ?? 'text/plain'}</format>`,
      );
      const textAttributes = v11
        ? `bytes="${rev.content_size}" sha1="${rev.content_sha1}"`
        : `bytes="${rev.content_size}"`;
      if (rev.rev_deleted & DELETED_TEXT) {
        lines.push(`      <text ${textAttributes} deleted="deleted" />`);
      } else {
        // An empty text is a short tag, as MediaWiki writes an element without content.
        const text = rev.content_text;
        lines.push(
          text === ''
            ? `      <text ${textAttributes} xml:space="preserve" />`
            : `      <text ${textAttributes} xml:space="preserve">${escapeXmlText(text)}</text>`,
        );
      }
      lines.push(`      <sha1>${rev.rev_sha1}</sha1>`, '    </revision>');
    }
    lines.push('  </page>');
    parts.push(lines.join('\n'));
  }
  parts.push('</mediawiki>\n');
  return parts.join('\n');
}
