"""Drives pywikibot through the flows bots run against one wiki and writes what it saw as JSON.

Usage: pywikibot-flows.py PYWIKIBOT_SOURCE API_URL OUTPUT_FILE

Accounts come from the environment: FLOW_USER and FLOW_PASSWORD (a user password, logged in
through action=clientlogin), FLOW_BOT_APP and FLOW_BOT_PASSWORD (a bot password of the same user,
logged in through action=login). A scratch PYWIKIBOT_DIR holds the family and user-config.py.
Each flow is recorded separately (flow_recording.py).
"""
import os
import sys
import tempfile
from itertools import islice

source, api_url, output = sys.argv[1:4]
user = os.environ['FLOW_USER']
scratch = tempfile.mkdtemp(prefix='pywikibot-flows-')
with open(os.path.join(scratch, 'user-config.py'), 'w') as config:
    config.write(f"""
family_files['testwiki'] = {api_url!r}
family = 'testwiki'
mylang = 'testwiki'
usernames['testwiki']['testwiki'] = {user!r}
password_file = {os.path.join(scratch, 'passwords')!r}
put_throttle = 0
minthrottle = 0
maxthrottle = 0
max_retries = 0
retry_wait = 1
noisysleep = 600.0
""")
os.environ['PYWIKIBOT_DIR'] = scratch
sys.path.insert(0, source)

import pywikibot  # noqa: E402
from pywikibot.data import api  # noqa: E402

from flow_recording import Flows  # noqa: E402

site = pywikibot.Site('testwiki', 'testwiki')
flow = Flows()


def titles(pages):
    return [p.title() for p in pages]


def revision(rev):
    return {k: rev.get(k) for k in ('revid', 'parentid', 'timestamp', 'user', 'comment', 'minor', 'size', 'sha1')}


@flow('site')
def _():
    info = site.siteinfo
    return {
        'sitename': info['sitename'], 'lang': site.lang, 'mainpage': info['mainpage'],
        'case': info['case'], 'timezone': info['timezone'],
        'namespaces': {str(n): [ns.custom_name, *sorted(ns.aliases)] for n, ns in site.namespaces.items()},
        'version': site.mw_version.version, 'generator': info['generator'],
    }


@flow('read')
def _():
    result = {}
    for title in ('Berlin', 'Gibt es nicht', 'A.E. van Vogt', 'BRD', 'Vorlage:Infobox Stadt'):
        page = pywikibot.Page(site, title)
        entry = {'exists': page.exists(), 'text': page.text}
        if page.exists():
            entry.update(pageid=page.pageid, latest=page.latest_revision_id, redirect=page.isRedirectPage(),
                         namespace=page.namespace().id, contentmodel=page.content_model)
            if page.isRedirectPage():
                entry['target'] = page.getRedirectTarget().title()
                try:
                    page.get()
                except pywikibot.exceptions.IsRedirectPageError as error:
                    entry['get'] = type(error).__name__
        result[title] = entry
    # Many pages at once, as bots read them: in the order the wiki answers.
    wanted = [pywikibot.Page(site, t) for t in ('München', 'Köln', 'Gibt es nicht', 'Berlin', 'Kategorie:Stadt', 'BRD')]
    result['preloaded'] = [(p.title(), p.exists() and p.text[:60]) for p in site.preloadpages(wanted)]
    result['references'] = titles(pywikibot.Page(site, 'Deutschland').getReferences(total=30))
    return result


@flow('properties')
def _():
    page = pywikibot.Page(site, 'Berlin')
    return {
        'properties': page.properties(),
        'categories': titles(page.categories()),
        'templates': titles(page.itertemplates()),
        'links': len(list(page.linkedPages())),
        'langlinks': [str(link) for link in page.langlinks()],
    }


