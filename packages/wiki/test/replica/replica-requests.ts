/**
 * The requests a mirror is compared on with its source: one or more for each kind of data the
 * replica copies (pages and their history, texts, link tables as MediaWiki computed them, page
 * properties, protections, redirects, categories, accounts, the log, recent changes, blocks, files
 * and the site), each followed through its continuation.
 */
export type ReplicaRequest = Record<string, string>;

const q = (params: Record<string, string>): ReplicaRequest => ({
  action: 'query',
  format: 'json',
  formatversion: '2',
  ...params,
});

/** Requests whose answers name every page or row of a kind (lists), and some pages in depth. */
export function replicaRequests(titles: string[]): ReplicaRequest[] {
  const some = titles.join('|');
  return [
    q({
      meta: 'siteinfo',
      siprop:
        'general|namespaces|namespacealiases|interwikimap|statistics|usergroups|extensions|fileextensions|magicwords',
    }),
    ...[0, 1, 2, 3, 4, 6, 8, 10, 12, 14].map((ns) => q({ list: 'allpages', apnamespace: String(ns), aplimit: 'max' })),
    q({ list: 'allpages', apfilterredir: 'redirects', aplimit: 'max' }),
    q({ list: 'allpages', apprtype: 'edit|move', apprlevel: 'sysop|autoconfirmed', aplimit: 'max' }),
    q({ generator: 'allpages', gapnamespace: '10', gaplimit: 'max', prop: 'info', inprop: 'protection' }),
    q({
      generator: 'allpages',
      gapnamespace: '0',
      gaplimit: '200',
      prop: 'info|pageprops|categories|langlinks|iwlinks|extlinks',
      cllimit: 'max',
      clprop: 'sortkey|hidden',
      lllimit: 'max',
      iwlimit: 'max',
      ellimit: 'max',
    }),
    q({ generator: 'allpages', gapnamespace: '14', gaplimit: 'max', prop: 'categoryinfo' }),
    q({
      titles: some,
      prop: 'info|revisions|links|templates|images|categories|pageprops',
      rvprop: 'ids|timestamp|user|comment|size|sha1|content|flags|tags',
      rvslots: '*',
      pllimit: 'max',
      tllimit: 'max',
      imlimit: 'max',
      cllimit: 'max',
    }),
    ...titles.slice(0, 6).map((title) =>
      q({
        titles: title,
        prop: 'revisions',
        rvlimit: 'max',
        rvprop: 'ids|timestamp|user|userid|comment|size|sha1|flags|tags',
      }),
    ),
    q({
      list: 'allrevisions',
      arvlimit: '500',
      arvprop: 'ids|timestamp|user|comment|size|sha1|flags',
      arvdir: 'newer',
    }),
    q({ list: 'allcategories', aclimit: 'max', acprop: 'size|hidden' }),
    q({
      list: 'categorymembers',
      cmtitle: 'Kategorie:Stadt',
      cmprop: 'ids|title|sortkey|sortkeyprefix|type|timestamp',
      cmlimit: 'max',
    }),
    q({ list: 'alllinks', alnamespace: '0', allimit: 'max', alprop: 'ids|title' }),
    q({ list: 'alltransclusions', atlimit: 'max', atprop: 'ids|title' }),
    q({ list: 'allredirects', arlimit: 'max', arprop: 'ids|title|fragment|interwiki' }),
    q({ list: 'exturlusage', eulimit: 'max' }),
    q({ list: 'backlinks', bltitle: 'Berlin', bllimit: 'max' }),
    q({ list: 'embeddedin', eititle: 'Vorlage:Infobox Stadt', eilimit: 'max' }),
    q({ list: 'pageswithprop', pwppropname: 'defaultsort', pwpprop: 'ids|title|value', pwplimit: 'max' }),
    q({ list: 'allusers', aulimit: 'max', auprop: 'groups|editcount|registration' }),
    q({
      list: 'users',
      ususers: 'Admin|Alice|Bob|Carol|Dave|Eve|Frank Neu|Gustav',
      usprop: 'groups|groupmemberships|editcount|registration|gender|blockinfo',
    }),
    q({ list: 'logevents', lelimit: 'max', leprop: 'ids|title|type|user|timestamp|comment|details|tags' }),
    q({
      list: 'recentchanges',
      rclimit: 'max',
      rcprop: 'user|comment|flags|timestamp|title|ids|sizes|redirect|loginfo|tags',
    }),
    q({ list: 'blocks', bklimit: 'max', bkprop: 'id|user|by|timestamp|expiry|reason|range|flags|restrictions' }),
    q({
      list: 'allimages',
      ailimit: 'max',
      aiprop: 'timestamp|user|comment|size|dimensions|sha1|mime|mediatype|bitdepth',
    }),
    q({
      generator: 'allimages',
      gailimit: 'max',
      prop: 'imageinfo',
      iiprop: 'timestamp|user|comment|size|dimensions|sha1|mime',
      iilimit: 'max',
    }),
    q({ list: 'protectedtitles', ptlimit: 'max', ptprop: 'timestamp|user|comment|expiry|level' }),
    q({
      list: 'usercontribs',
      ucuser: 'Admin|Alice',
      uclimit: 'max',
      ucprop: 'ids|title|timestamp|comment|size|flags',
    }),
    q({ list: 'tags', tglimit: 'max', tgprop: 'hitcount|defined|source' }),
  ];
}
