"""Drives mwclient through the flows bots run against one wiki and writes what it saw as JSON.

Usage: mwclient-flows.py HOST:PORT OUTPUT_FILE

Accounts come from the environment as for pywikibot-flows.py: FLOW_USER and FLOW_PASSWORD (the
user's password), FLOW_BOT_APP and FLOW_BOT_PASSWORD (a bot password of the same user). Each flow
is recorded separately (flow_recording.py).
"""
import os
import sys
from itertools import islice

import mwclient
from flow_recording import Flows

host, output = sys.argv[1:3]
user = os.environ['FLOW_USER']


def new_site():
    return mwclient.Site(host, path='/', scheme='http', force_login=False)


site = new_site()
flow = Flows()


def names(pages, total=None):
    return [p.name for p in islice(pages, total)]


def pick(item, keys):
    return {k: item.get(k) for k in keys}


@flow('site')
def _():
    return {
        'sitename': site.site['sitename'], 'lang': site.site['lang'], 'mainpage': site.site['mainpage'],
        'case': site.site['case'], 'namespaces': {str(k): v for k, v in site.namespaces.items()},
        'version': list(site.version), 'generator': site.site['generator'],
    }


# index.php?action=raw, as scripts read a text without the API (a missing page is a 404).
def raw_text(**params):
    try:
        return site.raw_index('raw', http_method='GET', **params)
    except Exception as error:  # noqa: BLE001 - a missing page is an HTTP error, recorded as such
        return f'{type(error).__name__}: {getattr(getattr(error, "response", None), "status_code", error)}'


@flow('read')
def _():
    result = {}
    for title in ('Berlin', 'Gibt es nicht', 'A.E. van Vogt', 'BRD', 'Vorlage:Infobox Stadt'):
        page = site.pages[title]
        entry = {'exists': page.exists, 'text': page.text(), 'redirect': page.redirect,
                 'pageid': getattr(page, 'pageid', None), 'namespace': page.namespace,
                 'length': getattr(page, 'length', None), 'revision': page.revision,
                 'contentmodel': page.contentmodel, 'protection': page.protection}
        if page.redirect:
            entry['target'] = page.resolve_redirect().name
            entry['redirect_text'] = page.text(expandtemplates=False)
        entry['raw'] = raw_text(title=title)
        result[title] = entry
    # index.php?action=raw, as scripts read a text without the API: a revision, a section, expanded.
    result['raw_revision'] = raw_text(oldid='248')
    result['raw_section'] = raw_text(title='Berlin', section='2')
    result['raw_expanded'] = raw_text(title='Hamburg', templates='expand')
    return result


@flow('properties')
def _():
    page = site.pages['Berlin']
    props = site.api('query', titles='Berlin', prop='pageprops|info', inprop='displaytitle')
    return {
        'categories': names(page.categories()),
        'hidden_categories': names(page.categories(show='hidden')),
        'templates': names(page.templates()),
        'links': names(page.links()),
        'langlinks': list(page.langlinks()),
        'extlinks': list(page.extlinks()),
        'pageprops': props['query']['pages'],
    }


@flow('generators')
def _():
    return {
        'allpages': names(site.allpages(namespace=0, limit=50), 120),
        'allpages_prefix': names(site.allpages(prefix='B', namespace=0, limit=20), 60),
        'allpages_list': list(islice(site.allpages(namespace=14, generator=False), 60)),
        'categorymembers': names(site.categories['Stadt in Deutschland'].members()),
        'backlinks': names(site.pages['Berlin'].backlinks(limit=10)),
        'embeddedin': names(site.pages['Vorlage:Infobox Stadt'].embeddedin()),
        'imageusage': names(site.images['Beispiel.png'].imageusage()),
        'search': [pick(r, ('ns', 'title')) for r in site.search('Stadt', namespace='*')],
        'prefixsearch': [pick(r, ('ns', 'title')) for r in
                         site.api('query', list='prefixsearch', pssearch='Ber', pslimit=20)['query']['prefixsearch']],
        'recentchanges': [pick(rc, ('type', 'title', 'revid', 'old_revid', 'timestamp'))
                          for rc in islice(site.recentchanges(), 60)],
        'usercontribs': [pick(c, ('title', 'revid', 'parentid', 'timestamp', 'comment', 'size'))
                         for c in site.usercontributions('Alice')],
        'logevents': [pick(e, ('logid', 'type', 'action', 'title', 'user', 'timestamp', 'params'))
                      for e in islice(site.logevents(), 80)],
        'allrevisions': site.api('query', list='allrevisions', arvlimit=30,
                                 arvprop='ids|timestamp|user|comment|size')['query']['allrevisions'],
    }


@flow('expand')
def _():
    # Template expansion in the legacy output mwclient reads, and the parse tree beside it.
    text = '{{PAGENAME}}: {{Infobox Stadt|Name=X|Einwohner=5}} <!-- note --> {{lc:ABC}}'
    return {
        'text': site.expandtemplates(text, title='Berlin'),
        'generatexml': list(site.expandtemplates(text, title='Berlin', generatexml=True)),
    }


@flow('compare')
def _():
    # Diffs (action=compare) read through the API call bots make for it.
    props = 'diff|diffsize|ids|title|user|comment|size|timestamp|rel'
    return {
        'revisions': site.get('compare', fromrev=248, torev=260, prop=props)['compare'],
        'previous': site.get('compare', fromrev=260, torelative='prev', difftype='inline')['compare'],
    }


@flow('random')
def _():
    # Random pages differ from server to server: what is compared is their kind and number.
    pages = list(site.random(namespace=0, limit=5))
    return {'count': len(pages), 'namespaces': sorted({p['ns'] for p in pages})}


