/**
 * The rows of a wiki that are not pages, read from the source's lists and written over the
 * store's: accounts and their groups, the log, recent changes, blocks, files (metadata and
 * bytes), protected titles, change tags and the site's statistics.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { WikiDatabase } from '../../store/schema.js';
import { archivePath, currentPath, writeInto } from '../files/upload-folder.js';
import type { MediaWikiApiClient } from './api-client.js';
import { actorId, nextId, writeTags } from './page-sync.js';
import { dbKeyOf, ipHex, sha1HexToBase36, storedLogParams, storeTimestamp, visibilityBits } from './rows.js';

type Db = Kysely<WikiDatabase>;

/** Accounts by name (all of them when no names are given), with groups, expiries and gender. */
export async function syncUsers(db: Db, client: MediaWikiApiClient, names?: string[]): Promise<number> {
  return writeUsers(db, await readUsers(client, names));
}

/** The source's accounts by name (all of them when no names are given), as `list=users` gives them. */
export async function readUsers(client: MediaWikiApiClient, names?: string[]): Promise<any[]> {
  let list = names;
  if (!list) {
    list = [];
    for await (const batch of client.listPages({ list: 'allusers', aulimit: 'max' }, 'allusers')) {
      for (const user of batch) list.push(user.name);
    }
  }
  const users: any[] = [];
  for (let i = 0; i < list.length; i += 50) {
    const answer = await client.request({
      action: 'query',
      list: 'users',
      ususers: list.slice(i, i + 50).join('|'),
      usprop: 'groupmemberships|editcount|registration|gender',
    });
    users.push(...(answer.query?.users ?? []));
  }
  return users;
}

/** Accounts read by `readUsers`, written over the store's, with groups, expiries and gender. */
export async function writeUsers(db: Db, users: any[]): Promise<number> {
  let written = 0;
  for (const user of users) {
    if (user.missing || user.invalid || !user.userid) continue;
    const id = user.userid as number;
    const old = await db
      .selectFrom('user')
      .select(['user_password', 'user_email', 'user_real_name', 'user_touched'])
      .where('user_id', '=', id)
      .executeTakeFirst();
    await db.deleteFrom('user').where('user_id', '=', id).execute();
    await db
      .insertInto('user')
      .values({
        user_id: id,
        user_name: user.name,
        user_real_name: old?.user_real_name ?? '',
        // The source never gives password hashes: a mirrored account cannot log in here.
        user_password: old?.user_password ?? '',
        user_email: old?.user_email ?? '',
        user_email_authenticated: null,
        user_touched: old?.user_touched ?? storeTimestamp(user.registration) ?? '',
        user_registration: user.registration ? storeTimestamp(user.registration) : null,
        user_editcount: user.editcount ?? 0,
        user_password_expires: null,
      })
      .execute();
    await actorId(db, user.name, id);
    await db.deleteFrom('user_groups').where('ug_user', '=', id).execute();
    for (const m of user.groupmemberships ?? []) {
      await db
        .insertInto('user_groups')
        .values({
          ug_user: id,
          ug_group: m.group,
          ug_expiry: m.expiry && m.expiry !== 'infinity' ? storeTimestamp(m.expiry) : null,
        })
        .execute();
    }
    await db.deleteFrom('user_properties').where('up_user', '=', id).where('up_property', '=', 'gender').execute();
    if (user.gender && user.gender !== 'unknown') {
      await db
        .insertInto('user_properties')
        .values({ up_user: id, up_property: 'gender', up_value: user.gender })
        .execute();
    }
    written++;
  }
  return written;
}

/** Log entries as the source's `list=logevents` showed them, each replacing the stored row of its id. */
export async function copyLogEntries(db: Db, entries: any[]): Promise<void> {
  for (const e of entries) {
    const id = e.logid as number;
    await db.deleteFrom('logging').where('log_id', '=', id).execute();
    await db
      .insertInto('logging')
      .values({
        log_id: id,
        log_type: e.type,
        log_action: e.action,
        log_timestamp: storeTimestamp(e.timestamp),
        log_actor: await actorId(db, e.user ?? '', e.userid),
        log_namespace: e.ns ?? 0,
        log_title: e.title !== undefined ? dbKeyOf(e.ns ?? 0, e.title) : '',
        log_page: e.logpage ?? null,
        log_comment: e.comment ?? '',
        log_params: storedLogParams(e.type, e.action, e.params),
        log_deleted: visibilityBits(e, 'actionhidden'),
      })
      .execute();
    await writeTags(db, { ct_log_id: id }, e.tags);
  }
}

