/** The answer's size limit: MediaWiki's 8 MiB, with its truncation warning. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMessage } from '../../src/api/messages/render.js';
import { RequestParams } from '../../src/api/params/request.js';
import { type ApiServices, MAX_RESULT_SIZE, RequestState } from '../../src/api/request-state.js';
import { anonymousUser } from '../../src/api/user.js';
import { germanSite } from '../helpers/german-site.js';

test('values are counted until the limit; the first that does not fit is refused with a warning', () => {
  const site = germanSite();
  const state = new RequestState(
    new RequestParams([]),
    { site } as ApiServices,
    anonymousUser(site, '127.0.0.1'),
    'GET',
    'http://127.0.0.1',
  );
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
