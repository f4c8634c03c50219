/**
 * mwclient (Debian's python3-mwclient) against the server on the reference wiki: site info, a
 * wrong and a right password, user info, page info, category members, allpages and backlinks to
 * their ends (as generators and as lists), and logout. The package is installed when missing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEBIAN_PYTHON, ensurePythonModules } from '../helpers/debian-packages.js';
import { type ListeningWiki, listeningReferenceWiki } from '../helpers/listening-wiki.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';

const script = fileURLToPath(new URL('./mwclient-session.py', import.meta.url));

describe('mwclient against the reference wiki', () => {
  let served: ListeningWiki;
  let seen: any;
  before(async () => {
    await ensurePythonModules({ mwclient: 'python3-mwclient' });
    served = await listeningReferenceWiki();
    const host = served.origin.replace('http://', '');
    const output = await new Promise<string>((resolve, reject) => {
      // Asynchronously, so that this process keeps answering the client's requests.
      import('node:child_process').then(({ execFile }) =>
        execFile(
          DEBIAN_PYTHON,
          [script, host, 'Alice', REFERENCE_PASSWORDS.Alice],
          { timeout: 120_000 },
          (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
        ),
      );
    });
    seen = JSON.parse(output);
  });
  after(async () => {
    await served?.close();
  });

  test('reads the site info it starts with', () => {
    assert.match(seen.generator, /^MediaWiki 1\.43\.0 /);
    assert.equal(seen.sitename, 'Testwiki');
    assert.equal(seen.namespaces['14'], 'Kategorie');
    assert.equal(seen.user_before, '127.0.0.1');
  });

  test('is refused with a wrong password and logs in with the right one', () => {
    assert.deepEqual(seen.wrong_password, ['Failed', 'Incorrect username or password entered. Please try again.']);
    assert.equal(seen.user, 'Alice');
    assert.ok(seen.groups.includes('sysop'));
    assert.deepEqual(seen.userinfo, { id: 3, editcount: 58 });
  });

  test('reads page info', () => {
    assert.equal(seen.page.name, 'Berlin');
    assert.equal(seen.page.exists, true);
    assert.ok(seen.page.pageid > 0 && seen.page.length > 0);
    assert.equal(seen.missing_page_exists, false);
  });

  test('follows continuations of category members, allpages and backlinks to their ends', async () => {
    const db = served.wiki.store.db;
    const members = await db
      .selectFrom('categorylinks')
      .select('cl_from')
      .where('cl_to', '=', 'Stadt_in_Deutschland')
      .execute();
    assert.equal(seen.category_members.length, members.length);
    assert.ok(seen.category_members.includes('Berlin'));
    const pages = await db
      .selectFrom('page')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('page_namespace', '=', 0)
      .executeTakeFirstOrThrow();
    assert.equal(seen.allpages.length, Number(pages.n));
    // Generator batches come keyed by page id; the list keeps MediaWiki's title order.
    assert.deepEqual([...seen.allpages_list].sort(), [...seen.allpages].sort(), 'the list and the generator agree');
    const keys = seen.allpages_list.map((t: string) => Buffer.from(t.replaceAll(' ', '_')));
    assert.deepEqual([...keys].sort(Buffer.compare), keys, 'the list is in title order');
    assert.equal(new Set(seen.backlinks).size, seen.backlinks.length);
    assert.ok(seen.backlinks.length > 5);
  });

  test('logs out with its CSRF token', () => {
    assert.equal(seen.csrf_token_shape, true);
    // formatversion 1, which mwclient speaks, writes a true flag as an empty string.
    assert.equal(seen.user_after_logout.anon, '');
    assert.equal(seen.user_after_logout.id, 0);
  });
});