export const LOG_PROPS = 'ids|title|type|user|userid|timestamp|comment|details|tags';
export const RC_PROPS = 'user|userid|comment|flags|timestamp|title|ids|sizes|redirect|loginfo|tags|sha1|patrolled';

const RC_TYPES: Record<string, [number, string]> = {
  edit: [0, 'mw.edit'],
  new: [1, 'mw.new'],
  log: [3, 'mw.log'],
  external: [5, 'mw.external'],
  categorize: [6, 'mw.categorize'],
};

export async function copyRecentChanges(db: Db, entries: any[]): Promise<void> {
  for (const rc of entries) {
    const id = rc.rcid as number;
    const [type, source] = RC_TYPES[rc.type] ?? [0, 'mw.edit'];
    await db.deleteFrom('recentchanges').where('rc_id', '=', id).execute();
    const anonymous = rc.anon === true;
    await db
      .insertInto('recentchanges')
      .values({
        rc_id: id,
        rc_timestamp: storeTimestamp(rc.timestamp),
        rc_actor: await actorId(db, rc.user ?? '', rc.userid),
        rc_namespace: rc.ns ?? 0,
        rc_title: rc.title !== undefined ? dbKeyOf(rc.ns ?? 0, rc.title) : '',
        rc_comment: rc.comment ?? '',
        rc_minor: rc.minor === true ? 1 : 0,
        rc_bot: rc.bot === true ? 1 : 0,
        rc_new: rc.type === 'new' ? 1 : 0,
        rc_cur_id: rc.pageid ?? 0,
        rc_this_oldid: rc.revid ?? 0,
        rc_last_oldid: rc.old_revid ?? 0,
        rc_type: type,
        rc_source: source,
        rc_patrolled: rc.autopatrolled === true ? 2 : rc.patrolled === true ? 1 : 0,
        rc_ip: anonymous ? (rc.user ?? '') : '',
        rc_old_len: rc.oldlen ?? null,
        rc_new_len: rc.newlen ?? null,
        rc_deleted: visibilityBits(rc, 'actionhidden'),
        rc_logid: rc.logid ?? 0,
        rc_log_type: rc.logtype ?? null,
        rc_log_action: rc.logaction ?? null,
        rc_params: rc.type === 'log' ? storedLogParams(rc.logtype, rc.logaction, rc.logparams) : '',
      })
      .execute();
    await writeTags(db, { ct_rc_id: id }, rc.tags);
  }
}

/**
 * The recent changes of one title as the source has them now: MediaWiki removes a deleted page's
 * edits from them and changes their visibility with a revision deletion.
 */
export async function syncRecentChangesOf(
  db: Db,
  client: MediaWikiApiClient,
  title: string,
  upToId: number,
): Promise<void> {
  const answer = await client.queryAll({ list: 'recentchanges', rctitle: title, rclimit: 'max', rcprop: RC_PROPS });
  const changes = ((answer.query?.recentchanges ?? []) as any[]).filter((rc) => Number(rc.rcid) <= upToId);
  const ns = changes[0]?.ns ?? (await namespaceOf(client, title));
  if (ns === undefined) return;
  const kept = new Set(changes.map((rc) => Number(rc.rcid)));
  const stored = await db
    .selectFrom('recentchanges')
    .select('rc_id')
    .where('rc_namespace', '=', ns)
    .where('rc_title', '=', dbKeyOf(ns, title))
    .where('rc_id', '<=', upToId)
    .execute();
  for (const row of stored) {
    if (kept.has(row.rc_id)) continue;
    await db.deleteFrom('change_tag').where('ct_rc_id', '=', row.rc_id).execute();
    await db.deleteFrom('recentchanges').where('rc_id', '=', row.rc_id).execute();
  }
  await copyRecentChanges(db, changes);
}

async function namespaceOf(client: MediaWikiApiClient, title: string): Promise<number | undefined> {
  const answer = await client.request({ action: 'query', titles: title });
  const ns = answer.query?.pages?.[0]?.ns;
  return typeof ns === 'number' ? ns : undefined;
}

