import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
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

  test('each type shows its details: groups with expiries, protection levels and cascade, visibility, merge point', () => {
    const line = (type: string, action: string, title: string, n = 0) =>
      changes.filter((c) => c.logtype === type && c.logaction === action && c.title === title)[n]?.logdisplay ?? '';
    const extend = line('rights', 'rights', 'Benutzer:Bob', 0);
    assert.match(
      extend,
      /bisher Administrator \(befristet bis 22:26, 21\. Dez\. 2026\), nun Administrator \(befristet bis 00:00, 1\. Jan\. 2030\)$/,
    );
    assert.match(line('rights', 'rights', 'Benutzer:Bob', 1), /bisher keine, nun Administrator \(befristet bis /);
    assert.match(
      line('protect', 'modify', 'Berlin'),
      /geändert \[Bearbeiten: nur bestätigte Benutzer\] \(bis 00:00, 31\. Dez\. 2030\) \[Verschieben: nur Administratoren\] \(unbefristet\)$/,
    );
    assert.match(
      line('protect', 'protect', 'Deutschland'),
      /\[Bearbeiten: nur Administratoren\] \(unbefristet\) \[mit Kaskade\]$/,
    );
    assert.match(line('protect', 'protect', 'Gesperrter Titel'), /\[Erstellen: nur Administratoren\] \(unbefristet\)$/);
    assert.match(line('delete', 'revision', 'Berlin'), /bei einer Version der Seite .*: Zusammenfassung verborgen$/);
    assert.match(line('merge', 'merge', 'Quellseite Zusammenführung'), /\(Versionen bis 22:26, 21\. Nov\. 2026\)$/);
  });

  test('with uselang=en the sentences are English, the links unchanged but for the red link tooltip', async () => {
    const english = await watchlist({ uselang: 'en' });
    const merge = english.find((c) => c.logtype === 'merge')?.logdisplay ?? '';
    assert.match(merge, / merged <a .*> into <a .*> \(revisions up to 22:26, 21 November 2026\)$/);
    assert.match(merge, /title="User:Admin \(page does not exist\)"|title="Benutzer:Admin \(page does not exist\)"/);
    const cascade = english.find((c) => c.logtype === 'protect' && c.title === 'Deutschland')?.logdisplay ?? '';
    assert.match(
      cascade,
      /protected <a [^>]*>Deutschland<\/a> \[edit: administrators only\] \(indefinite\) \[cascading\]$/,
    );
  });
});
