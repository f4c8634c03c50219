/** The answer's size limit: MediaWiki's 8 MiB, with its truncation warning. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forgetText, PREPARED_MIN_LENGTH, prepareText } from '../../src/api/format/prepared-json.js';
import { renderMessage } from '../../src/api/messages/render.js';
import { RequestParams } from '../../src/api/params/request.js';
import { type ApiServices, MAX_RESULT_SIZE, RequestState } from '../../src/api/request-state.js';
import { anonymousUser } from '../../src/api/user.js';
import { germanSite } from '../helpers/german-site.js';

/** The state of an anonymous GET request without parameters. */
function anonymousRequest(): RequestState {
  const site = germanSite();
  return new RequestState(
    new RequestParams([]),
    { site } as ApiServices,
    anonymousUser(site, '127.0.0.1'),
    'GET',
    'http://127.0.0.1',
  );
}

test('values are counted until the limit; the first that does not fit is refused with a warning', () => {
  const state = anonymousRequest();
  const big = 'x'.repeat(MAX_RESULT_SIZE / 2);
  assert.equal(state.fits('query+allpages', { title: big }), true);
  assert.equal(
    state.fits('query+allpages', { title: 'ä'.repeat(MAX_RESULT_SIZE / 4) }),
    true,
    'counted in UTF-8 bytes',
  );
  assert.equal(state.fits('query+allpages', { title: 'y' }), false);
  assert.equal(state.warnings.length, 1);
  const { module, message } = state.warnings[0];
  assert.equal(module, 'query+allpages');
  assert.equal(
    renderMessage(message.key, message.params, 'en'),
    'This result was truncated because it would otherwise be larger than the limit of 8,388,608 bytes.',
  );
});

test('counting records where registered texts are, and that the answer holds them', () => {
  const state = anonymousRequest();
  const text = 'Inhalt '.repeat(PREPARED_MIN_LENGTH);
  const other = 'Nicht registriert '.repeat(PREPARED_MIN_LENGTH);
  prepareText(text);
  try {
    assert.equal(state.fits('query+revisions', { title: 'A', other }), true);
    assert.equal(state.counted.prepared, false);
    const main = { contentmodel: 'wikitext', content: text };
    const item = { revid: 1, slots: { main }, list: [text] };
    assert.equal(state.fits('query+revisions', item), true);
    assert.equal(state.counted.prepared, true);
    assert.deepEqual(state.counted.holders, [[main, 'content']]);
    // Found again in another value: recorded again, and the answer still holds one.
    assert.equal(state.fits('query+revisions', { title: 'B' }), true);
    assert.equal(state.counted.prepared, true);
  } finally {
    forgetText(text);
  }
});