/** Every block, replacing the store's. */
export async function syncBlocks(db: Db, client: MediaWikiApiClient): Promise<number> {
  const blocks: any[] = [];
  for await (const batch of client.listPages(
    {
      list: 'blocks',
      bklimit: 'max',
      bkprop: 'id|user|userid|by|byid|timestamp|expiry|reason|range|flags|restrictions',
    },
    'blocks',
  )) {
    blocks.push(...batch);
  }
  await db.deleteFrom('ipblocks_restrictions').execute();
  await db.deleteFrom('ipblocks').execute();
  for (const b of blocks) {
    await db
      .insertInto('ipblocks')
      .values({
        ipb_id: b.id,
        ipb_address: b.user ?? '',
        ipb_user: b.userid ?? 0,
        ipb_by_actor: await actorId(db, b.by ?? '', b.byid),
        ipb_reason: b.reason ?? '',
        ipb_timestamp: storeTimestamp(b.timestamp),
        ipb_auto: b.automatic === true ? 1 : 0,
        ipb_anon_only: b.anononly === true ? 1 : 0,
        ipb_create_account: b.nocreate === true ? 1 : 0,
        ipb_enable_autoblock: b.autoblock === true ? 1 : 0,
        ipb_expiry: storeTimestamp(b.expiry),
        ipb_range_start: b.rangestart ? (ipHex(b.rangestart) ?? '') : '',
        ipb_range_end: b.rangeend ? (ipHex(b.rangeend) ?? '') : '',
        ipb_deleted: b.hidden === true ? 1 : 0,
        ipb_block_email: b.noemail === true ? 1 : 0,
        ipb_allow_usertalk: b.allowusertalk === true ? 1 : 0,
        ipb_parent_block_id: null,
        ipb_sitewide: b.partial === true ? 0 : 1,
      })
      .execute();
    const r = b.restrictions ?? {};
    for (const page of r.pages ?? []) {
      await db.insertInto('ipblocks_restrictions').values({ ir_ipb_id: b.id, ir_type: 1, ir_value: page.id }).execute();
    }
    for (const ns of r.namespaces ?? []) {
      await db.insertInto('ipblocks_restrictions').values({ ir_ipb_id: b.id, ir_type: 2, ir_value: ns }).execute();
    }
  }
  return blocks.length;
}

const FILE_PROPS = 'timestamp|user|userid|comment|url|size|dimensions|sha1|mime|mediatype|bitdepth|archivename';

/**
 * Where a file's bytes are fetched: its URL, except that a URL on the wiki's configured server
 * (`$wgServer`) is fetched from the host the API was reached at (a wiki behind a proxy or a port
 * mapping names a server it cannot be reached at from here).
 */
function downloadUrl(client: MediaWikiApiClient, url: string, server: string | undefined): string {
  const absolute = new URL(url, client.url);
  if (server && absolute.origin === new URL(server, client.url).origin) {
    const api = new URL(client.url);
    absolute.protocol = api.protocol;
    absolute.host = api.host;
  }
  return absolute.toString();
}

async function fetchBytes(client: MediaWikiApiClient, url: string, server: string | undefined): Promise<Uint8Array> {
  const absolute = downloadUrl(client, url, server);
  let pause = 1;
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(absolute, { signal: AbortSignal.timeout(120_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      if (attempt >= 5) throw new Error(`cannot download ${absolute}: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, pause * 1000));
      pause *= 2;
    }
  }
}

/**
 * Files by name (`Foo.png`, without the namespace), every version with its bytes when
 * `uploadDirectory` is given; a file the source no longer has is removed.
 */
export async function syncFiles(
  db: Db,
  client: MediaWikiApiClient,
  names: string[],
  uploadDirectory: string | undefined,
  server: string | undefined,
): Promise<number> {
  let written = 0;
  for (const name of names) {
    const answer = await client.queryAll({
      titles: `File:${name}`,
      prop: 'imageinfo',
      iiprop: FILE_PROPS,
      iilimit: 'max',
    });
    const page = answer.query?.pages?.[0];
    const dbKey = name.replace(/ /g, '_');
    await db.deleteFrom('image').where('img_name', '=', dbKey).execute();
    await db.deleteFrom('oldimage').where('oi_name', '=', dbKey).execute();
    const versions: any[] = page?.imageinfo ?? [];
    for (const [i, v] of versions.entries()) {
      const [major, minor] = String(v.mime ?? 'unknown/unknown').split('/');
      const actor = await actorId(db, v.user ?? '', v.userid);
      const sha1 = sha1HexToBase36(v.sha1);
      if (uploadDirectory && v.url && !v.filehidden) {
        const bytes = await fetchBytes(client, v.url, server);
        if (createHash('sha1').update(bytes).digest('hex') !== v.sha1) {
          throw new Error(`the bytes of ${name} (${v.timestamp}) do not match the source's SHA-1`);
        }
        await writeInto(uploadDirectory, i === 0 ? currentPath(dbKey) : archivePath(dbKey, v.archivename ?? ''), bytes);
      }
      if (i === 0) {
        await db
          .insertInto('image')
          .values({
            img_name: dbKey,
            img_size: v.size ?? 0,
            img_width: v.width ?? 0,
            img_height: v.height ?? 0,
            img_metadata: '',
            img_bits: v.bitdepth ?? 0,
            img_media_type: v.mediatype ?? null,
            img_major_mime: major ?? 'unknown',
            img_minor_mime: minor ?? 'unknown',
            img_description: v.comment ?? '',
            img_actor: actor,
            img_timestamp: storeTimestamp(v.timestamp),
            img_sha1: sha1,
          })
          .execute();
      } else {
        await db
          .insertInto('oldimage')
          .values({
            oi_name: dbKey,
            oi_archive_name: v.archivename ?? '',
            oi_size: v.size ?? 0,
            oi_width: v.width ?? 0,
            oi_height: v.height ?? 0,
            oi_bits: v.bitdepth ?? 0,
            oi_description: v.comment ?? '',
            oi_actor: actor,
            oi_timestamp: storeTimestamp(v.timestamp),
            oi_metadata: '',
            oi_media_type: v.mediatype ?? null,
            oi_major_mime: major ?? 'unknown',
            oi_minor_mime: minor ?? 'unknown',
            oi_deleted: visibilityBits(v, 'texthidden'),
            oi_sha1: sha1,
          })
          .execute();
      }
      written++;
    }
  }
  return written;
}

