/**
 * Every query module of the wiki, in alphabetical order. A module file exports its `descriptor`
 * (paraminfo, help, validation) and its `execute` function.
 */
import type { QueryModule } from '../api/module.js';
import * as allcategories from './list/allcategories.js';
import * as alldeletedrevisions from './list/alldeletedrevisions.js';
import * as allfileusages from './list/allfileusages.js';
import * as allimages from './list/allimages.js';
import * as alllinks from './list/alllinks.js';
import * as allpages from './list/allpages.js';
import * as allredirects from './list/allredirects.js';
import * as allrevisions from './list/allrevisions.js';
import * as alltransclusions from './list/alltransclusions.js';
import * as allusers from './list/allusers.js';
import * as backlinks from './list/backlinks.js';
import * as blocks from './list/blocks.js';
import * as categorymembers from './list/categorymembers.js';
import * as codexicons from './list/codexicons.js';
import * as deletedrevs from './list/deletedrevs.js';
import * as embeddedin from './list/embeddedin.js';
import * as exturlusage from './list/exturlusage.js';
import * as filearchive from './list/filearchive.js';
import * as gadgetcategories from './list/gadgetcategories.js';
import * as gadgets from './list/gadgets.js';
import * as imageusage from './list/imageusage.js';
import * as iwbacklinks from './list/iwbacklinks.js';
import * as langbacklinks from './list/langbacklinks.js';
import * as linterrors from './list/linterrors.js';
import * as logevents from './list/logevents.js';
import * as mystashedfiles from './list/mystashedfiles.js';
import * as pagepropnames from './list/pagepropnames.js';
import * as pageswithprop from './list/pageswithprop.js';
import * as prefixsearch from './list/prefixsearch.js';
import * as protectedtitles from './list/protectedtitles.js';
import * as querypage from './list/querypage.js';
import * as random from './list/random.js';
import * as recentchanges from './list/recentchanges.js';
import * as search from './list/search.js';
import * as tags from './list/tags.js';
import * as trackingcategories from './list/trackingcategories.js';
import * as usercontribs from './list/usercontribs.js';
import * as users from './list/users.js';
import * as watchlist from './list/watchlist.js';
import * as watchlistraw from './list/watchlistraw.js';
import * as allmessages from './meta/allmessages.js';
import * as authmanagerinfo from './meta/authmanagerinfo.js';
import * as filerepoinfo from './meta/filerepoinfo.js';
import * as languageinfo from './meta/languageinfo.js';
import * as linterstats from './meta/linterstats.js';
import * as siteinfo from './meta/siteinfo.js';
import * as tokens from './meta/tokens.js';
import * as userinfo from './meta/userinfo.js';
import * as categories from './prop/categories.js';
import * as categoryinfo from './prop/categoryinfo.js';
import * as contributors from './prop/contributors.js';
import * as deletedrevisions from './prop/deletedrevisions.js';
import * as duplicatefiles from './prop/duplicatefiles.js';
import * as extlinks from './prop/extlinks.js';
import * as extracts from './prop/extracts.js';
import * as fileusage from './prop/fileusage.js';
import * as imageinfo from './prop/imageinfo.js';
import * as images from './prop/images.js';
import * as info from './prop/info.js';
import * as iwlinks from './prop/iwlinks.js';
import * as langlinks from './prop/langlinks.js';
import * as links from './prop/links.js';
import * as linkshere from './prop/linkshere.js';
import * as pageimages from './prop/pageimages.js';
import * as pageprops from './prop/pageprops.js';
import * as redirects from './prop/redirects.js';
import * as revisions from './prop/revisions.js';
import * as stashimageinfo from './prop/stashimageinfo.js';
import * as templates from './prop/templates.js';
import * as transcludedin from './prop/transcludedin.js';

export const QUERY_MODULES: readonly QueryModule[] = [
  allcategories,
  alldeletedrevisions,
  allfileusages,
  allimages,
  alllinks,
  allmessages,
  allpages,
  allredirects,
  allrevisions,
  alltransclusions,
  allusers,
  authmanagerinfo,
  backlinks,
  blocks,
  categories,
  categoryinfo,
  categorymembers,
  codexicons,
  contributors,
  deletedrevisions,
  deletedrevs,
  duplicatefiles,
  embeddedin,
  extlinks,
  extracts,
  exturlusage,
  filearchive,
  filerepoinfo,
  fileusage,
  gadgetcategories,
  gadgets,
  imageinfo,
  images,
  imageusage,
  info,
  iwbacklinks,
  iwlinks,
  langbacklinks,
  langlinks,
  languageinfo,
  links,
  linkshere,
  linterrors,
  linterstats,
  logevents,
  mystashedfiles,
  pageimages,
  pagepropnames,
  pageprops,
  pageswithprop,
  prefixsearch,
  protectedtitles,
  querypage,
  random,
  recentchanges,
  redirects,
  revisions,
  search,
  siteinfo,
  stashimageinfo,
  tags,
  templates,
  tokens,
  trackingcategories,
  transcludedin,
  usercontribs,
  userinfo,
  users,
  watchlist,
  watchlistraw,
];
