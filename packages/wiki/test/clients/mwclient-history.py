"""Drives mwclient through a logged-in reading session and prints what it saw as JSON:
page texts, a page's history with content, a user's contributions, log events, recent changes
(and the watchlist when asked), then logout.

Usage: mwclient-history.py HOST:PORT USERNAME PASSWORD [watchlist]
"""
import json
import sys
import time

import mwclient

host, username, password = sys.argv[1:4]
with_watchlist = 'watchlist' in sys.argv[4:]
site = mwclient.Site(host, path='/', scheme='http', force_login=False)
site.login(username, password)
seen = {'user': site.username}

seen['texts'] = {name: site.pages[name].text() for name in ['Berlin', 'Hamburg']}
seen['missing_text'] = site.pages['Gibt es nicht'].text()
seen['history'] = [
    {'revid': rev['revid'], 'content': rev['slots']['main']['*']}
    for rev in site.pages['Berlin'].revisions(prop='ids|content', slots='main', limit=3)
]
seen['contribs'] = [c['revid'] for c in site.usercontributions(username, limit=7)]
seen['moves'] = [[e['logid'], e['params']['target_title']] for e in site.logevents(type='move', limit=2)]
seen['log_ids'] = [e['logid'] for e in site.logevents(limit=25)]
seen['changes'] = [c['rcid'] for c in site.recentchanges(limit=30, prop='ids|title|user')]
if with_watchlist:
    seen['watchlist'] = [
        # mwclient turns timestamps into struct_time (UTC); written back as the API writes them.
        '{}:{}:{}:{}'.format(w['ns'], w['revid'], w['old_revid'], time.strftime('%Y-%m-%dT%H:%M:%SZ', w['timestamp']))
        for w in site.watchlist(allrev=True, prop='ids|title|timestamp', limit=20)
    ]

token = site.get_token('csrf')
site.post('logout', token=token)
seen['user_after_logout'] = site.api('query', meta='userinfo')['query']['userinfo']['name']
print(json.dumps(seen))
