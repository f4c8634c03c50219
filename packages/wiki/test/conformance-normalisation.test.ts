import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { maskVolatileValues, withoutParserReports } from '../conformance/answer-normalisation.js';
import { ApiSession } from '../conformance/api-session.js';
import { compareRequest, normalise } from '../conformance/compare-request.js';
import { loadExpectedDifferences } from '../conformance/expected-differences.js';

// The report comments as MediaWiki 1.39's parser appends them to an extract's HTML.
const LIMIT_REPORT =
  '\n<!-- \nNewPP limit report\nCached time: 20261203015820\nCache expiry: 86400\nCPU time usage: 0.013 seconds\n-->';
const TIME_REPORT =
  '\n<!--\nTransclusion expansion time report (%,ms,calls,template)\n100.00%    1.298      1 -total\n-->';
const SAVED = '\n\n<!-- Saved in parser cache with key testwiki:pcache:idhash:26-0!canonical and revision id 26.\n -->';

test("the parser's report comments at the end of a text are left out, with the whitespace before them", () => {
  assert.equal(withoutParserReports(`<p>Text\n</p>\n${LIMIT_REPORT}${TIME_REPORT}${SAVED}`), '<p>Text\n</p>');
  assert.equal(withoutParserReports(`<p>Text\n</p>${LIMIT_REPORT}${TIME_REPORT}`), '<p>Text\n</p>');
  // Cut short by exchars: the text without it would not have been shortened.
  assert.equal(withoutParserReports('<p>Text.\n</p>\n<!-- \nNewPP limit report\nCache-->…'), '<p>Text.\n</p>');
  // The ellipsis is the request's language's: English writes three full stops.
  assert.equal(withoutParserReports('<p>Text.\n</p>\n<!-- \nNewPP limit report\nCache-->...'), '<p>Text.\n</p>');
  // Other comments, and texts without comments, stay as they are.
  assert.equal(withoutParserReports('<p>a <!-- other --></p>'), '<p>a <!-- other --></p>');
  assert.equal(withoutParserReports('<p>a</p><!-- other -->'), '<p>a</p><!-- other -->');
  const answer = { query: { pages: [{ extract: `<p>x\n</p>${LIMIT_REPORT}` }] }, curtimestamp: 'now' };
  maskVolatileValues(answer);
  const xml = { extract: [{ '@xml:space': 'preserve', '#text': LIMIT_REPORT.trim() }] };
  maskVolatileValues(xml);
  assert.deepEqual(xml, { extract: [{ '@xml:space': 'preserve' }] });
  assert.deepEqual(answer, { query: { pages: [{ extract: '<p>x\n</p>' }] }, curtimestamp: '(volatile)' });
});

test("a volatile count is masked as a number too (siteinfo's jobs in formatversion 1), other numbers kept", () => {
  const answer = { query: { statistics: { pages: 2660, jobs: 1 } } };
  maskVolatileValues(answer);
  assert.deepEqual(answer, { query: { statistics: { pages: 2660, jobs: '(volatile)' } } });
});

test("random picks are left out of every answer of a continued run, the further <api> elements of XML's too", () => {
  const request = {
    number: 1,
    method: 'GET' as const,
    sender: 'anonymous' as const,
    params: [] as [string, string][],
    modules: ['random'],
    followContinuation: true,
  };
  const page = (id: string) => [{ random: [{ page: [{ '@id': id }] }] }];
  const xml = { api: [{ query: page('1'), continue: [{}] }, { query: page('2') }, { '@batchcomplete': '' }] };
  assert.deepEqual(normalise(request, 'xml', xml), { api: [{}, {}, { '@batchcomplete': '' }] });
  const json = { batchcomplete: true, query: { random: [{ id: 1 }] }, continue: { rncontinue: 'x' } };
  assert.deepEqual(normalise(request, 'json', json), { batchcomplete: true });
});

test("an entry for MediaWiki's internal errors covers only requests MediaWiki answered with one", () => {
  const expected = loadExpectedDifferences({ catalogue: true });
  const request = {
    number: 1,
    method: 'GET' as const,
    sender: 'anonymous' as const,
    params: [['list', 'watchlistraw'] as [string, string]],
    modules: ['watchlistraw'],
    followContinuation: false,
  };
  const difference = {
    path: 'api[0].watchlistraw',
    pattern: 'api[].watchlistraw unexpected',
    type: 'unexpected' as const,
    ours: [],
    theirs: undefined,
  };
  const internal = 'internal_api_error_Wikimedia\\Assert\\ParameterAssertionException';
  const entry = expected.covering(difference, request, internal)?.mediawikiError;
  assert.match(entry ?? '', /internal_api_error_/);
  // A failure of its server outside the API's error handling is one of its own too.
  assert.equal(expected.covering(difference, request, 'http_500')?.mediawikiError, entry);
  assert.equal(expected.covering(difference, request, 'no_answer')?.mediawikiError, entry);
  assert.equal(expected.covering(difference, request, 'http_200'), undefined);
  assert.equal(expected.covering(difference, request, 'badcontinue'), undefined);
  assert.equal(expected.covering(difference, request), undefined);
});

test("a continued request whose further answer MediaWiki's server failed is compared as far as both answered", async () => {
  // Two real HTTP servers: both list three items, one per request; the second fails the third.
  const serve = (failAt: number) =>
    createServer((request, response) => {
      const step = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('lecontinue') ?? 0);
      if (step === failAt) return void response.writeHead(500).end();
      const answer: Record<string, unknown> = { batchcomplete: '', query: { list: [{ id: step }] } };
      if (step < 2) answer.continue = { lecontinue: String(step + 1), continue: '-||' };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  const servers = [serve(-1), serve(2)];
  const bases = await Promise.all(
    servers.map(
      (server) =>
        new Promise<string>((resolve) =>
          server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)),
        ),
    ),
  );
  try {
    const comparison = await compareRequest(
      {
        number: 1,
        method: 'GET',
        sender: 'anonymous',
        params: [
          ['action', 'query'],
          ['format', 'json'],
        ],
        modules: ['list'],
        followContinuation: true,
      },
      new ApiSession(bases[0] as string),
      new ApiSession(bases[1] as string),
    );
    assert.deepEqual(
      comparison.differences.map((d) => d.pattern),
      ['(status) value'],
    );
    assert.equal(comparison.mediawikiError, undefined);
    // A first answer its server failed is named as such, for the list's entry of its own failures.
    const failedFirst = await compareRequest(
      {
        number: 2,
        method: 'GET',
        sender: 'anonymous',
        params: [
          ['action', 'query'],
          ['format', 'json'],
          ['lecontinue', '2'],
        ],
        modules: ['list'],
        followContinuation: false,
      },
      new ApiSession(bases[0] as string),
      new ApiSession(bases[1] as string),
    );
    assert.equal(failedFirst.mediawikiError, 'http_500');
  } finally {
    for (const server of servers) server.close();
  }
});

test("an entry for some content languages is on the list of those languages' runs only", () => {
  const forLanguages = (run: { catalogue: boolean; contentLanguage?: string }) =>
    loadExpectedDifferences(run).entries.filter((entry) => entry.contentLanguages !== undefined);
  assert.equal(forLanguages({ catalogue: true }).length, 0);
  assert.equal(forLanguages({ catalogue: true, contentLanguage: 'de' }).length, 0);
  const serbian = forLanguages({ catalogue: true, contentLanguage: 'sr' });
  assert.ok(serbian.length > 0);
  assert.ok(serbian.every((entry) => entry.contentLanguages?.includes('sr')));
});
