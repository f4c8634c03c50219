/**
 * The message catalogue read from a live MediaWiki 1.39 (`wiki messages`), on the reference wiki
 * it serves: with the catalogue imported, error and warning texts in every error format and
 * language, and `meta=allmessages` with its filters, are MediaWiki's own answers. Skipped, with
 * the reason, where MediaWiki cannot be set up here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/api/app.js';
import { MediaWikiApiClient } from '../src/import/mediawiki-api/api-client.js';
import { importSourceMessages } from '../src/import/mediawiki-api/messages.js';
import { storedMessageLanguages } from '../src/store/message-catalogue.js';
import { startLiveMediaWiki } from './helpers/reference-mediawiki.js';
import { importReferenceWiki, type ReferenceWiki } from './helpers/reference-wiki.js';

const { mediawiki, skipReason } = await startLiveMediaWiki();

/** Error and warning requests: every error format, German (the content language) and English. */
const ERROR_REQUESTS: Record<string, string>[] = [];
for (const errorformat of ['plaintext', 'wikitext', 'html', 'raw', 'none', 'bc']) {
  for (const uselang of ['content', 'en']) {
    const common = { errorformat, uselang };
    ERROR_REQUESTS.push(
      { ...common, action: 'query', list: 'allpages', aplimit: 'viele' },
      { ...common, action: 'query', list: 'allpages', apfoo: '1', apbar: '2' },
      { ...common, action: 'query', list: 'allpages', apnamespace: '4711' },
      { ...common, action: 'query', list: 'allpages', apdir: 'seitwärts' },
      { ...common, action: 'query', list: 'allpages', aplimit: '5000' },
      { ...common, action: 'query', prop: 'revisions', titles: 'Berlin', rvprop: 'ids|nonsense' },
      { ...common, action: 'query', list: 'recentchanges', rcstart: 'gestern' },
      { ...common, action: 'query', list: 'usercontribs' },
      { ...common, action: 'query', generator: 'nichts' },
      { ...common, action: 'query', list: 'allpages', apcontinue: 'A', continue: 'x' },
    );
  }
}

/** `meta=allmessages` with each of its filters, in both languages. */
const ALLMESSAGES_REQUESTS: Record<string, string>[] = [
  { amfrom: 'apierror-badgenerator', amto: 'apierror-badquery' },
  { amprefix: 'paramvalidator-badvalue', amlang: 'en' },
  { amprefix: 'tag', amcustomised: 'modified' },
  { amprefix: 'tagl', amcustomised: 'unmodified', amprop: 'default' },
  { ammessages: 'apierror-invalidparammix|mainpage|nosuchmessagehere', amargs: '<var>a</var> und <var>b</var>|2' },
  { ammessages: 'apierror-invalidparammix|tagline', amargs: 'x|1', amenableparser: '1' },
  { amfilter: 'gadget', amprefix: 'gadgets-d', amincludelocal: '1' },
  { amprefix: 'sitesub', amprop: 'default', amlang: 'en' },
];

/** The parts of an answer that carry texts: errors, warnings, docref and allmessages. */
function texts(answer: Record<string, unknown>): Record<string, unknown> {
  const { error, errors, warnings, docref, query } = answer as Record<string, any>;
  return { error, errors, warnings, docref, allmessages: query?.allmessages };
}

describe('messages read from a live MediaWiki', { skip: skipReason ?? false }, () => {
  let wiki: ReferenceWiki;
  let app: FastifyInstance;

  before(async () => {
    wiki = await importReferenceWiki();
    await importSourceMessages(wiki.store, new MediaWikiApiClient(mediawiki!.apiUrl, { attempts: 3 }));
    app = await buildApp({ store: wiki.store, site: wiki.site, logLevel: 'warn' });
  });
  after(async () => {
    await app?.close();
    await wiki?.dispose();
    await mediawiki?.stop();
  });

  async function both(params: Record<string, string>) {
    const query = new URLSearchParams({ format: 'json', formatversion: '2', ...params }).toString();
    const ours = (await app.inject({ method: 'GET', url: `/api.php?${query}` })).json();
    const theirs = await (await fetch(`${mediawiki!.apiUrl}?${query}`)).json();
    return { ours: texts(ours), theirs: texts(theirs as Record<string, unknown>) };
  }

  test('the content language and English are stored, as many messages as MediaWiki lists', async () => {
    const languages = await storedMessageLanguages(wiki.store);
    assert.deepEqual(
      languages.map((l) => l.lang),
      ['de', 'en'],
    );
    const listed = (await (
      await fetch(`${mediawiki!.apiUrl}?action=query&meta=allmessages&amnocontent=1&format=json&formatversion=2`)
    ).json()) as { query: { allmessages: unknown[] } };
    assert.equal(languages[0].count, listed.query.allmessages.length);
  });

  test('error and warning texts are MediaWiki’s in every error format and language', async () => {
    const differing: string[] = [];
    for (const params of ERROR_REQUESTS) {
      const { ours, theirs } = await both(params);
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
        differing.push(
          `${new URLSearchParams(params)}\n  ours: ${JSON.stringify(ours)}\n  MediaWiki: ${JSON.stringify(theirs)}`,
        );
      }
    }
    assert.deepEqual(differing, []);
  });

  test('allmessages gives MediaWiki’s messages with each filter', async () => {
    const differing: string[] = [];
    for (const extra of ALLMESSAGES_REQUESTS) {
      const params = { action: 'query', meta: 'allmessages', ...extra };
      const { ours, theirs } = await both(params);
      assert.ok(Array.isArray(theirs.allmessages), `MediaWiki listed messages for ${new URLSearchParams(extra)}`);
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
        differing.push(
          `${new URLSearchParams(extra)}\n  ours: ${JSON.stringify(ours)}\n  MediaWiki: ${JSON.stringify(theirs)}`,
        );
      }
    }
    assert.deepEqual(differing, []);
  });
});
