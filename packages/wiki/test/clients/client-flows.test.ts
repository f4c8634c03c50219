/**
 * Real client libraries against our server and against a real MediaWiki 1.39 on the same data (the
 * reference wiki): pywikibot, mwclient and mwn run the flows bots run (site info, reading existing,
 * missing and redirect pages, page properties, generators, template expansion, diffs, histories, files,
 * logging in with a user password and a bot password, user info, the watchlist, logging out; pywikibot's
 * page generators of the command line; the site's and a page's wider lists), and
 * each flow must give the same results on both servers. Allowed to differ: the software's version and generator
 * strings, the order of search results (a search backend's ranking; MediaWiki's own backends rank
 * differently) and which random pages come (only their number and kind are compared).
 *
 * Also here, as it needs MediaWiki running: paraminfo of the modules outside `query` against
 * MediaWiki's, where client libraries learn the API from.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { DEBIAN_PYTHON, ensurePythonModules } from '../helpers/debian-packages.js';
import { type ListeningWiki, listeningReferenceWiki } from '../helpers/listening-wiki.js';
import { pywikibotSource } from '../helpers/pywikibot-source.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { type ReferenceMediaWiki, startReferenceMediaWiki } from '../helpers/reference-mediawiki.js';
import { type FlowAccount, MWN_FLOWS, runMwnFlows } from './mwn-flows.js';

const ACCOUNT: FlowAccount = {
  user: 'Alice',
  password: REFERENCE_PASSWORDS.Alice as string,
  botApp: 'flows',
  // A bot password as MediaWiki makes them: 32 or more of [0-9a-w]; other passwords are no bot passwords.
  botPassword: 'flowsbotpassword0123456789abcdefgh',
};
const BOT_GRANTS = 'basic,highvolume,viewmywatchlist';

/** The flows of the Python scripts (mwn's are listed in mwn-flows.ts). */
const PYTHON_FLOWS = ['site', 'read', 'properties', 'generators', 'expand', 'compare', 'random', 'history', 'files'];
const CLIENT_FLOWS = {
  pywikibot: [
    ...PYTHON_FLOWS,
    'lists',
    'page_details',
    'category_tree',
    'user',
    'special_pages',
    'history_content',
    'pagegenerators',
    'login_bot_password',
    'login_user_password',
  ],
  mwclient: [...PYTHON_FLOWS, 'lists', 'login_user_password', 'login_bot_password', 'login_wrong_password'],
  mwn: MWN_FLOWS,
};
type Client = keyof typeof CLIENT_FLOWS;

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** Runs a flows script with Debian's Python; it writes what it saw to a file, which is read back. */
async function pythonFlows(script: string, args: string[]): Promise<Record<string, unknown>> {
  const scratch = mkdtempSync(join(tmpdir(), 'client-flows-'));
  const output = join(scratch, 'seen.json');
  const env = {
    ...process.env,
    PYTHONDONTWRITEBYTECODE: '1',
    FLOW_USER: ACCOUNT.user,
    FLOW_PASSWORD: ACCOUNT.password,
    FLOW_BOT_APP: ACCOUNT.botApp,
    FLOW_BOT_PASSWORD: ACCOUNT.botPassword,
  };
  try {
    // Asynchronously: our server answers from this process meanwhile.
    await new Promise<void>((resolve, reject) =>
      execFile(DEBIAN_PYTHON, [here(script), ...args, output], { env, timeout: 240_000 }, (error, _out, stderr) =>
        error ? reject(new Error(`${script}: ${error.message}\n${stderr.slice(-4000)}`)) : resolve(),
      ),
    );
    return JSON.parse(readFileSync(output, 'utf8'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function runFlows(client: Client, apiUrl: string, pywikibot: string): Promise<Record<string, unknown>> {
  const host = new URL(apiUrl).host;
  if (client === 'pywikibot') return pythonFlows('./pywikibot-flows.py', [pywikibot, apiUrl]);
  if (client === 'mwclient') return pythonFlows('./mwclient-flows.py', [host]);
  return runMwnFlows(apiUrl, ACCOUNT);
}

/** A flow's result without what may differ between the servers (see the file's comment). */
function comparable(flow: string, result: any): any {
  if (result === null || typeof result !== 'object') return result;
  const copy = structuredClone(result);
  if (flow === 'site') {
    delete copy.version;
    delete copy.generator;
  }
  if (flow === 'generators' && Array.isArray(copy.search)) {
    copy.search.sort((a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return copy;
}

describe('real clients give the same results on our server and on MediaWiki', () => {
  let mediawiki: ReferenceMediaWiki;
  let ours: ListeningWiki;
  const seen = new Map<string, { mediawiki: Record<string, unknown>; ours: Record<string, unknown> }>();

  before(async () => {
    await ensurePythonModules({ mwclient: 'python3-mwclient' });
    const pywikibot = await pywikibotSource();
    // A MediaWiki in a folder of its own holds the recorded state; the bot password made below is
    // the only change, and the folder goes with stop().
    [mediawiki, ours] = await Promise.all([startReferenceMediaWiki(), listeningReferenceWiki()]);
    // The same bot password on both: made by MediaWiki, its row copied into our store.
    await mediawiki.maintenance(
      'createBotPassword.php',
      '--appid',
      ACCOUNT.botApp,
      '--grants',
      BOT_GRANTS,
      ACCOUNT.user,
      ACCOUNT.botPassword,
    );
    const source = new Database(join(mediawiki.dir, 'data', 'testwiki.sqlite'), { readonly: true });
    try {
      const rows = source
        .prepare('SELECT bp_user, bp_app_id, bp_password, bp_restrictions, bp_grants FROM bot_passwords')
        .all() as {
        bp_user: number;
        bp_app_id: unknown;
        bp_password: unknown;
        bp_restrictions: unknown;
        bp_grants: unknown;
      }[];
      assert.equal(rows.length, 1, 'MediaWiki made the bot password');
      for (const row of rows) {
        await ours.wiki.store.db
          .insertInto('bot_passwords')
          .values({
            bp_user: row.bp_user,
            bp_app_id: String(row.bp_app_id),
            bp_password: String(row.bp_password),
            bp_restrictions: String(row.bp_restrictions),
            bp_grants: String(row.bp_grants),
          })
          .execute();
      }
    } finally {
      source.close();
    }
    for (const client of Object.keys(CLIENT_FLOWS) as Client[]) {
      const [onMediaWiki, onOurs] = await Promise.all([
        runFlows(client, mediawiki.apiUrl, pywikibot),
        runFlows(client, `${ours.origin}/api.php`, pywikibot),
      ]);
      seen.set(client, { mediawiki: onMediaWiki, ours: onOurs });
    }
  });
  after(async () => {
    await Promise.all([mediawiki?.stop(), ours?.close()]);
  });

  for (const [client, flows] of Object.entries(CLIENT_FLOWS) as [Client, string[]][]) {
    for (const flow of flows) {
      test(`${client}: ${flow}`, () => {
        const results = seen.get(client);
        assert.ok(results, `${client} ran`);
        const onMediaWiki = results.mediawiki[flow] as any;
        assert.ok(onMediaWiki !== undefined, `${client} recorded ${flow}`);
        assert.equal(onMediaWiki?.error, undefined, `${client} runs ${flow} against MediaWiki itself`);
        assert.deepEqual(comparable(flow, results.ours[flow]), comparable(flow, onMediaWiki));
      });
    }
  }

  test('the flows saw the wiki: pages, a redirect, a missing page, logins as Alice', () => {
    const pywikibot = seen.get('pywikibot')?.ours as any;
    assert.match(pywikibot.read.Berlin.text, /Berlin/);
    assert.equal(pywikibot.read['Gibt es nicht'].exists, false);
    assert.equal(pywikibot.read['A.E. van Vogt'].target, 'A. E. van Vogt');
    assert.ok(pywikibot.generators.allpages.length >= 100);
    assert.equal(pywikibot.login_bot_password.user, 'Alice');
    assert.ok(pywikibot.login_user_password.watchlist.length > 0);
    assert.match(pywikibot.expand.text, /^Berlin: /);
    assert.match(pywikibot.expand.comments, /<!-- note -->/);
    assert.match(pywikibot.compare.revisions, /diff-addedline/);
    assert.match(pywikibot.compare.inline, /mw-diff-inline/);
    assert.ok(pywikibot.pagegenerators['-transcludes:Infobox Stadt'].includes('Berlin'));
    assert.ok(pywikibot.pagegenerators['-querypage:DoubleRedirects'].length > 0);
    assert.ok(pywikibot.pagegenerators['-cat:Stadt in Deutschland'].includes('Berlin'));
    const mwclient = seen.get('mwclient')?.ours as any;
    assert.ok(mwclient.generators.categorymembers.includes('Berlin'));
    assert.equal(mwclient.login_bot_password.userinfo.name, 'Alice');
    assert.match(mwclient.expand.generatexml[1], /^<root>/);
    assert.ok(mwclient.lists.blocks.length > 0);
    assert.ok(mwclient.lists.backlinks_redirects.includes('BRD'));
    const mwn = seen.get('mwn')?.ours as any;
    assert.equal(mwn.login_bot_password.login.result, 'Success');
    assert.equal(mwn.login_user_password.afterLogout.anon, true);
    assert.equal(mwn.compare.revisions.prev, 236);
    assert.ok(mwn.lists.categories.includes('Kategorie:Stadt'));
    assert.equal(mwn.lists.massQuery.flat().length, 5);
  });
});
