/**
 * User parameters that accept a user id (`#1`) read it as the name of the account with that id,
 * in every module that has one, as MediaWiki does; an id without an account matches nobody.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useLoggedInClients } from '../helpers/logged-in-clients.js';
import { useReferenceApi } from '../helpers/reference-api.js';

describeEachEngine('user parameters given as #id', (engine) => {
  const api = useReferenceApi(engine);
  const users = useLoggedInClients(api, ['Admin']);
  // Admin is the reference wiki's account 1.
  const cases: [string, Record<string, string>, string][] = [
    ['list=allrevisions', { list: 'allrevisions', arvlimit: 'max' }, 'arvuser'],
    ['list=allrevisions excluding', { list: 'allrevisions', arvlimit: 'max' }, 'arvexcludeuser'],
    ['generator=allrevisions', { generator: 'allrevisions', garvlimit: 'max' }, 'garvexcludeuser'],
    ['list=logevents', { list: 'logevents', lelimit: 'max' }, 'leuser'],
    ['list=allimages', { list: 'allimages', aisort: 'timestamp', ailimit: 'max' }, 'aiuser'],
    ['prop=revisions', { prop: 'revisions', titles: 'Berlin', rvlimit: 'max' }, 'rvuser'],
    ['list=deletedrevs', { list: 'deletedrevs' }, 'druser'],
    ['list=watchlist', { list: 'watchlist', wllimit: 'max' }, 'wluser'],
  ];
  for (const [name, params, userParam] of cases) {
    test(`${name}: ${userParam}=#1 is ${userParam}=Admin`, async () => {
      const byName = await users.query('Admin', { ...params, [userParam]: 'Admin' });
      const byId = await users.query('Admin', { ...params, [userParam]: '#1' });
      assert.equal(byId.error, undefined);
      assert.ok(JSON.stringify(byName.query).length > 40, 'the name finds something');
      assert.deepEqual(byId, byName);
    });
  }

  test('an id without an account matches no one', async () => {
    const answer = await users.query('Admin', { list: 'allrevisions', arvuser: '#99999' });
    assert.deepEqual(answer.query.allrevisions, []);
    const all = await users.query('Admin', { list: 'logevents', lelimit: '5' });
    const excluded = await users.query('Admin', { list: 'logevents', lelimit: '5', leuser: '#0' });
    assert.equal(all.query.logevents.length, 5);
    assert.deepEqual(excluded.query.logevents, []);
  });

  test('a user parameter without the id type refuses #1', async () => {
    const answer = await users.query('Admin', { list: 'usercontribs', ucuser: '#1' });
    assert.equal(answer.error.code, 'baduser');
  });
});