@flow('generators')
def _():
    category = pywikibot.Category(site, 'Kategorie:Stadt in Deutschland')
    return {
        'allpages': titles(site.allpages(namespace=0, total=120)),
        'allpages_prefix': titles(site.allpages(prefix='B', namespace=0, total=60)),
        'allpages_templates': titles(site.allpages(namespace=10, total=40)),
        'categorymembers': titles(category.members()),
        'backlinks': titles(pywikibot.Page(site, 'Berlin').backlinks()),
        'embeddedin': titles(pywikibot.Page(site, 'Vorlage:Infobox Stadt').embeddedin()),
        'imageusage': titles(pywikibot.FilePage(site, 'Datei:Beispiel.png').using_pages()),
        'search': titles(site.search('Stadt', total=20)),
        'prefixsearch': titles(api.PageGenerator('prefixsearch', site=site, parameters={'gpssearch': 'Ber'})),
        'recentchanges': [
            {k: rc.get(k) for k in ('type', 'title', 'revid', 'old_revid', 'user', 'timestamp', 'comment')}
            for rc in site.recentchanges(total=40)
        ],
        'usercontribs': [
            {k: c.get(k) for k in ('title', 'revid', 'parentid', 'timestamp', 'comment', 'size')}
            for c in site.usercontribs(user='Alice', total=40)
        ],
        'logevents': [
            {'type': e.type(), 'action': e.action(), 'title': e.data.get('title'), 'user': e.data.get('user'),
             'timestamp': e.data.get('timestamp'), 'params': e.data.get('params')}
            for e in site.logevents(total=40)
        ],
        'allrevisions': [
            {'title': p['title'], 'revisions': [revision(r) for r in p['revisions']]}
            for p in api.ListGenerator('allrevisions', site=site, parameters={'arvlimit': 25, 'arvprop': 'ids|timestamp|user|comment|size'})
        ][:60],
    }


@flow('expand')
def _():
    # Template expansion (action=expandtemplates), as bots use it to read what a page says.
    text = '{{PAGENAME}}: {{Infobox Stadt|Name=X|Einwohner=5}} <!-- note --> {{lc:ABC}} {{#if:x|ja|nein}}'
    return {
        'text': site.expand_text(text, title='Berlin'),
        'comments': site.expand_text(text, title='Berlin', includecomments=True),
        'default_title': site.expand_text('{{FULLPAGENAME}}'),
        'page': pywikibot.Page(site, 'Berlin').expand_text()[:500],
    }


@flow('compare')
def _():
    # Diffs (action=compare) between revisions, pages and the revision before, as review tools read them.
    return {
        'revisions': site.compare(248, 260),
        'inline': site.compare(248, 367, difftype='inline'),
        'pages': site.compare('Berlin', pywikibot.Page(site, 'Hamburg')),
    }


@flow('random')
def _():
    # Random pages differ from server to server: what is compared is their kind and number.
    pages = list(site.randompages(total=5, namespaces=[0]))
    return {'count': len(pages), 'namespaces': sorted({p.namespace().id for p in pages}),
            'redirects': sorted({p.isRedirectPage() for p in pages})}


@flow('history')
def _():
    page = pywikibot.Page(site, 'Berlin')
    return {
        'revisions': [revision(r) for r in page.revisions()],
        'oldest': revision(page.oldest_revision),
        'contributors': dict(page.contributors()),
        'old_text': page.get_revision(page.oldest_revision.revid, content=True).text[:200],
    }


@flow('files')
def _():
    result = {}
    for name in ('Datei:Beispiel.png', 'Datei:Logo.svg', 'Datei:Karte.png'):
        file = pywikibot.FilePage(site, name)
        info = file.latest_file_info
        result[name] = {
            'exists': file.exists(), 'text': file.text,
            'info': {k: getattr(info, k, None) for k in ('timestamp', 'user', 'size', 'width', 'height', 'sha1', 'mime', 'url', 'descriptionurl', 'comment')},
            'history': [{k: getattr(v, k, None) for k in ('timestamp', 'user', 'size', 'sha1')}
                        for v in file.get_file_history().values()],
        }
    return result


def firsts(iterable, count=50):
    return list(islice(iterable, count))


