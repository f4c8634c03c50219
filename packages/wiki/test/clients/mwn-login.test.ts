/**
 * mwn, the Node.js MediaWiki client, against the server on the reference wiki: it logs in as a
 * reference user, reads site and user info, pages, category members, continued lists and
 * generator queries, and logs out, with nothing adapted to this server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Mwn } from 'mwn';
import { type ListeningWiki, listeningReferenceWiki } from '../helpers/listening-wiki.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';

describe('mwn against the reference wiki', () => {
  let served: ListeningWiki;
  let bot: Mwn;
  before(async () => {
    served = await listeningReferenceWiki();
    bot = new Mwn({
      apiUrl: `${served.origin}/api.php`,
      username: 'Alice',
      password: REFERENCE_PASSWORDS.Alice,
      silent: true,
      maxRetries: 0,
    });
  });
  after(async () => {
    await served.close();
  });

  test('logs in as a reference user and sees its account', async () => {
    const login = await bot.login();
    assert.equal(login.result, 'Success');
    assert.equal(login.lgusername, 'Alice');
    assert.match(bot.csrfToken, /^[0-9a-f]{40}\+\\$/);
    const info = await bot.userinfo({ uiprop: ['groups', 'rights', 'editcount'] });
    assert.equal(info.name, 'Alice');
    assert.ok(info.groups.includes('sysop') && info.groups.includes('bureaucrat'));
    assert.ok(info.rights.includes('apihighlimits'));
    assert.equal(info.editcount, 58);
  });

  test('reads site info with assert=user', async () => {
    const answer = await bot.query({ meta: 'siteinfo', siprop: 'general|namespaces', assert: 'user' });
    assert.equal(answer.query.general.sitename, 'Testwiki');
    assert.equal(answer.query.general.lang, 'de');
    assert.equal(answer.query.namespaces['14'].name, 'Kategorie');
  });

  test('reads page info', async () => {
    const answer: any = await bot.query({ prop: 'info', titles: 'Berlin|Gibt es nicht' });
    const berlin = answer.query.pages.find((p: { title: string }) => p.title === 'Berlin');
    const missing = answer.query.pages.find((p: { title: string }) => p.title === 'Gibt es nicht');
    assert.equal(berlin.title, 'Berlin');
    assert.ok(berlin.pageid > 0 && berlin.length > 0);
    assert.equal(missing.missing, true);
  });

  test('lists category members across continuations', async () => {
    const answers: any[] = await bot.continuedQuery({
      action: 'query',
      list: 'categorymembers',
      cmtitle: 'Kategorie:Stadt in Deutschland',
      cmlimit: 3,
    });
    assert.ok(answers.length >= 4, 'several batches');
    const titles = answers.flatMap((a) => a.query.categorymembers.map((m: { title: string }) => m.title));
    const expected = await served.wiki.store.db
      .selectFrom('categorylinks')
      .select('cl_from')
      .where('cl_to', '=', 'Stadt_in_Deutschland')
      .execute();
    assert.equal(titles.length, expected.length);
    assert.equal(new Set(titles).size, titles.length);
    assert.ok(titles.includes('Berlin'));
  });

  test('continues allpages to the end and backlinks across batches', async () => {
    const pages: any[] = await bot.continuedQuery(
      { action: 'query', list: 'allpages', apnamespace: 0, aplimit: 100 },
      50,
    );
    const titles = pages.flatMap((a) => a.query.allpages.map((p: { title: string }) => p.title));
    const count = await served.wiki.store.db
      .selectFrom('page')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('page_namespace', '=', 0)
      .executeTakeFirstOrThrow();
    assert.equal(titles.length, Number(count.n));
    const keys = titles.map((t) => t.replaceAll(' ', '_'));
    assert.deepEqual([...keys].sort(compareBytes), keys, 'in MediaWiki order');

    const links: any[] = await bot.continuedQuery({
      action: 'query',
      list: 'backlinks',
      bltitle: 'Berlin',
      bllimit: 5,
    });
    assert.ok(links.length >= 2);
    const linking = links.flatMap((a) => a.query.backlinks.map((b: { pageid: number }) => b.pageid));
    assert.equal(new Set(linking).size, linking.length, 'no page twice');
    assert.ok(linking.length > 5);
  });

  test('runs generator queries', async () => {
    const answer: any = await bot.query({
      generator: 'categorymembers',
      gcmtitle: 'Kategorie:Stadt in Deutschland',
      gcmlimit: 'max',
      prop: 'info',
    });
    const pages = answer.query.pages as { title: string; ns: number; length: number }[];
    assert.ok(pages.some((p) => p.title === 'Berlin'));
    assert.ok(pages.every((p) => p.length > 0));
  });

  test('is refused with a wrong password, and logs out', async () => {
    const wrong = new Mwn({
      apiUrl: `${served.origin}/api.php`,
      username: 'Alice',
      password: 'falsch',
      silent: true,
      maxRetries: 0,
    });
    await assert.rejects(wrong.login(), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'mwn_failedlogin');
      assert.match(error.message, /Incorrect username or password entered/);
      return true;
    });
    await bot.logout();
    const info = await bot.userinfo();
    assert.equal(info.anon, true);
  });
});

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
