/**
 * The wiki's counts as MediaWiki keeps them (`site_stats`), with the number of administrators
 * counted from their group: what siteinfo's statistics and the statistics magic words give.
 */
import type { WikiStore } from './database.js';

export interface SiteStatistics {
  pages: number;
  articles: number;
  edits: number;
  images: number;
  users: number;
  activeusers: number;
  admins: number;
}

export async function siteStatistics(store: WikiStore): Promise<SiteStatistics> {
  const db = store.db;
  const stats = await db.selectFrom('site_stats').selectAll().executeTakeFirst();
  const admins = await db
    .selectFrom('user_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ug_group', '=', 'sysop')
    .executeTakeFirst();
  return {
    pages: Number(stats?.ss_total_pages ?? 0),
    articles: Number(stats?.ss_good_articles ?? 0),
    edits: Number(stats?.ss_total_edits ?? 0),
    images: Number(stats?.ss_images ?? 0),
    users: Number(stats?.ss_users ?? 0),
    activeusers: Number(stats?.ss_active_users ?? 0),
    admins: Number(admins?.n ?? 0),
  };
}
