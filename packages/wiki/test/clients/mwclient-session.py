"""Drives mwclient against a wiki server and prints what it saw as JSON.

Usage: mwclient-session.py HOST:PORT USERNAME PASSWORD
"""
import json
import sys

import mwclient
import mwclient.errors

host, username, password = sys.argv[1:4]
site = mwclient.Site(host, path='/', scheme='http', force_login=False)
seen = {
    'generator': site.site['generator'],
    'sitename': site.site['sitename'],
    'namespaces': {str(k): v for k, v in site.namespaces.items()},
    'user_before': site.username,
}

try:
    site.login(username, 'not-' + password)
    seen['wrong_password'] = 'accepted'
except mwclient.errors.LoginError as error:
    seen['wrong_password'] = [error.code, error.info]

site.login(username, password)
seen['user'] = site.username
seen['groups'] = site.groups
userinfo = site.api('query', meta='userinfo', uiprop='editcount|groupmemberships')['query']['userinfo']
seen['userinfo'] = {'id': userinfo['id'], 'editcount': userinfo['editcount']}

page = site.pages['Berlin']
seen['page'] = {'name': page.name, 'exists': page.exists, 'pageid': page.pageid, 'length': page.length}
seen['missing_page_exists'] = site.pages['Gibt es nicht'].exists

category = site.categories['Stadt in Deutschland']
seen['category_members'] = [p.name for p in category.members()]
seen['allpages'] = [p.name for p in site.allpages(namespace=0, limit=100)]
# As a list (not a generator) mwclient yields the titles themselves.
seen['allpages_list'] = list(site.allpages(namespace=0, limit=100, generator=False))
seen['backlinks'] = [p.name for p in site.pages['Berlin'].backlinks(limit=5)]

token = site.get_token('csrf')
seen['csrf_token_shape'] = token.endswith('+\\') and len(token) > 2
site.post('logout', token=token)
seen['user_after_logout'] = site.api('query', meta='userinfo')['query']['userinfo']

print(json.dumps(seen))