@flow('history')
def _():
    page = site.pages['Berlin']
    return {
        'revisions': [pick(r, ('revid', 'parentid', 'user', 'comment', 'size', 'sha1', 'minor'))
                      for r in page.revisions(prop='ids|user|comment|size|sha1|flags')],
        'old_text': next(page.revisions(dir='newer', limit=1, prop='content'))['*'][:200],
        'site_revisions': [pick(r, ('revid', 'parentid', 'user'))
                           for r in site.revisions([367, 3532, 260])],
    }


@flow('files')
def _():
    result = {}
    for name in ('Beispiel.png', 'Logo.svg', 'Karte.png'):
        image = site.images[name]
        result[name] = {
            'exists': image.exists, 'text': image.text(),
            'info': pick(image.imageinfo, ('timestamp', 'user', 'size', 'width', 'height', 'sha1', 'mime', 'url',
                                           'descriptionurl', 'comment')),
            'history': [pick(v, ('timestamp', 'user', 'size', 'sha1')) for v in image.imagehistory()],
            'duplicates': [d.get('name') for d in image.duplicatefiles()],
        }
    result['allimages'] = names(site.allimages())
    return result


@flow('lists')
def _():
    # The site's lists and a page's and a file's wider properties, as maintenance bots read them.
    berlin = site.pages['Berlin']
    return {
        'allcategories': names(site.allcategories(limit=50), 80),
        'allusers': list(islice(site.allusers(prop='editcount|groups|registration'), 50)),
        'users': list(site.users(['Alice', 'Bob', 'Niemand', '127.0.0.1'], prop='blockinfo|groups|editcount|gender')),
        'blocks': [pick(b, ('id', 'user', 'by', 'expiry', 'reason', 'flags')) for b in islice(site.blocks(), 30)],
        'exturlusage': list(islice(site.exturlusage('example.org'), 40)),
        'alllinks': names(site.alllinks(namespace=0), 60),
        'redirects': names(site.allpages(filterredir='redirects'), 60),
        'search_title': [r['title'] for r in islice(site.search('Berlin', what='title'), 30)],
        'page_images': names(berlin.images()),
        'iwlinks': list(berlin.iwlinks()),
        'subcategories': names(site.categories['Stadt'].members(namespace=14)),
        'backlinks_redirects': names(site.pages['Deutschland'].backlinks(filterredir='redirects')),
        'backlinks_through_redirects': names(site.pages['Deutschland'].backlinks(namespace=0, redirect=True), 80),
        'revisions_content': [(r['revid'], r.get('*', '')[:50]) for r in islice(berlin.revisions(prop='ids|content', limit=3), 6)],
        'revisions_range': [r['revid'] for r in berlin.revisions(start='2026-11-21T22:30:00Z', end='2026-11-21T22:26:00Z')],
        'usercontribs_templates': [c['title'] for c in islice(site.usercontributions('Admin', namespace=10), 50)],
        'block_log': [(e['type'], e['action'], e.get('title')) for e in islice(site.logevents(type='block'), 30)],
        'user_log': [(e['type'], e['action'], e.get('title')) for e in islice(site.logevents(user='Alice'), 30)],
        'new_pages': [(r['type'], r['title']) for r in islice(site.recentchanges(namespace=0, type='new'), 30)],
        'protected_template': (lambda p: [p.exists, p.length, p.contentmodel, p.pagelanguage, p.restrictiontypes,
                                          p.protection])(site.pages['Vorlage:Infobox Stadt']),
        'missing_page': (lambda p: [p.exists, p.length, p.protection, p.can('read')])(site.pages['Gibt es nicht nein']),
        'file_info': [(lambda i: [i.exists, pick(i.imageinfo, ('size', 'width', 'height', 'sha1'))])(site.images[n])
                      for n in ('Beispiel.png', 'Logo.svg', 'Fehlt.jpg')],
        'expanded_text': berlin.text(expandtemplates=True)[:300],
        'section_text': berlin.text(section=2),
        'tokens': sorted(site.api('query', meta='tokens', type='csrf|watch|patrol|rollback')['query']['tokens']),
        'anonymous_rights': site.api('query', meta='userinfo', uiprop='rights|groups|ratelimits')['query']['userinfo'],
    }


def logged_in(name, password):
    session = new_site()
    session.login(name, password)
    info = session.api('query', meta='userinfo', uiprop='groups|rights|editcount')['query']['userinfo']
    result = {
        'user': session.username, 'logged_in': session.logged_in, 'groups': sorted(session.groups),
        'userinfo': {'id': info['id'], 'name': info['name'], 'editcount': info['editcount'],
                     'rights': len(info['rights'])},
        'watchlist': [pick(w, ('type', 'title', 'revid', 'timestamp')) for w in islice(session.watchlist(), 50)],
        'watchlistraw': [pick(w, ('ns', 'title')) for w in
                         session.api('query', list='watchlistraw', wrlimit=500)['watchlistraw']],
    }
    token = session.get_token('csrf')
    session.post('logout', token=token)
    after = session.api('query', meta='userinfo')['query']['userinfo']
    result['after_logout'] = {'name': after['name'], 'anon': 'anon' in after}
    return result


@flow('login_user_password')
def _():
    return logged_in(user, os.environ['FLOW_PASSWORD'])


@flow('login_bot_password')
def _():
    return logged_in(f"{user}@{os.environ['FLOW_BOT_APP']}", os.environ['FLOW_BOT_PASSWORD'])


@flow('login_wrong_password')
def _():
    try:
        new_site().login(user, 'not-the-password')
        return 'accepted'
    except mwclient.errors.LoginError as error:
        return [error.code, error.info]


flow.write(output)
