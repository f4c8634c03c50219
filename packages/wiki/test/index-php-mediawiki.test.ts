/**
 * `index.php?action=raw` against a live MediaWiki 1.39 on the same wiki: for every page its text,
 * and for a share of them a section, the text with its templates expanded and the text asked for
 * as JavaScript; then the ways of naming a page and a revision, the content types, the caching
 * headers, the refusals and the interwiki redirect. Compared: the status, the content type, the
 * caching headers, `Last-modified`, `Location` and the body (where MediaWiki answers with one of
 * its HTML pages, an invalid title, only the status).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import { type ListeningWiki, listeningReferenceWiki } from './helpers/listening-wiki.js';
import { type ReferenceMediaWiki, startReferenceMediaWiki } from './helpers/reference-mediawiki.js';

let mediawiki: ReferenceMediaWiki;
let ours: ListeningWiki;
let mediawikiOrigin: string;

before(async () => {
  [mediawiki, ours] = await Promise.all([startReferenceMediaWiki(), listeningReferenceWiki()]);
  mediawikiOrigin = new URL(mediawiki.apiUrl).origin;
});
after(async () => {
  await Promise.all([mediawiki?.stop(), ours?.close()]);
});

const MEDIAWIKI_PAGE = '(a page of MediaWiki)';

interface Seen {
  status: number;
  contentType: string | null;
  cacheControl: string | null;
  lastModified: string | null;
  location: string | null;
  body: string;
}

async function raw(origin: string, pathAndQuery: string): Promise<Seen> {
  const response = await fetch(`${origin}/${pathAndQuery}`, { redirect: 'manual' });
  const contentType = response.headers.get('content-type');
  const body = await response.text();
  const page = contentType?.startsWith('text/html') === true && body.startsWith('<!DOCTYPE html>\n<html class=');
  return {
    status: response.status,
    contentType: page ? 'text/html' : contentType,
    cacheControl: page ? null : response.headers.get('cache-control'),
    // MediaWiki's redirect to another wiki is dated now.
    lastModified: page || response.status === 301 ? null : response.headers.get('last-modified'),
    location: response.headers.get('location'),
    body: page ? MEDIAWIKI_PAGE : body,
  };
}

async function both(pathAndQuery: string): Promise<[Seen, Seen]> {
  return Promise.all([raw(ours.origin, pathAndQuery), raw(mediawikiOrigin, pathAndQuery)]);
}

async function allTitles(): Promise<string[]> {
  const titles: string[] = [];
  const namespaces = (await (
    await fetch(`${mediawiki.apiUrl}?action=query&meta=siteinfo&siprop=namespaces&format=json`)
  ).json()) as any;
  for (const ns of Object.keys(namespaces.query.namespaces).filter((n) => Number(n) >= 0)) {
    let next: Record<string, string> = {};
    for (;;) {
      const query = new URLSearchParams({
        action: 'query',
        list: 'allpages',
        apnamespace: ns,
        aplimit: 'max',
        format: 'json',
        ...next,
      });
      const answer = (await (await fetch(`${mediawiki.apiUrl}?${query}`)).json()) as any;
      titles.push(...answer.query.allpages.map((p: { title: string }) => p.title));
      if (!answer.continue) break;
      next = answer.continue;
    }
  }
  return titles;
}

/**
 * The version string a text with `{{CURRENTVERSION}}` expands to: the server presents itself as the
 * newer MediaWiki of the spec, as siteinfo's generator does.
 */
const VERSION = /\b1\.(?:39|43)\.\d+\b/g;

/** Whether two answers agree, as far as they can (see the file's head). */
function agree(mine: Seen, theirs: Seen): boolean {
  // Where MediaWiki answers with one of its HTML pages (an invalid title), only the status.
  if (theirs.body === MEDIAWIKI_PAGE) return mine.status === theirs.status;
  // The wording of a refusal is MediaWiki's only where the store holds its message catalogue.
  const refusal = (seen: Seen) => seen.status === 403 && seen.body.includes('<h1>Forbidden</h1>');
  if (refusal(mine) && refusal(theirs)) return isDeepStrictEqual({ ...mine, body: '' }, { ...theirs, body: '' });
  const versionless = (seen: Seen) => ({ ...seen, body: seen.body.replace(VERSION, '(version)') });
  return isDeepStrictEqual(versionless(mine), versionless(theirs));
}

/** Requests in batches of a few at a time; the differing ones, as request and both answers. */
async function differing(requests: readonly string[]): Promise<{ request: string; ours: Seen; mediawiki: Seen }[]> {
  const found: { request: string; ours: Seen; mediawiki: Seen }[] = [];
  for (let i = 0; i < requests.length; i += 8) {
    const batch = requests.slice(i, i + 8);
    const answers = await Promise.all(batch.map(both));
    answers.forEach(([mine, theirs], j) => {
      if (!agree(mine, theirs)) found.push({ request: batch[j] as string, ours: mine, mediawiki: theirs });
    });
  }
  return found;
}

/** The first differences, short enough to read. */
function shown(found: readonly { request: string; ours: Seen; mediawiki: Seen }[]): string {
  return found
    .slice(0, 5)
    .map(({ request, ours: mine, mediawiki: theirs }) => {
      const short = (seen: Seen) => JSON.stringify({ ...seen, body: seen.body.slice(0, 120) });
      return `${request}\n  ours ${short(mine)}\n  MediaWiki's ${short(theirs)}`;
    })
    .join('\n');
}

