import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { LogDisplayFormatter } from '../../src/modules/support/log-display.js';
import { TitleCodec } from '../../src/site/title.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { useReferenceApi } from '../helpers/reference-api.js';
import { SessionClient } from '../helpers/session-client.js';

interface Change {
  type: string;
  title: string;
  logtype?: string;
  logaction?: string;
  logid?: number;
  logdisplay?: string;
}

const golden = JSON.parse(
  readFileSync(new URL('../fixtures/golden/223-watchlist-admin.json', import.meta.url), 'utf8'),
) as { body: { query: { watchlist: Change[] } } };

/** Every `<a …>` of a line with its attributes and text, in order. */
const linksOf = (html: string) => [...html.matchAll(/<a [^>]*>.*?<\/a>/g)].map((m) => m[0]);

describeEachEngine('logdisplay of list=watchlist', (engine) => {
  const api = useReferenceApi(engine);
  let admin: SessionClient;
  let changes: Change[];
  const watchlist = async (extra: Record<string, string> = {}) =>
    (
      await admin.get({
        action: 'query',
        format: 'json',
        formatversion: '2',
        list: 'watchlist',
        wlprop: 'ids|title|flags|user|comment|timestamp|sizes|notificationtimestamp|loginfo',
        wlallrev: '1',
        wllimit: '10',
        ...extra,
      })
    ).json.query.watchlist as Change[];

  before(async () => {
    admin = new SessionClient(api().app);
    assert.equal((await admin.logIn('Admin', REFERENCE_PASSWORDS.Admin)).json.login.result, 'Success');
    changes = await watchlist();
  });

  test('the links of every log line are the reference wiki’s: performer, pages, red links, redirects', () => {
    const expected = golden.body.query.watchlist;
    assert.equal(changes.length, expected.length);
    for (const [i, want] of expected.entries()) {
      const got = changes[i];
      if (want.logdisplay === undefined) {
        assert.equal(got.logdisplay, undefined, `an edit has no logdisplay (${got.title})`);
        continue;
      }
      assert.equal(typeof got.logdisplay, 'string', `${want.logtype}/${want.logaction} ${want.title}`);
      assert.deepEqual(linksOf(got.logdisplay ?? ''), linksOf(want.logdisplay), `${want.logtype}/${want.logaction}`);
      assert.match(got.logdisplay ?? '', /^<a [^>]*class="new mw-userlink"[^>]*><bdi>Admin<\/bdi><\/a> /);
    }
  });

  test("each line is MediaWiki's: its logentry message with the type's details", () => {
    // The reference wiki's answer, word for word: groups with expiries, protection levels and
    // cascade, changed visibility, merge point, restore counts.
    for (const [i, want] of golden.body.query.watchlist.entries()) {
      assert.equal(changes[i]?.logdisplay, want.logdisplay, `${want.logtype}/${want.logaction} ${want.title}`);
    }
  });

  test('with uselang=en the sentences are English, the links unchanged', async () => {
    const english = await watchlist({ uselang: 'en' });
    const merge = english.find((c) => c.logtype === 'merge')?.logdisplay ?? '';
    assert.match(merge, / merged <a .*> into <a .*> \(revisions up to 22:26, 21 November 2026\)$/);
    // Links are titled in the content language, as MediaWiki titles them.
    assert.match(merge, /title="Benutzer:Admin \(Seite nicht vorhanden\)"/);
    const cascade = english.find((c) => c.logtype === 'protect' && c.title === 'Deutschland')?.logdisplay ?? '';
    assert.match(
      cascade,
      /protected <a [^>]*>Deutschland<\/a> \[Edit=Allow only administrators\] \(indefinite\) \[cascading\]$/,
    );
  });

  test('every log type of the reference wiki renders its own line with its details', async () => {
    const { store, site } = api();
    const rows = await store.db
      .selectFrom('logging')
      .innerJoin('actor', 'actor_id', 'log_actor')
      .select(['log_id', 'log_type', 'log_action', 'log_timestamp', 'log_params', 'log_namespace', 'log_title'])
      .select(['actor_name', 'actor_user'])
      .where('log_type', '!=', 'create')
      .orderBy('log_id')
      .execute();
    const formatter = new LogDisplayFormatter({ store, site, titles: new TitleCodec(site) }, 'de');
    const lines = await formatter.format(
      rows.map((r) => ({
        type: r.log_type,
        action: r.log_action,
        timestamp: r.log_timestamp,
        params: r.log_params,
        namespace: r.log_namespace,
        dbKey: r.log_title,
        performer: r.actor_name,
        performerIsUser: (r.actor_user ?? 0) !== 0,
      })),
    );
    const byId = new Map(rows.map((r, i) => [r.log_id, lines[i]]));
    if (process.env.PEEK) for (const [id, line] of byId) console.log(id, line);
    for (const line of lines) assert.doesNotMatch(line, /Logbuch „/, 'no type falls back to the generic line');
    const expectations: [number, RegExp][] = [
      [
        154,
        /sperrte <a [^>]*class="new mw-userlink"[^>]*><bdi>Dave<\/bdi><\/a> für eine Dauer von <span class="blockExpiry" title="&lrm;1 week">1 Woche<\/span> \(Erstellung von Benutzerkonten gesperrt, Autoblock deaktiviert, darf eigene Diskussionsseite nicht bearbeiten\)$/,
      ],
      [
        155,
        /sperrte <a href="\/index\.php\/Spezial:Beitr%C3%A4ge\/192\.0\.2\.5" class="mw-userlink mw-anonuserlink" title="Spezial:Beiträge\/192\.0\.2\.5"><bdi>192\.0\.2\.5<\/bdi><\/a> für eine Dauer von <span class="blockExpiry" title="&lrm;infinity">unbeschränkt<\/span> /,
      ],
      [
        169,
        /änderte die Sperreinstellungen für .*Dave<\/bdi><\/a> auf eine Dauer von <span class="blockExpiry" title="&lrm;2030-01-01T00:00:00Z">00:00, 1\. Jan\. 2030<\/span> /,
      ],
      [170, /<span class="blockExpiry" title="&lrm;2030-06-30T12:00:00Z">12:00, 30\. Jun\. 2030<\/span> /],
      [159, /hob die Sperre von .*203\.0\.113\.9<\/bdi><\/a> auf$/],
      // A partial block tells its restrictions: the pages linked, the namespaces linked to their
      // list of pages (MediaWiki 1.39's line).
      [
        157,
        /sperrte <a [^>]*class="new mw-userlink"[^>]*><bdi>Eve<\/bdi><\/a> für die Bearbeitung der Seite <a href="\/index\.php\/Berlin" title="Berlin">Berlin<\/a> und die Bearbeitung des Namensraums <a href="\/index\.php\?title=Spezial:Alle_Seiten&amp;namespace=10" title="Spezial:Alle Seiten">Vorlage<\/a> für <span class="blockExpiry" title="&lrm;infinity">unbeschränkt<\/span> \(Autoblock deaktiviert\)$/,
      ],
      [165, /Inhaltsmodell der Seite <a [^>]*>Konfiguration<\/a> von „Wikitext“ nach „Klartext“$/],
      [142, /löschte die Seite <a href="[^"]*redlink=1" class="new" [^>]*>Veralteter Artikel<\/a>$/],
      [144, /stellte die Seite „<a [^>]*>Löschkandidat<\/a>“ wieder her \(2 Versionen\)$/],
      [146, /verschob die Seite <a [^>]*>Koeln<\/a> nach <a href="\/index\.php\/K%C3%B6ln" title="Köln">Köln<\/a>$/],
      [148, /nach <a [^>]*>Testwiki:Spielwiese<\/a>, ohne dabei eine Weiterleitung anzulegen$/],
      [168, /^Benutzerkonto <a [^>]*class="[^"]*mw-userlink"[^>]*><bdi>Gustav<\/bdi><\/a> wurde erstellt$/],
      [
        167,
        /> markierte die Version <a href="\/index\.php\?title=Hamburg&amp;oldid=249&amp;diff=prev" title="Hamburg">249<\/a> von Seite <a href="\/index\.php\/Hamburg" title="Hamburg">Hamburg<\/a> als kontrolliert$/,
      ],
      [174, /hat den Benutzer „<a [^>]*>Frank<\/a>“ \(mit 0 Bearbeitungen\) in „<a [^>]*>Frank Neu<\/a>“ umbenannt$/],
      [134, /lud eine neue Version von <a [^>]*>Datei:Karte\.png<\/a> hoch$/],
      [128, /lud <a [^>]*>Datei:Beispiel\.png<\/a> hoch$/],
      [8, /erstellte die Markierung „oracle-test“$/],
    ];
    for (const [id, pattern] of expectations) assert.match(byId.get(id) ?? '', pattern, `log ${id}`);
  });

  test("in English, a partial block's namespaces by their English names, an infinite block by its option's label", async () => {
    const { store, site } = api();
    const row = await store.db
      .selectFrom('logging')
      .select(['log_type', 'log_action', 'log_timestamp', 'log_params', 'log_namespace', 'log_title'])
      .where('log_id', '=', 157)
      .executeTakeFirstOrThrow();
    const formatter = new LogDisplayFormatter({ store, site, titles: new TitleCodec(site) }, 'en');
    const [line] = await formatter.format([
      {
        type: row.log_type,
        action: row.log_action,
        timestamp: row.log_timestamp,
        params: row.log_params,
        namespace: row.log_namespace,
        dbKey: row.log_title,
        performer: 'Admin',
        performerIsUser: true,
      },
    ]);
    // MediaWiki 1.39's line with uselang=en.
    assert.match(
      line ?? '',
      /blocked <a [^>]*><bdi>Eve<\/bdi><\/a> from the page <a [^>]*>Berlin<\/a> and the namespace <a href="\/index\.php\?title=Spezial:Alle_Seiten&amp;namespace=10" title="Spezial:Alle Seiten">Template<\/a> with an expiration time of <span class="blockExpiry" title="&lrm;infinity">indefinite<\/span> \(autoblock disabled\)$/,
    );
  });

  test('in qqx every message shows its key and all its parameters, dates and durations included', async () => {
    const lines = new Map(
      (await watchlist({ uselang: 'qqx', wltype: 'log', wllimit: 'max', wlprop: 'ids|title|loginfo' })).map((c) => [
        c.logid,
        c.logdisplay ?? '',
      ]),
    );
    // As MediaWiki 1.39 writes them: a temporary group with its expiry's date and time apart.
    assert.match(
      lines.get(161) ?? '',
      /, \(rightsnone\), \(rightslogentry-temporary-group: \(group-sysop-member: Bob\), 22:26, 21 \(december\) 2026, 21 \(december\) 2026, 22:26\), Bob\)$/,
    );
    assert.match(lines.get(144) ?? '', /^\(logentry-delete-restore: <a .*, \(restore-count-revisions: 2\)\)$/);
    assert.match(
      lines.get(151) ?? '',
      /\(protect-summary-desc: \(restriction-edit\), \(protect-level-sysop\), \(protect-expiry-indefinite\)\)\)$/,
    );
  });

  test("a block's duration: its option's label, else a relative one's length in days, an infinite one as given", async () => {
    const { store, site } = api();
    const line = async (language: string, expiry: string) => {
      const formatter = new LogDisplayFormatter({ store, site, titles: new TitleCodec(site) }, language);
      const [text] = await formatter.format([
        {
          type: 'block',
          action: 'block',
          timestamp: '20261121222620',
          params: `a:2:{s:11:"5::duration";s:${Buffer.byteLength(expiry)}:"${expiry}";s:8:"6::flags";s:0:"";}`,
          namespace: 2,
          dbKey: 'Dave',
          performer: 'Admin',
          performerIsUser: true,
        },
      ]);
      return /<span class="blockExpiry"[^>]*>(.*?)<\/span>/.exec(text ?? '')?.[1];
    };
    // qqx's option list is its key alone: MediaWiki 1.39 then measures the duration or keeps it.
    assert.equal(await line('qqx', '2 weeks'), '(duration-days: 14)');
    assert.equal(await line('qqx', '1 month'), '(duration-days: 31)');
    assert.equal(await line('qqx', 'infinity'), 'infinity');
    assert.equal(await line('en', '2 weeks'), '2 weeks');
  });

  test('a line kept from an earlier answer follows the store: a page gone shows as a red link', async () => {
    const { store } = api();
    // Log 171 protects Berlin.
    const line = async () => (await watchlist()).find((c) => c.logid === 171)?.logdisplay ?? '';
    const blue = /<a href="\/index\.php\/Berlin" title="Berlin">Berlin<\/a>/;
    assert.match(await line(), blue);
    assert.match(await line(), blue);
    await store.db.updateTable('page').set({ page_namespace: 100 }).where('page_id', '=', 236).execute();
    try {
      assert.match(await line(), /<a href="[^"]*Berlin[^"]*redlink=1" class="new" title="Berlin[^"]*">Berlin<\/a>/);
    } finally {
      await store.db.updateTable('page').set({ page_namespace: 0 }).where('page_id', '=', 236).execute();
    }
    assert.match(await line(), blue);
  });
});