@flow('lists')
def _():
    # The site's lists scripts read: categories, users, blocks, files, pages by size and redirects.
    return {
        'allcategories': titles(site.allcategories(total=50)),
        'allusers': [(u['name'], u.get('editcount')) for u in site.allusers(total=50)],
        'blocks': [dict(b) for b in site.blocks(total=20)],
        'files': titles(site.allpages(namespace=6, total=50)),
        'allimages': titles(site.allimages(total=50)),
        'categories_ns': titles(site.allpages(namespace=14, total=30)),
        'redirects': titles(site.allpages(filterredir=True, total=30)),
        'large': titles(site.allpages(minsize=5000, total=30)),
        'protected_edit': titles(site.allpages(protect_type='edit', total=10)),
        'with_property': titles(site.pages_with_property('defaultsort', total=10)),
    }


@flow('page_details')
def _():
    # What bots check before they edit a page: links, protection, bot exclusion, the last editors.
    page = pywikibot.Page(site, 'Berlin')
    return {
        'extlinks': firsts(page.extlinks(), 100),
        'imagelinks': titles(page.imagelinks()),
        'protection': page.protection(),
        'bot_may_edit': page.botMayEdit(),
        'last_non_bot': page.lastNonBotUser(),
        'disambiguation': page.isDisambig(),
        'oldest': str(page.oldest_revision.timestamp),
        'sorted_categories': titles(page.categories(with_sort_key=True)),
        'templates_with_params': [(t.title(), params) for t, params in page.templatesWithParams()][:20],
        'linked_articles': titles(firsts(page.linkedPages(namespaces=0), 200)),
        'permissions': [
            (p.title(), p.exists(), p.has_permission('edit'), p.has_permission('move'))
            for p in (pywikibot.Page(site, t) for t in ('Berlin', 'Hamburg', 'Gibt es nicht', 'Vorlage:Infobox Stadt'))
        ],
    }


@flow('category_tree')
def _():
    category = pywikibot.Category(site, 'Kategorie:Stadt')
    return {
        'subcategories': titles(firsts(category.subcategories(recurse=2))),
        'articles': titles(firsts(category.articles(recurse=1), 200)),
        'info': category.categoryinfo,
        'empty': category.isEmptyCategory(),
        'hidden': category.isHiddenCategory(),
        'member_categories': titles(firsts(category.members(namespaces=[14]))),
        'newest': titles(firsts(category.newest_pages(total=5))),
    }


@flow('user')
def _():
    user = pywikibot.User(site, 'Alice')
    return {
        'props': {k: v for k, v in user.getprops().items() if k != 'registration'},
        'registration': str(user.registration()),
        'editcount': user.editCount(),
        'blocked': user.is_blocked(),
        'groups': user.groups(),
        'contributions': [(p.title(), r, str(t), c) for p, r, t, c in firsts(user.contributions(total=20))],
        'logs_by_admin': [(e.type(), e.action(), str(e.timestamp())) for e in site.logevents(user='Admin', total=20)],
        'logs_of_page': [(e.type(), e.action()) for e in site.logevents(page='Berlin', total=20)],
        'edits_in_articles': [(r['title'], r['type']) for r in site.recentchanges(namespaces=[0], total=20, changetype='edit')],
    }


@flow('special_pages')
def _():
    return {
        'short': [(p.title(), n) for p, n in site.shortpages(total=20)],
        'long': [(p.title(), n) for p, n in site.longpages(total=20)],
        'deadend': titles(site.deadendpages(total=20)),
        'ancient': [(p.title(), str(t)) for p, t in site.ancientpages(total=20)],
        'protected': titles(site.protectedpages(total=20)),
        'uncategorized_templates': titles(site.uncategorizedtemplates(total=20)),
        'broken_redirects': titles(site.broken_redirects(total=20)),
        'double_redirects': titles(site.double_redirects(total=20)),
        'redirect_pages': titles(site.redirectpages(total=20)),
        'unused_categories': titles(site.unusedcategories(total=20)),
    }


@flow('history_content')
def _():
    page = pywikibot.Page(site, 'Berlin')
    return {
        'with_text': [(r.revid, r.user, r.comment, r.minor, len(r.text or '')) for r in page.revisions(content=True, total=10)],
        'oldest_first': [r.revid for r in page.revisions(reverse=True, total=10)],
        'table': page.getVersionHistoryTable(total=5),
        # A search backend's ranking is its own: the hits are compared, not their order.
        'search_namespaces': sorted(titles(site.search('Berlin', namespaces=[0, 14], total=30))),
        'search_titles': sorted(titles(site.search('Stadt', where='title', total=30))),
        'exturlusage': titles(site.exturlusage('example.org', total=30)),
        'messages': site.mediawiki_messages(['about', 'aboutsite', 'mainpage', 'pagecategories']),
    }


