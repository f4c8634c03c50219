import { TITLE_INVALID_ENGLISH } from '../../site/title.js';

/**
 * English texts of the API's errors and warnings, worded as MediaWiki words them: clients match
 * these strings. Placeholders `$1`, `$2`, ... take the message's parameters; `{{PLURAL:$n|one|many}}`
 * picks a form by the number in parameter n. The reasons a title is invalid come from the title
 * parser's catalogue.
 */
export const ENGLISH_MESSAGES: Record<string, string> = {
  ...TITLE_INVALID_ENGLISH,
  'api-usage-docref': 'See $1 for API usage.',
  'api-usage-mailinglist-ref':
    'Subscribe to the mediawiki-api-announce mailing list at &lt;https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/&gt; for notice of API deprecations and breaking changes.',
  'paramvalidator-notmulti':
    'Parameter "$1" accepts only a single value. U+001F multi-value separation may only be used for multi-valued parameters.',
  'paramvalidator-badvalue-enumnotmulti': 'Unrecognized value for parameter "$1": $2.',
  'apierror-unrecognizedvalue': 'Unrecognized value for parameter <var>$1</var>: $2.',
  'apiwarn-unrecognizedvalues': 'Unrecognized {{PLURAL:$3|value|values}} for parameter <var>$1</var>: $2.',
  'paramvalidator-unrecognizedvalues': 'Unrecognized {{PLURAL:$4|value|values}} for parameter "$1": $3',
  'apiwarn-badutf8':
    'The value passed for <var>$1</var> contains invalid or non-normalized data. Textual data should be valid, NFC-normalized Unicode without C0 control characters other than HT (\\t), LF (\\n), and CR (\\r).',
  'apiwarn-unsupportedarray': 'Parameter <var>$1</var> uses unsupported PHP array syntax.',
  'apiwarn-tokens-origin': 'Tokens may not be obtained when the same-origin policy is not applied.',
  'apiwarn-redirectsandrevids':
    'Redirect resolution cannot be used together with the <var>revids</var> parameter. Any redirects the <var>revids</var> point to have not been resolved.',
  'apierror-unrecognizedparams': 'Unrecognized {{PLURAL:$2|parameter|parameters}}: $1.',
  'paramvalidator-badinteger': 'Invalid value "$2" for integer parameter "$1".',
  'paramvalidator-badtimestamp': 'Invalid value "$2" for timestamp parameter "$1".',
  'paramvalidator-baduser': 'Invalid value "$2" for user parameter <var>$1</var>.',
  'paramvalidator-badtitle': 'Invalid value "$2" for title parameter <var>$1</var>: not a valid title string.',
  'paramvalidator-outofrange-minmax': 'The value "$2" for parameter "$1" must be between $3 and $4.',
  'paramvalidator-outofrange-min': 'The value "$2" for parameter "$1" must be no less than $3.',
  'paramvalidator-outofrange-max': 'The value "$2" for parameter "$1" must be no greater than $4.',
  'paramvalidator-toomanyvalues': 'Too many values supplied for parameter "$1". The limit is $2.',
  'paramvalidator-missingparam': 'The "$1" parameter must be set.',
  'paramvalidator-unclearnowtimestamp':
    'Passing "$2" for timestamp parameter "$1" has been deprecated. If for some reason you need to explicitly specify the current time without calculating it client-side, use "now".',
  'paramvalidator-deprecated-value': 'The value "$2" to parameter "$1" has been deprecated.',
  'paramvalidator-param-deprecated': 'The parameter "$1" has been deprecated.',
  'apiwarn-deprecation-module': '"$1" has been deprecated.',
  'apiwarn-textextracts-sentences-and-html':
    'The <var>$1sentences</var> parameter may have unexpected results when used in HTML mode.',
  'apiwarn-textextracts-title-in-file-namespace': 'Extract for a title in File namespace was requested, none returned.',
  'apiwarn-textextracts-unsupportedmodel':
    '$1 has content model $2, which is not supported; returning an empty extract.',
  'apiwarn-textextracts-malformed-html':
    'HTML may be malformed and/or unbalanced and may omit inline images. Use at your own risk. Known problems are listed at https://www.mediawiki.org/wiki/Special:MyLanguage/Extension:TextExtracts#Caveats.',
  'apiwarn-textextracts-limit': '<var>exlimit</var> was too large for a whole article extracts request, lowered to $1.',
  'apiwarn-deprecation-deletedrevs':
    '<kbd>list=deletedrevs</kbd> has been deprecated. Please use <kbd>prop=deletedrevisions</kbd> or <kbd>list=alldeletedrevisions</kbd> instead.',
  'apierror-missingparam-one-of': '{{PLURAL:$2|The parameter|One of the parameters}} $1 is required.',
  'apierror-missingparam-at-least-one-of': '{{PLURAL:$2|The parameter|At least one of the parameters}} $1 is required.',
  'apierror-invaliduserid': 'User ID <var>$1</var> is not valid.',
  noname: 'You have not specified a valid username.',
  'apiwarn-badurlparam': 'Could not parse <var>$1urlparam</var> for $2. Using only width and height.',
  'apiwarn-urlparamwidth':
    'Ignoring width value set in <var>$1urlparam</var> ($2) in favor of width value derived from <var>$1urlwidth</var>/<var>$1urlheight</var> ($3).',
  'apierror-urlparamnormal': 'Could not normalize image parameters for $1.',
  'apierror-invalidurlparam': 'Invalid value for <var>$1urlparam</var> (<kbd>$2=$3</kbd>).',
  'apiwarn-nothumb-noimagehandler': 'Could not create thumbnail because $1 does not have an associated image handler.',
  'apierror-paramempty': 'The parameter <var>$1</var> may not be empty.',
  'apiwarn-difftohidden': "Couldn't diff to r$1: content is hidden.",
  'apierror-invalidparammix': 'The parameters $1 can not be used together.',
  'apierror-invalidparammix-cannotusewith': 'The <kbd>$1</kbd> parameter cannot be used with <kbd>$2</kbd>.',
  'apierror-mustbeloggedin-uploadstash': 'The upload stash is only available to logged-in users.',
  'uploadstash-bad-path-bad-format': 'Key "$1" is not in a proper format.',
  'uploadstash-file-not-found': 'Key "$1" not found in stash.',
  'uploadstash-wrong-owner': "This file ($1) doesn't belong to the current user.",
  'apierror-invalidsha1hash': 'The SHA1 hash provided is not valid.',
  'apierror-invalidsha1base36hash': 'The SHA1Base36 hash provided is not valid.',
  'apierror-invalidparammix-mustusewith': 'The <kbd>$1</kbd> parameter may only be used with <kbd>$2</kbd>.',
  'apierror-multisource': 'The $1 parameter cannot be used with $2.',
  'apierror-badgenerator-unknown': 'Unknown <kbd>generator=$1</kbd>.',
  'apierror-badgenerator-notgenerator': 'Module <kbd>$1</kbd> cannot be used as a generator.',
  'apierror-badcontinue': 'Invalid continue param. You should pass the original value returned by the previous query.',
  'apierror-invalidmethod': 'Invalid HTTP method. Consider using GET or POST.',
  'apierror-mustbeposted': 'The <kbd>$1</kbd> module requires a POST request.',
  'apierror-readapidenied': 'You need read permission to use this module.',
  'apierror-assertuserfailed': 'You are no longer logged in, so the action could not be completed.',
  'apierror-assertbotfailed': 'You do not have the <code>bot</code> right, so the action could not be completed.',
  'apierror-assertanonfailed': 'You are no longer logged out, so the action could not be completed.',
  'apierror-assertnameduserfailed': 'You are no longer logged in as "$1", so the action could not be completed.',
  'apierror-invalidlang': 'Invalid language code for parameter <var>$1</var>.',
  'apierror-invalidtitle': 'Bad title "$1".',
  'apierror-bad-badfilecontexttitle': 'Invalid title in <var>$1badfilecontexttitle</var> parameter.',
  // list modules
  'apierror-specialpage-cantexecute': "You don't have permission to view the results of this special page.",
  'apierror-badquery': 'Invalid query.',
  'apierror-blocked': 'You have been blocked from editing.',
  'apierror-blocked-partial': 'You have been blocked from editing this page.',
  'apierror-invalidcategory': 'The category name you entered is not valid.',
  'apierror-pagecannotexist': "Namespace doesn't allow actual pages.",
  'apierror-badparameter': 'Invalid value for parameter <var>$1</var>.',
  'apierror-imageusage-badtitle': 'The title for <kbd>$1</kbd> must be a file.',
  'apierror-maxlag': 'Waiting for $2: $1 {{PLURAL:$1|second|seconds}} lagged.',
  'apierror-badmodule-badsubmodule': 'The module <kbd>$1</kbd> does not have a submodule "$2".',
  'apierror-badmodule-nosubmodules': 'The module <kbd>$1</kbd> has no submodules.',
  'apierror-bad-origin': 'Invalid value for "origin" parameter.',
  'apierror-origin-mismatch': '"origin" parameter does not match Origin header.',
  'apiwarn-errorprinterfailed': 'Error printer failed. Will retry without params.',
  'apierror-toomanyvalues-pageset': 'Too many values supplied for parameter "$1". The limit is $2.',
  'apiwarn-truncatedresult':
    'This result was truncated because it would otherwise be larger than the limit of $1 bytes.',
  'apierror-unknownerror': 'Unknown error: "$1".',
  'apierror-internal': 'An internal error occurred.',
  'apierror-nosuchpageid': 'There is no page with ID $1.',
  'apierror-nosuchrevid': 'There is no revision with ID $1.',
  'apierror-cantimport': "You don't have permission to import pages.",
  'apierror-unsupportedaction': 'This server does not support "action=$1" yet.',
  'apierror-pagesetinvalidtitle-invalidchars': 'The requested page title contains invalid characters: "$1".',
  'apierror-pagesetinvalidtitle-empty': 'The requested page title is empty or contains only the name of a namespace.',
  'apierror-pagesetinvalidtitle-toolong': 'The requested page title is too long to be created.',
  'apierror-pagesetinvalidtitle-relative': 'The requested page title contains relative path components.',
  'apierror-pagesetinvalidtitle-talk': 'The requested page title contains an invalid namespace for a talk page.',
  'apierror-pagesetinvalidtitle-other': 'The requested page title is invalid.',
  'apiwarn-deprecation-login-token':
    'Fetching a token via <kbd>action=login</kbd> is deprecated. Use <kbd>action=query&meta=tokens&type=login</kbd> instead.',
  'apiwarn-deprecation-login-nobotpw':
    'Main-account login via "action=login" is deprecated and may stop working without warning. To continue login with "action=login", see [[Special:BotPasswords]]. To safely continue using main-account login, see "action=clientlogin".',
  wrongpassword: 'Incorrect username or password entered. Please try again.',
  'authmanager-authn-no-primary': 'The supplied credentials could not be authenticated.',
  'login-throttled': 'You have made too many recent login attempts. Please wait $1 before trying again.',
  'botpasswords-invalid-name': 'The username specified does not contain the bot password separator ("$1").',
  nosuchuser:
    'There is no user by the name "$1". Usernames are case sensitive. Check your spelling, or create a new account.',
  'botpasswords-not-exist': 'The user "$1" does not have a bot password named "$2".',
  'botpasswords-restriction-failed': 'Bot password restrictions prevent this login.',
  'apierror-badtoken': 'Invalid CSRF token.',
  'apierror-clientlogin-loginrequests': 'Nothing to log in with: send "username" and "password".',
  'authmanager-authn-not-in-progress':
    'Authentication is not in progress or session data has been lost. Please start again from the beginning.',
  'authmanager-provider-password': 'Password-based authentication',
  'userlogin-yourname': 'Username',
  'authmanager-username-help': 'Username for authentication.',
  'userlogin-yourpassword': 'Password',
  'authmanager-password-help': 'Password for authentication.',
  'userlogin-remembermypassword': 'Keep me logged in',
  'authmanager-userlogin-remembermypassword-help':
    'Whether the password should be remembered for longer than the length of the session.',
  'titleblacklist-override': 'Override the disallowed titles list if it matches',
  'titleblacklist-override-help':
    'Users with sufficient privileges can set this to ignore the disallowed titles list checks.',
  createaccountmail: 'Use a temporary random password and send it to the specified email address',
  'createaccountmail-help': 'Can be used to create account for another person without learning the password.',
  newpassword: 'New password:',
  retypenew: 'Retype new password:',
  'authmanager-retype-help': 'Password again to confirm.',
  yourpasswordagain: 'Retype password:',
  'authmanager-email-label': 'Email',
  'authmanager-email-help': 'Email address',
  'authmanager-realname-label': 'Real name',
  'authmanager-realname-help': 'Real name of the user',
  'createacct-reason': 'Reason (publicly logged)',
  'createacct-reason-help': 'Message shown in the account creation log',
  'authmanager-provider-temporarypassword': 'Temporary password',
  'api-login-fail-badsessionprovider': 'Cannot log in when using $1.',
  'apierror-mustpostparams':
    'The following {{PLURAL:$2|parameter was|parameters were}} found in the query string, but must be in the POST body: $1.',
  'apierror-baddiffto':
    '<var>$1diffto</var> must be set to a non-negative number, <kbd>prev</kbd>, <kbd>next</kbd> or <kbd>cur</kbd>.',
  'apierror-cantview-deleted-description': "You don't have permission to view descriptions of deleted files.",
  'apierror-cantview-deleted-metadata': "You don't have permission to view metadata of deleted files.",
  'apierror-allimages-redirect':
    'Use <kbd>gaifilterredir=nonredirects</kbd> instead of <var>redirects</var> when using <kbd>allimages</kbd> as a generator.',
  'apierror-allpages-generator-redirects':
    'Use <kbd>gapfilterredir=nonredirects</kbd> instead of <var>redirects</var> when using <kbd>allpages</kbd> as a generator.',
  'apiwarn-invalidcategory': '"$1" is not a category.',
  'apiwarn-invalidtitle': '"$1" is not a valid title.',
  'apiwarn-notfile': '"$1" is not a file.',
  'apierror-badip': 'IP parameter is not valid.',
  'apierror-cidrtoobroad': '$1 CIDR ranges broader than /$2 are not accepted.',
  'apierror-invalidiprange': 'Invalid CIDR range "$1".',
  watchlistanontext: 'Please log in to view or edit items on your watchlist.',
  'apierror-bad-watchlist-token':
    'Incorrect watchlist token provided. Please set a correct token in [[Special:Preferences]].',
  nosuchusershort: 'There is no user by the name "$1". Check your spelling.',
  'apierror-permissiondenied-viewmywatchlist': "You don't have permission to view your watchlist.",
  'apierror-show': 'Incorrect parameter - mutually exclusive values may not be supplied.',
  'apierror-compare-maintextrequired':
    'Parameter <var>$1text-main</var> is required when <var>$1slots</var> contains <kbd>main</kbd> (cannot delete the main slot).',
  'apierror-compare-no-title':
    'Cannot pre-save transform without a title. Try specifying <var>fromtitle</var> or <var>totitle</var>.',
  'apierror-compare-nosuchfromsection': "There is no section $1 in the 'from' content.",
  'apierror-compare-nosuchtosection': "There is no section $1 in the 'to' content.",
  'apierror-compare-nofromrevision':
    "No 'from' revision. Specify <var>fromrev</var>, <var>fromtitle</var>, or <var>fromid</var>.",
  'apierror-compare-notorevision':
    "No 'to' revision. Specify <var>torev</var>, <var>totitle</var>, or <var>toid</var>.",
  'apierror-compare-relative-to-deleted': 'Cannot use <kbd>torelative=$1</kbd> relative to a deleted revision.',
  'apierror-compare-relative-to-nothing': "No 'from' revision for <var>torelative</var> to be relative to.",
  'apiwarn-compare-no-next':
    'Revision $2 is the latest revision of $1, there is no revision for <kbd>torelative=next</kbd> to compare to.',
  'apiwarn-compare-no-prev':
    'Revision $2 is the earliest revision of $1, there is no revision for <kbd>torelative=prev</kbd> to compare to.',
  'apiwarn-compare-nocontentmodel': 'No content model could be determined, assuming $1.',
  'apierror-missingcontent-revid': 'Missing content for revision ID $1.',
  'apierror-missingcontent-revid-role': 'Missing content for revision ID $1 for role $2.',
  'apierror-missingrev-title': 'No current revision of title $1.',
  'apierror-missingtitle-byname': "The page $1 doesn't exist.",
  'apierror-badformat-generic': 'The requested format $1 is not supported for content model $2.',
  'apierror-baddiff':
    'The diff cannot be retrieved. One or both revisions do not exist or you do not have permission to view them.',
  'apierror-sectionreplacefailed': 'Could not merge updated section.',
  'apierror-sectionsnotsupported': 'Sections are not supported for content model $1.',
  'apierror-revwrongpage': 'r$1 is not a revision of $2.',
  'apiwarn-moduleswithoutvars':
    'Property <var>modules</var> was set but not <var>jsconfigvars</var> or <var>encodedjsconfigvars</var>. Configuration variables are necessary for proper module usage.',
  'apiwarn-deprecation-missingparam':
    'Because <var>$1</var> was not specified, a legacy format has been used for the output. This format is deprecated, and in the future the new format will always be used.',
  'apierror-revisions-badid': 'No revision was found for parameter <var>$1</var>.',
  'apierror-revisions-norevids':
    'The <var>revids</var> parameter may not be used with the list options (<var>$1limit</var>, <var>$1startid</var>, <var>$1endid</var>, <kbd>$1dir=newer</kbd>, <var>$1user</var>, <var>$1excludeuser</var>, <var>$1start</var>, and <var>$1end</var>).',
  'apierror-revisions-singlepage':
    '<var>titles</var>, <var>pageids</var> or a generator was used to supply multiple pages, but the <var>$1limit</var>, <var>$1startid</var>, <var>$1endid</var>, <kbd>$1dir=newer</kbd>, <var>$1user</var>, <var>$1excludeuser</var>, <var>$1start</var>, and <var>$1end</var> parameters may only be used on a single page.',
  'apierror-siteinfo-includealldenied': "Cannot view all servers' info unless <var>$wgShowHostnames</var> is true.",
  lineno: 'Line $1:',
  'diff-paragraph-moved-tonew': 'Paragraph was moved. Click to jump to new location.',
  'diff-paragraph-moved-toold': 'Paragraph was moved. Click to jump to old location.',
  'apierror-badformat': 'The requested format $1 is not supported for content model $2 used by $3.',
  'apierror-parsetree-notwikitext-title':
    '<kbd>prop=parsetree</kbd> is only supported for wikitext content. $1 uses content model $2.',
  'apierror-templateexpansion-notwikitext':
    'Template expansion is only supported for wikitext content. $1 uses content model $2.',
  'apierror-sectionsnotsupported-what': 'Sections are not supported by $1.',
  'apierror-nosuchsection-what': 'There is no section $1 in $2.',
  'apierror-invalidsection': 'The <var>section</var> parameter must be a valid section ID or <kbd>new</kbd>.',
  'apierror-permissiondenied-patrolflag':
    'You need the <code>patrol</code> or <code>patrolmarks</code> right to request the patrolled flag.',
  'apierror-usercontribs-iprange-unsupported':
    'Contributions by IP range (iprange) are not supported by this wiki yet.',
  'apierror-unsupportedparameter': 'The parameter "$1" is not supported by this wiki.',
  'apierror-cantview-deleted-comment': "You don't have permission to view deleted comments.",
  'apierror-cantview-deleted-revision-content': "You don't have permission to view content of deleted revisions.",
  'apierror-permissiondenied': "You don't have permission to $1.",
  'action-deletedhistory': "view a page's deleted history",
  'action-deletedtext': 'view deleted revision text',
  'apierror-deletedrevs-param-not-1-2': 'The <var>$1</var> parameter cannot be used in modes 1 or 2.',
  'apierror-deletedrevs-param-not-3': 'The <var>$1</var> parameter cannot be used in mode 3.',
  'apiwarn-alldeletedrevisions-performance':
    'For better performance when generating titles, set <kbd>$1dir=newer</kbd>.',
  'apiwarn-searchindex-building':
    'The search index is being built ($1 of $2 pages indexed): the results come from the pages indexed so far, and totalhits is an estimate.',
  'apiwarn-links-building':
    'The link tables are being completed with what templates add ($1 of $2 pages read): links, categories and transclusions that only templates give can be missing.',
  'apiwarn-linter-in-progress':
    'Linting is in progress ($1 of $2 pages linted): the lint errors are those found so far.',
  // A revision named in a message (`apierror-nosuchsection-what`).
  revid: 'revision $1',
  // Why an action on a page is refused (`prop=info&intestactions` with details).
  'badaccess-group0': 'You are not allowed to execute the action you have requested.',
  'badaccess-groups':
    'The action you have requested is limited to users in {{PLURAL:$2|the group|one of the groups}}: $1.',
  'group-user': 'Users',
  'group-named': 'Registered users',
  'group-autoconfirmed': 'Autoconfirmed users',
  'group-bot': 'Bots',
  'group-sysop': 'Administrators',
  'group-interface-admin': 'Interface administrators',
  'group-bureaucrat': 'Bureaucrats',
  'group-suppress': 'Suppressors',
  'grouppage-user': '{{ns:project}}:Users',
  'grouppage-named': '{{ns:project}}:Registered users',
  'grouppage-autoconfirmed': '{{ns:project}}:Autoconfirmed users',
  'grouppage-bot': '{{ns:project}}:Bots',
  'grouppage-sysop': '{{ns:project}}:Administrators',
  'grouppage-interface-admin': '{{ns:project}}:Interface administrators',
  'grouppage-bureaucrat': '{{ns:project}}:Bureaucrats',
  'grouppage-suppress': '{{ns:project}}:Suppress',
  namespaceprotected: 'You do not have permission to edit pages in the <strong>$1</strong> namespace.',
  protectedpagetext: 'This page has been protected to prevent editing or other actions.',
  cascadeprotected:
    'This page has been protected from editing because it is transcluded in the following {{PLURAL:$1|page, which is|pages, which are}} protected with the "cascading" option turned on:\n$2',
  nocreatetext:
    '{{SITENAME}} has restricted the ability to create new pages.\nYou can go back and edit an existing page, or [[Special:UserLogin|log in or create an account]].',
  'nocreate-loggedin': 'You do not have permission to create new pages.',
  titleprotected: 'This title has been protected from creation by [[User:$1|$1]].\nThe reason given is <em>$2</em>.',
  protectedinterface:
    'This page provides interface text for the software on this wiki, and is protected to prevent abuse.\nTo add or change translations for all wikis, please use [https://translatewiki.net/ translatewiki.net], the MediaWiki localisation project.',
  deleteprotected: 'You cannot delete this page because it has been protected.',
  'protect-cantedit':
    'You cannot change the protection settings of this page because you do not have permission to edit it.',
  'undelete-cantedit': 'You cannot undelete this page as you are not allowed to edit this page.',
  'undelete-cantcreate':
    'You cannot undelete this page as there is no existing page with this name and you are not allowed to create this page.',
  movenologintext: 'You must be a registered user and [[Special:UserLogin|logged in]] to move a page.',
  sitecssprotected: 'You do not have permission to edit this CSS page because it may affect all visitors.',
  sitejsprotected: 'You do not have permission to edit this JavaScript page because it may affect all visitors.',
  siterawhtmlprotected:
    'You do not have permission to edit this page because it contains raw HTML which can be modified to affect all visitors.',
  sitejsonprotected: 'You do not have permission to edit this JSON page because it may affect all visitors.',
  customcssprotected:
    "You do not have permission to edit this CSS page because it contains another user's personal settings.",
  customjsprotected:
    "You do not have permission to edit this JavaScript page because it contains another user's personal settings.",
  customjsonprotected:
    "You do not have permission to edit this JSON page because it contains another user's personal settings.",
  mycustomcssprotected: 'You do not have permission to edit this CSS page.',
  mycustomjsprotected: 'You do not have permission to edit this JavaScript page.',
  mycustomjsonprotected: 'You do not have permission to edit this JSON page.',
};
