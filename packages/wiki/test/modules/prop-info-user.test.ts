/**
 * prop=info's fields that depend on who asks (watch state, watcher counts, testactions), run for a
 * logged-in user by handing `action=query` a request state carrying that user.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { executeQuery } from '../../src/api/actions/query.js';
import type { RequestUser } from '../../src/api/module.js';
import { RequestParams } from '../../src/api/params/request.js';
import { RequestState } from '../../src/api/request-state.js';
import type { ResultObject } from '../../src/api/result/tree.js';
import { accountUser } from '../../src/api/user.js';
import { TitleCodec } from '../../src/site/title.js';
import { useReferenceWiki } from '../helpers/reference-wiki.js';

/** The data of a result object without its printing annotations. */
const plainData = (value: unknown) => JSON.parse(JSON.stringify(value));

describeEachEngine('prop=info for a logged-in user', (engine) => {
  const wiki = useReferenceWiki(engine);

  async function infoAs(user: RequestUser, params: Record<string, string>) {
    const { store, site } = wiki();
    const services = { site, titles: new TitleCodec(site), store, softwareName: 'test', hostName: 'test' };
    const request = new RequestParams(Object.entries({ action: 'query', prop: 'info', ...params }));
    const state = new RequestState(request, services, user, 'GET', 'http://127.0.0.1:8090');
    const result: ResultObject = {};
    await executeQuery(state, result);
    const pages = (result.query as ResultObject).pages as { entries: Map<string, ResultObject> };
    return new Map([...pages.entries.values()].map((p) => [p.title as string, p]));
  }

  /** A logged-in account in the given groups, with rights as a session of it would have them. */
  const user = (id: number, name: string, groups: string[]): RequestUser => {
    const { site, store } = wiki();
    const memberships = groups.map((group) => ({ group, expiry: 'infinity' }));
    const account = { id, name, editCount: 0, registration: null, memberships };
    return accountUser(site, store, account, '127.0.0.1', new Date());
  };

  test("a missing title's watchers all visit it, as it has no edit to measure from; zero counts for an administrator", async () => {
    const pages = await infoAs(user(1, 'Admin', ['sysop', 'bureaucrat']), {
      titles: 'Gibtsnicht|Diskussion:Albert Einstein|Berlin',
      inprop: 'watchers|visitingwatchers',
    });
    assert.equal(pages.get('Diskussion:Albert Einstein')?.visitingwatchers, 2);
    assert.equal(pages.get('Gibtsnicht')?.visitingwatchers, 0);
    assert.equal(pages.get('Gibtsnicht')?.watchers, 0);
    assert.equal(pages.get('Berlin')?.visitingwatchers, 3);
  });

  test('an administrator sees their watch state and every watcher count', async () => {
    const pages = await infoAs(user(1, 'Admin', ['sysop', 'bureaucrat']), {
      titles: 'Berlin|Hamburg',
      inprop: 'watched|notificationtimestamp|watchers',
    });
    assert.equal(pages.get('Berlin')?.watched, true);
    assert.equal(pages.get('Berlin')?.notificationtimestamp, '');
    assert.equal(pages.get('Berlin')?.watchers, 3);
    assert.equal(pages.get('Hamburg')?.watched, false);
    assert.equal(pages.get('Hamburg')?.watchers, 2);
  });

  test('a user with unseen changes gets the notification timestamp', async () => {
    const pages = await infoAs(user(4, 'Bob', []), {
      titles: 'Berlin',
      inprop: 'watched|notificationtimestamp|watchers',
    });
    assert.equal(pages.get('Berlin')?.watched, true);
    assert.equal(pages.get('Berlin')?.notificationtimestamp, '2026-11-21T22:26:12Z');
    assert.equal(pages.get('Berlin')?.watchers, undefined, 'watcher counts need unwatchedpages or the threshold');
  });

  test('testactions follow the user rights: an administrator may edit the protected main page', async () => {
    const pages = await infoAs(user(1, 'Admin', ['sysop']), {
      titles: 'Hauptseite',
      intestactions: 'edit|move|delete',
    });
    assert.deepEqual(plainData(pages.get('Hauptseite')?.actions), { edit: true, move: true, delete: true });
    const plain = await infoAs(user(4, 'Bob', []), {
      titles: 'Hauptseite|Eisenbahn',
      intestactions: 'edit|move|delete',
    });
    assert.deepEqual(plainData(plain.get('Hauptseite')?.actions), { edit: false, move: false, delete: false });
    assert.deepEqual(plainData(plain.get('Eisenbahn')?.actions), { edit: true, move: true, delete: false });
  });
});
