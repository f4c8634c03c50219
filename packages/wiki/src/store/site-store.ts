import type { Kysely } from 'kysely';
import type { InterwikiEntry, SiteConfig } from '../site/site.js';
import type { WikiDatabase } from './schema.js';

/**
 * The SiteConfig lives in the store beside the wiki it describes: the `site` row holds it as
 * JSON, except the interwiki map, which is the `interwiki` table (MediaWiki's, copied by imports
 * and read by title parsing). Both are written in one go by `saveSite`.
 */

const siteRowId = 1;

function timestampNow(): string {
  return new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** The stored site, or undefined while nothing was imported or configured. */
export async function loadSite(db: Kysely<WikiDatabase>): Promise<SiteConfig | undefined> {
  const row = await db.selectFrom('site').select('site_config').where('site_id', '=', siteRowId).executeTakeFirst();
  if (!row) return undefined;
  const stored = JSON.parse(row.site_config) as Omit<SiteConfig, 'interwiki'>;
  const interwiki = await db.selectFrom('interwiki').selectAll().orderBy('iw_prefix').execute();
  return {
    ...stored,
    interwiki: interwiki.map((iw) => {
      const entry: InterwikiEntry = {
        prefix: iw.iw_prefix,
        url: iw.iw_url,
        local: iw.iw_local === 1,
        trans: iw.iw_trans === 1,
      };
      if (iw.iw_api) entry.api = iw.iw_api;
      if (iw.iw_wikiid) entry.wikiId = iw.iw_wikiid;
      return entry;
    }),
  };
}

/**
 * Writes the site and its interwiki map, replacing what was stored. Pass a transaction to make it
 * part of an import.
 */
export async function saveSite(db: Kysely<WikiDatabase>, site: SiteConfig): Promise<void> {
  const { interwiki, ...rest } = site;
  const row = {
    site_wiki_id: site.wikiId,
    site_server: site.server ?? null,
    site_config: JSON.stringify(rest),
    site_updated: timestampNow(),
  };
  await db
    .insertInto('site')
    .values({ site_id: siteRowId, ...row })
    .onConflict((oc) => oc.column('site_id').doUpdateSet(row))
    .execute();
  await db.deleteFrom('interwiki').execute();
  for (const entry of interwiki) {
    await db
      .insertInto('interwiki')
      .values({
        iw_prefix: entry.prefix,
        iw_url: entry.url,
        iw_api: entry.api ?? '',
        iw_wikiid: entry.wikiId ?? '',
        iw_local: entry.local ? 1 : 0,
        iw_trans: entry.trans ? 1 : 0,
      })
      .execute();
  }
}
