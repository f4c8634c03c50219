/**
 * The queries the API's lists are built on, one per list and way of listing, written against the
 * reference wiki (test/fixtures/reference-wiki). The query-plan test proves each is an indexed
 * range read in list order; the store benchmark measures them.
 *
 * Lists of distinct values (`alllinks` with `unique`, `pagepropnames`, ...) step from one value to
 * the next with `min(...) > previous` in a recursive query, so each step is one index lookup
 * however many rows share a value (SQLite and PostgreSQL have no loose index scan of their own).
 */
export const listQueries: Record<string, string> = {
  allpages: `select page_id, page_title from page where page_namespace = 0 and page_title >= 'Berlin' order by page_title limit 11`,
  'allpages descending': `select page_id, page_title from page where page_namespace = 0 and page_title <= 'Berlin' order by page_title desc limit 11`,
  'allpages redirects': `select page_id, page_title from page where page_namespace = 0 and page_is_redirect = 1 and page_title >= 'B' order by page_title limit 11`,
  prefixsearch: `select page_id, page_title from page where page_namespace = 0 and page_title >= 'Be' and page_title < 'Bf' order by page_title limit 11`,
  random: `select page_id from page where page_namespace = 0 and page_is_redirect = 0 and page_random >= 0.5 order by page_random limit 1`,
  'page by title': `select * from page where page_namespace = 0 and page_title = 'Berlin'`,
  'revisions of a page': `select * from revision where rev_page = 1 and (rev_timestamp, rev_id) <= ('20261121000000', 9999) order by rev_timestamp desc, rev_id desc limit 11`,
  'revision content': `select content_text from slots join content on content_id = slot_content_id where slot_revision_id = 5 and slot_role = 'main'`,
  allrevisions: `select rev_id from revision where (rev_timestamp, rev_id) <= ('20261121000000', 9999) order by rev_timestamp desc, rev_id desc limit 11`,
  usercontribs: `select rev_id from revision where rev_actor = 2 and (rev_timestamp, rev_id) <= ('20261121000000', 9999) order by rev_timestamp desc, rev_id desc limit 11`,
  'usercontribs by name': `select actor_id from actor where actor_name = 'Alice'`,
  'usercontribs userprefix': `select actor_id, actor_name from actor where actor_name >= 'Al' and actor_name < 'Am' order by actor_name`,
  contributors: `select distinct rev_actor from revision where rev_page = 1 order by rev_actor`,
  backlinks: `select pl_from from pagelinks where pl_namespace = 0 and pl_title = 'Berlin' and pl_from >= 10 order by pl_from limit 11`,
  'backlinks in a namespace': `select pl_from from pagelinks where pl_from_namespace = 0 and pl_namespace = 0 and pl_title = 'Berlin' and pl_from >= 10 order by pl_from limit 11`,
  'prop links': `select pl_namespace, pl_title from pagelinks where pl_from = 1 and (pl_namespace, pl_title) >= (0, 'B') order by pl_namespace, pl_title limit 11`,
  alllinks: `with recursive v(x) as (select min(pl_title) from pagelinks where pl_namespace = 0 and pl_title >= 'B' union all select (select min(pl_title) from pagelinks where pl_namespace = 0 and pl_title > x) from v where x is not null) select x from v where x is not null limit 11`,
  'alllinks with ids': `select pl_title, pl_from from pagelinks where pl_namespace = 0 and (pl_title, pl_from) >= ('B', 0) order by pl_title, pl_from limit 11`,
  embeddedin: `select tl_from from templatelinks where tl_namespace = 10 and tl_title = 'Infobox' and tl_from >= 0 order by tl_from limit 11`,
  'prop templates': `select tl_namespace, tl_title from templatelinks where tl_from = 1 order by tl_namespace, tl_title limit 11`,
  alltransclusions: `with recursive v(x) as (select min(tl_title) from templatelinks where tl_namespace = 10 and tl_title >= 'A' union all select (select min(tl_title) from templatelinks where tl_namespace = 10 and tl_title > x) from v where x is not null) select x from v where x is not null limit 11`,
  imageusage: `select il_from from imagelinks where il_to = 'Beispiel.png' and il_from >= 0 order by il_from limit 11`,
  'prop images': `select il_to from imagelinks where il_from = 1 and il_to >= 'A' order by il_to limit 11`,
  allfileusages: `with recursive v(x) as (select min(il_to) from imagelinks where il_to >= 'A' union all select (select min(il_to) from imagelinks where il_to > x) from v where x is not null) select x from v where x is not null limit 11`,
  categorymembers: `select cl_from, cl_sortkey from categorylinks where cl_to = 'Stadt' and cl_type = 'page' and (cl_sortkey, cl_from) >= ('B', 0) order by cl_sortkey, cl_from limit 11`,
  'categorymembers by time': `select cl_from from categorylinks where cl_to = 'Stadt' and (cl_timestamp, cl_from) >= ('2026', 0) order by cl_timestamp, cl_from limit 11`,
  'prop categories': `select cl_to, cl_sortkey from categorylinks where cl_from = 1 and cl_to >= 'A' order by cl_to limit 11`,
  allcategories: `select cat_title, cat_pages from category where cat_title >= 'B' order by cat_title limit 11`,
  categoryinfo: `select * from category where cat_title = 'Stadt'`,
  langlinks: `select ll_lang, ll_title from langlinks where ll_from = 1 and ll_lang >= 'en' order by ll_lang limit 11`,
  langbacklinks: `select ll_from from langlinks where ll_lang = 'en' and (ll_title, ll_from) >= ('Berlin', 0) order by ll_title, ll_from limit 11`,
  iwlinks: `select iwl_prefix, iwl_title from iwlinks where iwl_from = 1 order by iwl_prefix, iwl_title limit 11`,
  iwbacklinks: `select iwl_from from iwlinks where iwl_prefix = 'wikt' and (iwl_title, iwl_from) >= ('a', 0) order by iwl_title, iwl_from limit 11`,
  extlinks: `select el_to from externallinks where el_from = 1 and el_id >= 0 order by el_id limit 11`,
  exturlusage: `select el_from, el_to from externallinks where el_index_60 >= 'http://org.example.' and el_index_60 < 'http://org.example/' order by el_index_60, el_id limit 11`,
  allredirects: `select rd_title, rd_from from redirect where rd_namespace = 0 and (rd_title, rd_from) >= ('B', 0) order by rd_title, rd_from limit 11`,
  'prop redirects': `select rd_from from redirect where rd_namespace = 0 and rd_title = 'Berlin' and rd_from >= 0 order by rd_from limit 11`,
  pageswithprop: `select pp_page, pp_value from page_props where pp_propname = 'displaytitle' and pp_page >= 0 order by pp_page limit 11`,
  pagepropnames: `with recursive v(x) as (select min(pp_propname) from page_props where pp_propname >= 'a' union all select (select min(pp_propname) from page_props where pp_propname > x) from v where x is not null) select x from v where x is not null limit 11`,
  pageprops: `select pp_propname, pp_value from page_props where pp_page = 1 order by pp_propname`,
  'info protection': `select * from page_restrictions where pr_page = 1`,
  'allpages prtype': `select pr_page from page_restrictions where pr_type = 'edit' and pr_level = 'sysop'`,
  protectedtitles: `select pt_namespace, pt_title from protected_titles where (pt_timestamp, pt_namespace, pt_title) <= ('2030', 0, 'Z') order by pt_timestamp desc, pt_namespace desc, pt_title desc limit 11`,
  allimages: `select img_name from image where img_name >= 'B' order by img_name limit 11`,
  'allimages by time': `select img_name from image where (img_timestamp, img_name) <= ('2030', 'Z') order by img_timestamp desc, img_name desc limit 11`,
  duplicatefiles: `select img_name from image where img_sha1 = 'abc' order by img_name`,
  'imageinfo history': `select * from oldimage where oi_name = 'Karte.png' order by oi_timestamp desc limit 11`,
  filearchive: `select fa_id from filearchive where (fa_name, fa_timestamp, fa_id) >= ('A', '', 0) order by fa_name, fa_timestamp, fa_id limit 11`,
  mystashedfiles: `select us_key from uploadstash where us_user = 1 and us_id >= 0 order by us_id limit 11`,
  stashimageinfo: `select * from uploadstash where us_key = 'abc'`,
  alldeletedrevisions: `select ar_id from archive where (ar_namespace, ar_title, ar_timestamp, ar_id) <= (6, 'Z', '2030', 99) order by ar_namespace desc, ar_title desc, ar_timestamp desc, ar_id desc limit 11`,
  'alldeletedrevisions in a namespace': `select ar_id from archive where ar_namespace = 0 and (ar_title, ar_timestamp, ar_id) <= ('Z', '2030', 99) order by ar_title desc, ar_timestamp desc, ar_id desc limit 11`,
  'alldeletedrevisions by user': `select ar_id from archive where ar_actor = 129 and (ar_timestamp, ar_id) <= ('2030', 99) order by ar_timestamp desc, ar_id desc limit 11`,
  deletedrevisions: `select ar_id from archive where ar_namespace = 0 and ar_title = 'Gelöscht' order by ar_timestamp desc, ar_id desc limit 11`,
  recentchanges: `select rc_id from recentchanges where (rc_timestamp, rc_id) <= ('2030', 999) order by rc_timestamp desc, rc_id desc limit 11`,
  'recentchanges of a user': `select rc_id from recentchanges where rc_actor = 2 and (rc_timestamp, rc_id) <= ('2030', 999) order by rc_timestamp desc, rc_id desc limit 11`,
  'recentchanges of a page': `select rc_id from recentchanges where rc_namespace = 0 and rc_title = 'Berlin' order by rc_timestamp desc, rc_id desc limit 11`,
  'recentchanges with a tag': `select ct_rc_id from change_tag where ct_tag_id = 1 and ct_rc_id is not null order by ct_rc_id desc limit 11`,
  'recentchanges in namespaces': `select rc_id from recentchanges where +rc_namespace in (2, 3) and rc_type in (0, 1, 3, 6) and (rc_timestamp, rc_id) <= ('2030', 999) order by rc_timestamp desc, rc_id desc limit 11`,
  'logevents in a namespace': `select log_id from logging where +log_namespace = 2 and (log_timestamp, log_id) <= ('2030', 999) order by log_timestamp desc, log_id desc limit 11`,
  logevents: `select log_id from logging where (log_timestamp, log_id) <= ('2030', 999) order by log_timestamp desc, log_id desc limit 11`,
  'logevents by type': `select log_id from logging where log_type = 'delete' and (log_timestamp, log_id) <= ('2030', 999) order by log_timestamp desc, log_id desc limit 11`,
  'logevents by action': `select log_id from logging where log_type = 'delete' and log_action = 'restore' order by log_timestamp desc, log_id desc limit 11`,
  'logevents by user': `select log_id from logging where log_actor = 2 order by log_timestamp desc, log_id desc limit 11`,
  'logevents by page': `select log_id from logging where log_namespace = 0 and log_title = 'Berlin' order by log_timestamp desc, log_id desc limit 11`,
  blocks: `select ipb_id from ipblocks where (ipb_timestamp, ipb_id) <= ('2030', 99) order by ipb_timestamp desc, ipb_id desc limit 11`,
  'blocks of a user': `select * from ipblocks where ipb_address = 'Dave'`,
  'blocks holding an address': `select ipb_id from ipblocks where ipb_range_start >= 'C63364' and ipb_range_start < 'C63365' and ipb_range_start <= 'C633644D' and ipb_range_end >= 'C633644D' and ipb_auto = 0`,
  'blocks of accounts': `select ipb_id, ipb_deleted from ipblocks where ipb_user in (3, 4, 6) and ipb_expiry > '2026'`,
  'allusers of a group': `select user_id, user_name from user where user_name >= 'A' and exists (select 1 from user_groups where ug_user = user.user_id and ug_group in ('sysop', 'bot')) order by user_name limit 11`,
  'allusers active': `select count(*) from recentchanges join actor on actor_id = rc_actor where actor_user = 3 and rc_timestamp >= '20261001000000'`,
  allusers: `select user_id, user_name from user where user_name >= 'A' order by user_name limit 11`,
  'users by id': `select * from user where user_id = 3`,
  'user groups': `select ug_group, ug_expiry from user_groups where ug_user = 3`,
  'group members': `select ug_user from user_groups where ug_group = 'sysop'`,
  watchlistraw: `select wl_namespace, wl_title from watchlist where wl_user = 1 and (wl_namespace, wl_title) >= (0, 'B') order by wl_namespace, wl_title limit 11`,
  watchers: `select count(*) from watchlist where wl_namespace = 0 and wl_title = 'Berlin'`,
  tags: `select ctd_name, ctd_count from change_tag_def where ctd_name >= 'a' order by ctd_name limit 11`,
  'tags of a revision': `select ct_tag_id from change_tag where ct_rev_id = 5`,
  querypage: `select qc_namespace, qc_title, qc_value from querycache where qc_type = 'Wantedpages' order by qc_value desc limit 11`,
  'user preferences': `select up_property, up_value from user_properties where up_user = 1`,
  'new messages': `select user_id from user_newtalk where user_id = 4`,
};

/**
 * Lists that join two keys and so are read from several index ranges and sorted: `watchlist` reads
 * the user's watched titles (`wl_user`), then each title's recent changes
 * (`rc_namespace_title_timestamp`), and sorts only those changes by time. The alternative, reading
 * every recent change by time and looking each up in the watchlist, would read the whole table for
 * a user who watches little. The query-plan test checks that these read only from indexes.
 */
export const sortedListQueries: Record<string, string> = {
  watchlist: `select rc_id, actor_name, we_expiry from recentchanges join watchlist on wl_namespace = rc_namespace and wl_title = rc_title and wl_user = 1 left join actor on actor_id = rc_actor left join watchlist_expiry on we_item = wl_id where rc_type in (0, 1, 3, 6) and (rc_type = 3 or exists (select page_id from page where page_id = rc_cur_id and page_latest = rc_this_oldid)) and (rc_timestamp, rc_id) <= ('2030', 999) order by rc_timestamp desc, rc_id desc limit 11`,
};
