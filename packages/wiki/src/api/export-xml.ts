/**
 * `export`: the pages of the page set with their current revision in MediaWiki's XML export format
 * (schema 0.11), as `Special:Export` writes it. With `exportnowrap` the XML is the whole answer.
 */
import type { SiteConfig } from '../site/site.js';
import type { WikiStore } from '../store/database.js';
import { escapeHtml } from '../text/escape.js';
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
        : `      <namespace key="${ns.id}" case="${ns.case}">${escapeHtml(ns.name)}</namespace>`,
    )
    .join('\n');
  return `  <siteinfo>
    <sitename>${escapeHtml(site.siteName)}</sitename>
    <dbname>${escapeHtml(site.wikiId)}</dbname>
    <base>${escapeHtml(base)}</base>
    <generator>${escapeHtml(generator)}</generator>
    <case>${main?.case ?? 'first-letter'}</case>
    <namespaces>
${namespaces}
    </namespaces>
  </siteinfo>`;
}

export async function exportPages(
  store: WikiStore,
  site: SiteConfig,
  server: string,
  generator: string,
  pages: readonly PageRecord[],
): Promise<string> {
  const parts = [
    `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.mediawiki.org/xml/export-0.11/ http://www.mediawiki.org/xml/export-0.11.xsd" version="0.11" xml:lang="${escapeHtml(site.language)}">`,
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
  for (const page of pages) {
    const lines = [
      '  <page>',
      `    <title>${escapeHtml(page.title)}</title>`,
      `    <ns>${page.ns}</ns>`,
      `    <id>${page.pageid}</id>`,
    ];
    const rev = byPage.get(page.pageid);
    if (rev) {
      lines.push('    <revision>', `      <id>${rev.rev_id}</id>`);
      if (rev.rev_parent_id) lines.push(`      <parentid>${rev.rev_parent_id}</parentid>`);
      lines.push(`      <timestamp>${mwToIso(rev.rev_timestamp)}</timestamp>`);
      if (rev.rev_deleted & DELETED_USER) {
        lines.push('      <contributor deleted="deleted" />');
      } else if (rev.actor_user) {
        lines.push(
          '      <contributor>',
          `        <username>${escapeHtml(rev.actor_name)}</username>`,
          `        <id>${rev.actor_user}</id>`,
          '      </contributor>',
        );
      } else {
        lines.push('      <contributor>', `        <ip>${escapeHtml(rev.actor_name)}</ip>`, '      </contributor>');
      }
      if (rev.rev_minor_edit) lines.push('      <minor />');
      if (rev.rev_deleted & DELETED_COMMENT) lines.push('      <comment deleted="deleted" />');
      else if (rev.rev_comment !== '') lines.push(`      <comment>${escapeHtml(rev.rev_comment)}</comment>`);
      lines.push(
        `      <origin>${rev.slot_origin}</origin>`,
        `      <model>${escapeHtml(rev.content_model)}</model>`,
        `      <format>${FORMATS[rev.content_model] ?? 'text/plain'}</format>`,
      );
      if (rev.rev_deleted & DELETED_TEXT) {
        lines.push(`      <text bytes="${rev.content_size}" sha1="${rev.content_sha1}" deleted="deleted" />`);
      } else {
        lines.push(
          `      <text bytes="${rev.content_size}" sha1="${rev.content_sha1}" xml:space="preserve">${escapeHtml(rev.content_text)}</text>`,
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