# What pywikibot's scripts read through the page generators of their command line (-cat, -ref,
# -transcludes, the query pages and so on): each argument's first pages, in the wiki's order.
GENERATOR_ARGUMENTS = [
    ('-cat:Stadt in Deutschland',),
    ('-catr:Stadt',),
    ('-subcats:Stadt',),
    ('-catfilter:Stadt', '-start:!'),
    ('-ns:0', '-start:!'),
    ('-ns:10', '-start:A'),
    ('-start:Ber', '-limit:7'),
    ('-prefixindex:Ber',),
    ('-newpages:30',),
    ('-links:Berlin',),
    ('-ref:Berlin',),
    ('-transcludes:Infobox Stadt',),
    ('-imagesused:Berlin',),
    ('-weblink:example.org',),
    ('-search:Stadt',),
    ('-page:Berlin', '-grep:Stadt'),
    ('-pageid:1,2,3',),
    ('-property:defaultsort',),
    ('-intersect', '-cat:Stadt', '-ref:Deutschland'),
    ('-recentchanges:30',),
    ('-logevents:upload',),
    ('-logevents:move,Admin',),
    ('-usercontribs:Alice',),
    ('-newimages:5',),
    ('-unusedfiles',),
    ('-uncat',),
    ('-uncatcat',),
    ('-uncatfiles',),
    ('-lonelypages',),
    ('-withoutinterwiki',),
    ('-wantedpages',),
    ('-wantedcategories',),
    ('-wantedtemplates',),
    ('-wantedfiles',),
    ('-querypage:Ancientpages',),
    ('-querypage:Mostlinked',),
    ('-querypage:Mostcategories',),
    ('-querypage:Fewestrevisions',),
    ('-querypage:BrokenRedirects',),
    ('-querypage:DoubleRedirects',),
    ('-querypage:Listredirects',),
    ('-querypage:Mostimages',),
]


@flow('pagegenerators')
def _():
    from pywikibot import pagegenerators
    result = {}
    for arguments in GENERATOR_ARGUMENTS:
        factory = pagegenerators.GeneratorFactory(site)
        for argument in arguments:
            factory.handle_arg(argument)
        pages = titles(islice(factory.getCombinedGenerator(), 60))
        # A search backend's ranking is its own: the hits are compared, not their order.
        result[' '.join(arguments)] = sorted(pages) if arguments[0].startswith('-search') else pages
    return result


def logged_in(password):
    with open(os.path.join(scratch, 'passwords'), 'w') as passwords:
        passwords.write(f'({user!r}, {password})\n')
    os.chmod(os.path.join(scratch, 'passwords'), 0o600)
    site.login()
    info = site.userinfo
    result = {
        'user': site.user(), 'logged_in': site.logged_in(),
        'groups': sorted(info['groups']), 'rights': len(info['rights']),
        'has_bot_flag': site.has_right('bot'), 'watchlist': titles(site.watched_pages(total=50, force=True)),
        'watchlist_revs': [
            {k: r.get(k) for k in ('title', 'revid', 'user', 'timestamp')} for r in site.watchlist_revs(total=20)
        ],
    }
    site.logout()
    result['after_logout'] = {'user': site.user(), 'logged_in': site.logged_in(),
                              'userinfo_name': site.userinfo['name'] if 'anon' in site.userinfo else None}
    return result


# The bot password first: after pywikibot logs out of a user-password login (clientlogin with
# rememberMe), MediaWiki 1.39 takes its next request for the user's again, which a later login
# would then not replace.
@flow('login_bot_password')
def _():
    return logged_in(f"BotPassword({os.environ['FLOW_BOT_APP']!r}, {os.environ['FLOW_BOT_PASSWORD']!r})")


@flow('login_user_password')
def _():
    return logged_in(repr(os.environ['FLOW_PASSWORD']))


flow.write(output)