test('every page’s text, and for some a section, the expanded text and the text as JavaScript, is MediaWiki’s', async () => {
  const titles = await allTitles();
  assert.ok(titles.length > 2000, `the reference wiki's pages (${titles.length})`);
  const query = (title: string, extra = '') => `index.php?${new URLSearchParams({ title, action: 'raw' })}${extra}`;
  const requests = [
    ...titles.map((title) => query(title)),
    ...titles.filter((_, i) => i % 7 === 0).map((title) => query(title, '&section=1')),
    ...titles.filter((_, i) => i % 7 === 1).map((title) => query(title, '&section=0')),
    ...titles.filter((_, i) => i % 13 === 2).map((title) => query(title, '&templates=expand')),
    ...titles.filter((_, i) => i % 17 === 3).map((title) => query(title, '&ctype=text/javascript')),
    ...titles.filter((_, i) => i % 17 === 4).map((title) => query(title, '&direction=prev')),
  ];
  const found = await differing(requests);
  assert.equal(found.length, 0, `${found.length} of ${requests.length} differ:\n${shown(found)}`);
});

test('naming pages and revisions, content types, caching headers, refusals and redirects as MediaWiki answers them', async () => {
  const requests = [
    'index.php?title=Berlin&action=raw',
    'index.php/Berlin?action=raw',
    'index.php/Hamburg?title=Berlin&action=raw',
    'index.php?title=berlin&action=raw',
    'index.php?title=Berlin&action=RAW',
    'index.php?title=Gibt_es_nicht&action=raw',
    'index.php?title=BRD&action=raw',
    'index.php?action=raw',
    'index.php?curid=236&action=raw',
    'index.php?curid=999999&action=raw',
    'index.php?curid=abc&action=raw',
    'index.php?curid=abc&title=Berlin&action=raw',
    'index.php?title=Berlin%23Geschichte&action=raw',
    'index.php?title=%5B%5B&action=raw',
    'index.php?title=Media:Beispiel.png&action=raw',
    'index.php?title=en:Berlin&action=raw&ctype=text/css',
    'index.php?title=Berlin&action=raw&oldid=248',
    'index.php?title=Hamburg&oldid=248&action=raw',
    'index.php?diff=248&action=raw',
    'index.php?oldid=99999999&action=raw',
    'index.php?title=Berlin&oldid=999999&action=raw',
    'index.php?title=Berlin&action=raw&oldid=abc',
    'index.php?title=Berlin&oldid=248&direction=next&action=raw',
    'index.php?title=Berlin&direction=next&action=raw',
    'index.php?title=Berlin&direction=prev&action=raw',
    'index.php?title=Berlin&direction=cur&oldid=248&action=raw',
    'index.php?title=Berlin&section=99&action=raw',
    'index.php?title=Berlin&section=abc&action=raw',
    'index.php?title=Berlin&section=-1&action=raw',
    'index.php?title=Berlin&section=-2&action=raw',
    'index.php?title=Berlin&section=T-1&action=raw',
    'index.php?title=Berlin&action=raw&slot=foo',
    'index.php?title=Berlin&action=raw&slot=main',
    'index.php?title=Berlin&action=raw&maxage=60&smaxage=10',
    'index.php?title=Berlin&action=raw&maxage=abc',
    'index.php?title=Berlin&action=raw&ctype=text/html',
    'index.php?title=Berlin&action=raw&ctype=application/json',
    'index.php?title=Berlin&action=raw&gen=css',
    'index.php?title=Berlin&action=raw&gen=js',
    'index.php?title=Berlin&action=raw&ctype=text/javascript',
    'index.php?title=MediaWiki:Common.css&action=raw&ctype=text/css',
    'index.php?title=MediaWiki:Common.css&action=raw&section=0',
    'index.php?title=MediaWiki:Common.js&action=raw&ctype=text/javascript',
    'index.php?title=Gibt_es_nicht&action=raw&ctype=text/css',
    'index.php?title=Gibt_es_nicht&action=raw&templates=expand',
    'index.php?title=Berlin&action=raw&templates=expand',
    'index.php?title=Benutzer:Nobody/x.js&action=raw&ctype=text/javascript',
    'index.php?title=Benutzer:Nobody/x.css&action=raw&ctype=text/css',
    'index.php?title=Benutzer:Nobody/x.css&action=raw',
  ];
  const found = await differing(requests);
  assert.equal(found.length, 0, `${found.length} of ${requests.length} differ:\n${shown(found)}`);
});

test('the page as HTML is not served: a 404 saying what is', async () => {
  const answer = await fetch(`${ours.origin}/index.php?title=Berlin`);
  assert.equal(answer.status, 404);
  assert.match(answer.headers.get('content-type') ?? '', /^text\/plain/);
  assert.match(await answer.text(), /action=raw/);
});

test('a client whose copy is as new as the page gets a 304', async () => {
  const url = `${ours.origin}/index.php?title=Berlin&action=raw`;
  const fresh = await fetch(url, { headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() } });
  assert.equal(fresh.status, 304);
  const stale = await fetch(url, { headers: { 'if-modified-since': 'Sat, 01 Jan 2000 00:00:00 GMT' } });
  assert.equal(stale.status, 200);
  assert.match(await stale.text(), /Berlin/);
});
