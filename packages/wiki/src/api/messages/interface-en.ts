/**
 * English interface messages under MediaWiki's keys: the texts clients ask `meta=allmessages` for
 * (the main page's name, tab and namespace labels, tracking category names, greetings). Written for
 * this service; a wiki changes any of them with a `MediaWiki:<Key>` page.
 */
export const ENGLISH_INTERFACE_MESSAGES: Record<string, string> = {
  mainpage: 'Main Page',
  ellipsis: '...',
  // Names of the software's own users (reserved user names).
  'double-redirect-fixer': 'Redirect fixer',
  'usermessage-editor': 'System messenger',
  proxyblocker: 'Proxy blocker',
  sorbs: 'DNSBL',
  spambot_username: 'MediaWiki spam cleanup',
  'autochange-username': 'MediaWiki automatic change',
  'mainpage-description': 'Main page',
  'mainpage-nstab': 'Main page',
  'mainpage-title': '-',
  'mainpage-title-loggedin': '-',
  sitetitle: '{{SITENAME}}',
  sitesubtitle: '',
  tagline: 'From {{SITENAME}}',
  welcomeuser: 'Welcome, $1!',
  'welcomecreation-msg':
    'Your account has been created.\nYou can change your {{SITENAME}} [[Special:Preferences|preferences]] if you wish.',
  'confirmable-yes': 'Yes',
  'confirmable-no': 'No',
  edit: 'Edit',
  create: 'Create',
  view: 'Read',
  history: 'History',
  history_short: 'History',
  delete: 'Delete',
  move: 'Move',
  protect: 'Protect',
  unprotect: 'Change protection',
  watch: 'Watch',
  unwatch: 'Unwatch',
  talk: 'Discussion',
  search: 'Search',
  login: 'Log in',
  logout: 'Log out',
  mytalk: 'Talk',
  mycontris: 'Contributions',
  mypreferences: 'Preferences',
  mywatchlist: 'Watchlist',
  recentchanges: 'Recent changes',
  randompage: 'Random page',
  specialpages: 'Special pages',
  whatlinkshere: 'What links here',
  help: 'Help',
  toc: 'Contents',
  editsection: 'edit',
  printableversion: 'Printable version',
  permalink: 'Permanent link',
  categories: 'Categories',
  pagecategories: '{{PLURAL:$1|Category|Categories}}',
  'hidden-categories': '{{PLURAL:$1|Hidden category|Hidden categories}}',
  redirectedfrom: '(Redirected from $1)',
  retrievedfrom: 'Retrieved from "$1"',
  lastmodifiedat: 'This page was last edited on $1, at $2.',
  signature: '[[{{ns:user}}:$1|$2]] ([[{{ns:user_talk}}:$1|talk]])',
  'unsupported-content-diff': 'Diffs are not supported for content model $1.',
  'unsupported-content-diff2': 'Diffs between the content models $1 and $2 are not supported on this wiki.',
  'signature-anon': '[[{{#special:Contributions}}/$1|$2]]',
  'nstab-main': 'Page',
  'nstab-user': 'User page',
  'nstab-media': 'Media page',
  'nstab-special': 'Special page',
  'nstab-project': 'Project page',
  'nstab-image': 'File',
  'nstab-mediawiki': 'Message',
  'nstab-template': 'Template',
  'nstab-help': 'Help page',
  'nstab-category': 'Category',
  blanknamespace: '(Main)',
  namespacesall: 'all',
  invert: 'Invert selection',
  'gender-male': 'He edits wiki pages',
  'gender-female': 'She edits wiki pages',
  'gender-unknown': 'They edit wiki pages',
  'pageimages-desc': 'Collects information about images used on a page',
  'broken-file-category': 'Pages with broken file links',
  'broken-file-category-desc':
    'The page contains a broken file link (a link to embed a file when the file does not exist).',
  'hidden-category-category': 'Hidden categories',
  'hidden-category-category-desc':
    'The category contains <code><nowiki>__HIDDENCAT__</nowiki></code> in its page content, which prevents it from showing up, by default, in the box of category links on pages.',
  'index-category': 'Indexed pages',
  'index-category-desc':
    'The page has a <code><nowiki>__INDEX__</nowiki></code> magic word on it, and is in a namespace where that flag is allowed, and hence is indexed by robots where it normally would not be.',
  'noindex-category': 'Noindexed pages',
  'noindex-category-desc':
    'The robot policy of the page is noindex: it has a <code><nowiki>__NOINDEX__</nowiki></code> magic word on it and is in a namespace where that flag is allowed.',
  'expensive-parserfunction-category': 'Pages with too many expensive parser function calls',
  'expensive-parserfunction-category-desc':
    'The page uses too many expensive parser functions (like <code>#ifexist</code>).',
  'post-expand-template-argument-category': 'Pages containing omitted template arguments',
  'post-expand-template-argument-category-desc':
    'The page is bigger than the allowed size after expanding a template argument, so the argument was omitted.',
  'post-expand-template-inclusion-category': 'Pages where template include size is exceeded',
  'post-expand-template-inclusion-category-desc':
    'The page is bigger than the allowed size after expanding all templates, so some templates were not expanded.',
  'node-count-exceeded-category': 'Pages where node count is exceeded',
  'node-count-exceeded-category-desc': 'The page exceeds the maximum node count.',
  'expansion-depth-exceeded-category': 'Pages where expansion depth is exceeded',
  'expansion-depth-exceeded-category-desc': 'The page exceeds the maximum expansion depth.',
  'duplicate-defaultsort': '<strong>Warning:</strong> The default sort key "$2" replaces the earlier one, "$1".',
  'duplicate-displaytitle': '<strong>Warning:</strong> The display title "$2" replaces the earlier one, "$1".',
  'restricted-displaytitle-ignored': 'Pages with ignored display titles',
  'restricted-displaytitle-ignored-desc':
    'The page has an ignored <code><nowiki>{{DISPLAYTITLE}}</nowiki></code> because it is not equivalent to the actual title of the page.',
  'template-loop-category': 'Pages with template loops',
  'template-loop-category-desc': 'The page contains a template loop, a template which calls itself recursively.',
  'nonnumeric-formatnum': 'Pages with non-numeric formatnum arguments',
  'nonnumeric-formatnum-desc':
    'The page contains a non-numeric argument to the <code>formatnum</code> parser function.',
  'bad-language-code-category': 'Pages with invalid language codes',
  'bad-language-code-category-desc': 'The page has a language code that is not valid.',
  'double-px-category': 'Pages with image sizes containing extra px',
  'double-px-category-desc': 'The page contains an image size with more than one "px" suffix.',
  'duplicate-args-category': 'Pages using duplicate arguments in template calls',
  'duplicate-args-category-desc': 'The page contains template calls that use duplicates of arguments.',
  'cite-tracking-category-cite-error': 'Pages with reference errors',
  'cite-tracking-category-cite-error-desc': 'Pages in this category have references with errors.',
  // The upload form's warnings about a file's name (imageinfo's uploadwarning).
  fileexists: 'A file named <strong>[[:$1]]</strong> is there already. Look at it before you replace it.\n[[$1|thumb]]',
  filepageexists:
    'The description page <strong>[[:$1]]</strong> exists, but no file of that name.\nA summary given with the upload is not added to that page: edit the page after the upload.\n[[$1|thumb]]',
  'fileexists-extension':
    'A file with a similar name is there already: [[$2|thumb]]\n* Your file: <strong>[[:$1]]</strong>\n* The file that is there: <strong>[[:$2]]</strong>\nPerhaps a name that tells the two apart would be better?',
  'fileexists-thumbnail-yes':
    'This file looks like a scaled-down copy <em>(a thumbnail)</em> of another.\n[[$1|thumb]]\nCompare it with <strong>[[:$1]]</strong>.\nIf that is the same picture at full size, there is no need to upload a thumbnail of it.',
  'file-thumbnail-no':
    'The name starts with <strong>$1</strong>, as the names of scaled-down copies <em>(thumbnails)</em> do.\nUpload the picture at full size if you have it, or choose another name.',
  'filename-bad-prefix':
    'The name starts with <strong>"$1"</strong>, the kind of name a digital camera gives by itself.\nA name that says what the file shows is more useful.',
  // Prefixes of the names cameras give (one a line; `#` begins a comment).
  'filename-prefix-blacklist':
    ' #<!-- leave this line as it is --> <pre>\n# One prefix a line; what follows a # is a comment.\nCIMG # Casio\nDSC_ # Nikon\nDSCF # Fuji\nDSCN # Nikon\nDUW # some mobile phones\nIMG # generic\nJD # Jenoptik\nMGP # Pentax\nPICT # various\n #</pre> <!-- leave this line as it is -->',
  'thumbnail-more': 'Enlarge',
  // Why index.php?action=raw refuses a page's text as a script or style sheet (a 403).
  'unregistered-user-config':
    'A user page holding a script, style sheet or JSON is not sent as such while no account of that user exists.',
  'unprotected-js':
    "A page only administrators can edit, a page in the MediaWiki namespace or a user's own script page can be loaded as JavaScript; this page is none of them.",
};