/** Every file's name on the source. */
export async function allFileNames(client: MediaWikiApiClient): Promise<string[]> {
  const names: string[] = [];
  for await (const batch of client.listPages({ list: 'allimages', ailimit: 'max', aiprop: '' }, 'allimages')) {
    for (const image of batch) names.push(String(image.name).replace(/_/g, ' '));
  }
  return names;
}

/** Titles protected against creation, replacing the store's. */
export async function syncProtectedTitles(db: Db, client: MediaWikiApiClient): Promise<void> {
  await db.deleteFrom('protected_titles').execute();
  for await (const batch of client.listPages(
    { list: 'protectedtitles', ptlimit: 'max', ptprop: 'timestamp|user|userid|comment|expiry|level' },
    'protectedtitles',
  )) {
    for (const t of batch) {
      await db
        .insertInto('protected_titles')
        .values({
          pt_namespace: t.ns,
          pt_title: dbKeyOf(t.ns, t.title),
          pt_user: t.userid ?? 0,
          pt_reason: t.comment ?? '',
          pt_timestamp: storeTimestamp(t.timestamp),
          pt_expiry: storeTimestamp(t.expiry),
          pt_create_perm: t.level,
        })
        .execute();
    }
  }
}

/** The change tags' definitions with their counts, and the site's statistics. */
export async function syncTagsAndStatistics(db: Db, client: MediaWikiApiClient): Promise<void> {
  await writeTagsAndStatistics(db, await readTagsAndStatistics(client));
}

export interface TagsAndStatistics {
  /** The change tags with their counts (undefined: not read, left as they are). */
  tags?: any[];
  statistics?: any;
}

/** The source's change tags (unless `tags` is false) and its statistics. */
export async function readTagsAndStatistics(client: MediaWikiApiClient, tags = true): Promise<TagsAndStatistics> {
  const [tagList, stats] = await Promise.all([
    tags
      ? (async () => {
          const all: any[] = [];
          for await (const batch of client.listPages(
            { list: 'tags', tglimit: 'max', tgprop: 'defined|hitcount|source' },
            'tags',
          ))
            all.push(...batch);
          return all;
        })()
      : undefined,
    client.request({ action: 'query', meta: 'siteinfo', siprop: 'statistics' }),
  ]);
  return { tags: tagList, statistics: stats.query?.statistics };
}

export async function writeTagsAndStatistics(db: Db, read: TagsAndStatistics): Promise<void> {
  for (const tag of read.tags ?? []) {
    const existing = await db
      .selectFrom('change_tag_def')
      .select('ctd_id')
      .where('ctd_name', '=', tag.name)
      .executeTakeFirst();
    const values = { ctd_user_defined: (tag.source ?? []).includes('manual') ? 1 : 0, ctd_count: tag.hitcount ?? 0 };
    if (existing) await db.updateTable('change_tag_def').set(values).where('ctd_id', '=', existing.ctd_id).execute();
    else if (values.ctd_count > 0 || values.ctd_user_defined) {
      await db
        .insertInto('change_tag_def')
        .values({ ctd_id: await nextId(db, 'change_tag_def', 'ctd_id'), ctd_name: tag.name, ...values })
        .execute();
    }
  }
  const stats = read.statistics;
  if (stats) {
    await db.deleteFrom('site_stats').execute();
    await db
      .insertInto('site_stats')
      .values({
        ss_row_id: 1,
        ss_total_edits: stats.edits,
        ss_good_articles: stats.articles,
        ss_total_pages: stats.pages,
        ss_users: stats.users,
        ss_active_users: stats.activeusers,
        ss_images: stats.images,
      })
      .execute();
  }
}
