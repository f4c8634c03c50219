import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { importReferenceWiki, type ReferenceWiki } from '../helpers/reference-wiki.js';
import { SessionClient } from '../helpers/session-client.js';

describe('action=login on the reference wiki', () => {
  let wiki: ReferenceWiki;
  let app: FastifyInstance;
  before(async () => {
    wiki = await importReferenceWiki();
    app = await buildApp({ store: wiki.store, site: wiki.site });
  });
  after(async () => {
    await app.close();
    await wiki.dispose();
  });

  test('a reference user logs in with the password MediaWiki stored, and the session knows them', async () => {
    const client = new SessionClient(app);
    const login = await client.logIn('Alice', 'Oracle-Pass-Alice-2024');
    assert.deepEqual(login.json.login, { result: 'Success', lguserid: 3, lgusername: 'Alice' });
    assert.ok(client.cookies.has('testwiki_session'));
    assert.equal(client.cookies.get('testwikiUserID'), '3');
    assert.equal(client.cookies.get('testwikiUserName'), 'Alice');
    const info = await client.get({ action: 'query', meta: 'userinfo', format: 'json', formatversion: '2' });
    assert.deepEqual(info.json.query.userinfo, { id: 3, name: 'Alice' });
  });
});
