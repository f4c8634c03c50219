import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { buildApp } from '../../src/api/app.js';
import { apiGet } from '../helpers/api-app.js';
import { useReferenceApi } from '../helpers/reference-api.js';

const byTitle = (pages: any[]) => new Map<string, any>(pages.map((p) => [p.title, p]));

describeEachEngine('prop=info on the reference wiki', (engine) => {
  const api = useReferenceApi(engine);

  test('protection: own, cascading from a protected page, and create protection of missing titles', async () => {
    const body = await api().query({
      prop: 'info',
      titles: 'Hauptseite|Vorlage:Infobox Stadt|Gesperrter Titel|Gibtsnicht',
      inprop: 'protection',
    });
    const pages = byTitle(body.query.pages);
    assert.deepEqual(pages.get('Hauptseite').protection, [
      { type: 'edit', level: 'sysop', expiry: 'infinity' },
      { type: 'move', level: 'sysop', expiry: 'infinity' },
    ]);
    assert.deepEqual(pages.get('Vorlage:Infobox Stadt').protection, [
      { type: 'edit', level: 'sysop', expiry: 'infinity', source: 'Deutschland' },
    ]);
    assert.deepEqual(pages.get('Gesperrter Titel').protection, [
      { type: 'create', level: 'sysop', expiry: 'infinity' },
    ]);
    assert.deepEqual(pages.get('Gesperrter Titel').restrictiontypes, ['create']);
    assert.deepEqual(pages.get('Gibtsnicht').protection, []);
    assert.deepEqual(pages.get('Hauptseite').restrictiontypes, ['edit', 'move']);
    const files = byTitle(
      (await api().query({ prop: 'info', inprop: 'protection', titles: 'Datei:Karte.png|Datei:Gibt es nicht.png' }))
        .query.pages,
    );
    assert.deepEqual(files.get('Datei:Karte.png').restrictiontypes, ['edit', 'move', 'upload']);
    assert.deepEqual(files.get('Datei:Gibt es nicht.png').restrictiontypes, ['create', 'upload']);
  });

  test("varianttitles names the user namespace without the user's gender, as the language converter does", async () => {
    const body = await api().query({
      prop: 'info',
      titles: 'Benutzer:Alice|Berlin',
      inprop: 'varianttitles|displaytitle',
    });
    const pages = byTitle(body.query.pages);
    assert.deepEqual(pages.get('Benutzerin:Alice').varianttitles, { de: 'Benutzer:Alice' });
    assert.equal(pages.get('Benutzerin:Alice').displaytitle, 'Benutzerin:Alice');
    assert.deepEqual(pages.get('Berlin').varianttitles, { de: 'Berlin' });
  });

  test('varianttitles are made of the display title only when displaytitle is asked for too, as in MediaWiki 1.39', async () => {
    const titles = 'List of Atlas Shrugged characters';
    const alone = await api().query({ prop: 'info', titles, inprop: 'varianttitles' });
    assert.deepEqual(alone.query.pages[0].varianttitles, { de: 'List of Atlas Shrugged characters' });
    const both = await api().query({ prop: 'info', titles, inprop: 'varianttitles|displaytitle' });
    assert.deepEqual(both.query.pages[0].varianttitles, { de: 'List of <i>Atlas Shrugged</i> characters' });
  });

  test("varianttitles are the site language's variants, also for a page in another language", async () => {
    const body = await api().query({ prop: 'info', titles: 'Benutzer:Alice/daten.json', inprop: 'varianttitles' });
    const [page] = body.query.pages;
    assert.equal(page.pagelanguage, 'en');
    assert.deepEqual(page.varianttitles, { de: 'Benutzer:Alice/daten.json' });
  });

  test('an interface page is in the language its last subpage names, where MediaWiki defines it (asked live)', async () => {
    const titles =
      'MediaWiki:Tagline/fr|MediaWiki:A/ar|MediaWiki:A/EN|MediaWiki:A/b/zh-hant|MediaWiki:A/xyz|MediaWiki:A/qqx|MediaWiki:Common.css/en|Vorlage:X/en';
    const body = await api().query({ prop: 'info', titles });
    const pages = byTitle(body.query.pages);
    const facts = (title: string) => {
      const page = pages.get(title);
      return [page.pagelanguage, page.pagelanguagehtmlcode, page.pagelanguagedir];
    };
    assert.deepEqual(facts('MediaWiki:Tagline/fr'), ['fr', 'fr', 'ltr']);
    assert.deepEqual(facts('MediaWiki:A/ar'), ['ar', 'ar', 'rtl']);
    assert.deepEqual(facts('MediaWiki:A/EN'), ['EN', 'en', 'ltr']);
    assert.deepEqual(facts('MediaWiki:A/b/zh-hant'), ['zh-hant', 'zh-Hant', 'ltr']);
    assert.deepEqual(facts('MediaWiki:A/xyz'), ['de', 'de', 'ltr']);
    assert.deepEqual(facts('MediaWiki:A/qqx'), ['de', 'de', 'ltr']);
    assert.deepEqual(facts('MediaWiki:Common.css/en'), ['en', 'en', 'ltr']);
    assert.deepEqual(facts('Vorlage:X/en'), ['de', 'de', 'ltr']);
  });

  test('talk and subject ids, associated pages, URLs with encoded titles, display titles', async () => {
    const body = await api().query({
      prop: 'info',
      titles: "Berlin|Diskussion:Berlin|Charra l'aragonés|Eisenbahn|Benutzer:Alice",
      inprop: 'talkid|subjectid|associatedpage|url|displaytitle',
    });
    const pages = byTitle(body.query.pages);
    assert.equal(pages.get('Berlin').talkid, 303);
    assert.equal(pages.get('Diskussion:Berlin').subjectid, 236);
    assert.equal(pages.get('Diskussion:Berlin').associatedpage, 'Berlin');
    assert.equal(pages.get('Benutzerin:Alice').associatedpage, 'Benutzerin Diskussion:Alice');
    const charra = pages.get("Charra l'aragonés");
    assert.equal(charra.fullurl, 'http://127.0.0.1:8090/index.php/Charra_l%27aragon%C3%A9s');
    assert.equal(charra.editurl, 'http://127.0.0.1:8090/index.php?title=Charra_l%27aragon%C3%A9s&action=edit');
    assert.equal(pages.get('Eisenbahn').displaytitle, '<i>Eisenbahn</i>');
    assert.equal(pages.get('Berlin').displaytitle, 'Berlin');
  });

  test('testactions answer for the anonymous caller from rights and protection', async () => {
    const body = await api().query({
      prop: 'info',
      titles: 'Hauptseite|Eisenbahn|Gesperrter Titel|Gibtsnicht',
      intestactions: 'edit|move|create|read',
    });
    const pages = byTitle(body.query.pages);
    // Creating is checked against creation protection only: the main page's edit protection leaves it.
    assert.deepEqual(pages.get('Hauptseite').actions, { edit: false, move: false, create: true, read: true });
    assert.deepEqual(pages.get('Eisenbahn').actions, { edit: true, move: false, create: true, read: true });
    assert.deepEqual(pages.get('Gesperrter Titel').actions, { edit: false, move: false, create: false, read: true });
    assert.deepEqual(pages.get('Gibtsnicht').actions, { edit: true, move: false, create: true, read: true });
    const full = await api().query({
      prop: 'info',
      titles: 'Hauptseite',
      intestactions: 'edit',
      intestactionsdetail: 'full',
    });
    assert.deepEqual(full.query.pages[0].actions.edit, [
      { code: 'protectedpage', text: 'This page has been protected to prevent editing or other actions.' },
    ]);
  });

  test('a title protected from creation: editing is refused by the protection, creating by it and by the title protection', async () => {
    const body = await api().query({
      prop: 'info',
      titles: 'Gesperrter Titel',
      intestactions: 'edit|create',
      intestactionsdetail: 'full',
      errorformat: 'raw',
    });
    const protectedPage = { code: 'protectedpage', key: 'protectedpagetext', params: ['editprotected', 'create'] };
    // Editing a missing page asks whether it may be created, and takes the first reason found.
    assert.deepEqual(body.query.pages[0].actions.edit, [protectedPage]);
    // Creating gives every reason: the title's protection names who protected it and why.
    assert.deepEqual(body.query.pages[0].actions.create, [
      protectedPage,
      { code: 'protectedtitle', key: 'titleprotected', params: ['Admin', 'Titel gesperrt'] },
    ]);
  });

  test('in html the reasons link the pages they name, red where missing, and keep their emphasis', async () => {
    const body = await api().query({
      prop: 'info',
      titles: 'Gesperrter Titel',
      intestactions: 'create|delete',
      intestactionsdetail: 'full',
      errorformat: 'html',
      uselang: 'en',
    });
    const { create, delete: remove } = body.query.pages[0].actions;
    // As MediaWiki 1.39 gives them: the tooltip of a red link in the wiki's language.
    assert.equal(
      create[1].html,
      'This title has been protected from creation by <a href="/index.php?title=Benutzer:Admin&amp;action=edit&amp;redlink=1" class="new" title="Benutzer:Admin (Seite nicht vorhanden)">Admin</a>.\nThe reason given is <em>Titel gesperrt</em>.',
    );
    assert.match(
      remove[0].html,
      /in the group: <a href="\/index\.php\?title=Testwiki:Administratoren&amp;action=edit&amp;redlink=1" class="new" title="Testwiki:Administratoren \(Seite nicht vorhanden\)">Administrators<\/a>\.$/,
    );
  });

  test('a tested action beginning with _ is left out, as MediaWiki prints no key of that form', async () => {
    const answer = await api().query({ prop: 'info', titles: 'Hauptseite', intestactions: '_z|read|_' });
    assert.deepEqual(answer.query.pages[0].actions, { read: true });
  });

  test('testactions keep the order asked, actions named by numbers too, in every format', async () => {
    const actionsOf = async (params: Record<string, string>) => {
      const search = new URLSearchParams({
        action: 'query',
        prop: 'info',
        titles: 'Hauptseite',
        intestactions: 'edit|1|0|read|delete',
        ...params,
      });
      const response = await api().app.inject({ method: 'GET', url: `/api.php?${search}` });
      return /.actions.*/.exec(response.body)?.[0];
    };
    // As MediaWiki 1.39 prints them.
    assert.equal(
      await actionsOf({ format: 'json', formatversion: '2' }),
      '"actions":{"edit":false,"1":false,"0":false,"read":true,"delete":false}}]}}',
    );
    assert.equal(await actionsOf({ format: 'json', formatversion: '1' }), '"actions":{"read":""}}}}}');
    assert.equal(
      await actionsOf({ format: 'xml' }),
      '<actions read=""><_v _idx="1">false</_v><_v _idx="0">false</_v></actions></page></pages></query></api>',
    );
    const codes =
      '"actions":{"edit":[{"code":"protectedpage"}],"1":[{"code":"permissiondenied"}],"0":[{"code":"permissiondenied"}],"read":[],"delete":[{"code":"permissiondenied"},{"code":"cantedit"}]}}';
    assert.equal(
      await actionsOf({ format: 'json', formatversion: '2', intestactionsdetail: 'full', errorformat: 'none' }),
      `${codes}]}}`,
    );
    assert.equal(
      await actionsOf({ format: 'json', formatversion: '1', intestactionsdetail: 'quick', errorformat: 'none' }),
      `${codes}}}}`,
    );
    assert.equal(
      await actionsOf({ format: 'xml', intestactionsdetail: 'full', errorformat: 'none' }),
      '<actions><edit><error code="protectedpage" /></edit><read /><delete><error code="permissiondenied" /><error code="cantedit" /></delete><_v _idx="1"><error code="permissiondenied" /></_v><_v _idx="0"><error code="permissiondenied" /></_v></actions></page></pages></query></api>',
    );
    // Numbers 0, 1, ... alone make a list, in any order asked.
    assert.equal(
      await actionsOf({ format: 'json', formatversion: '2', intestactions: '1|0' }),
      '"actions":[false,false]}]}}',
    );
    assert.equal(
      await actionsOf({ format: 'xml', intestactions: '1|0' }),
      '<actions><_v>false</_v><_v>false</_v></actions></page></pages></query></api>',
    );
  });

  test('a missing right is limited to the groups granting it, named in the reader language', async () => {
    const ask = async (params: Record<string, string>) =>
      (
        await api().query({
          prop: 'info',
          titles: 'Eisenbahn',
          intestactions: 'upload|delete|A',
          intestactionsdetail: 'full',
          ...params,
        })
      ).query.pages[0].actions;
    const raw = await ask({ errorformat: 'raw' });
    assert.deepEqual(raw.upload, [
      {
        code: 'permissiondenied',
        key: 'badaccess-groups',
        params: ['[[Testwiki:Benutzer|Benutzer]], [[Testwiki:Administratoren|Administratoren]]', 2],
      },
    ]);
    assert.deepEqual(raw.delete[0].params, ['[[Testwiki:Administratoren|Administratoren]]', 1]);
    // A right no group grants has no groups to name.
    assert.deepEqual(raw.A, [{ code: 'permissiondenied', key: 'badaccess-group0', params: [] }]);
    const english = await ask({ uselang: 'en' });
    assert.equal(
      english.upload[0].text,
      'The action you have requested is limited to users in one of the groups: [[Testwiki:Benutzer|Users]], [[Testwiki:Administratoren|Administrators]].',
    );
    assert.equal(
      english.delete[0].text,
      'The action you have requested is limited to users in the group: [[Testwiki:Administratoren|Administrators]].',
    );
  });

  test('testactions details are shaped by the error format, and an empty action needs no right', async () => {
    const ask = (errorformat: string) =>
      api().query({
        prop: 'info',
        titles: 'MediaWiki:Gadget-DunklerModus.css',
        intestactions: 'A||edit',
        intestactionsdetail: 'full',
        errorformat,
        uselang: 'en',
      });
    const raw = (await ask('raw')).query.pages[0].actions;
    assert.deepEqual(raw.A, [
      { code: 'permissiondenied', key: 'badaccess-group0', params: [] },
      { code: 'protectednamespace-interface', key: 'protectedinterface', params: ['A'] },
      { code: 'sitecssprotected', key: 'sitecssprotected', params: ['A'] },
    ]);
    assert.deepEqual(
      raw[''].map((e: { code: string }) => e.code),
      ['protectednamespace-interface', 'sitecssprotected'],
    );
    assert.deepEqual((await ask('none')).query.pages[0].actions.edit, [
      { code: 'protectednamespace-interface' },
      { code: 'sitecssprotected' },
    ]);
    const plainA = (await ask('plaintext')).query.pages[0].actions.A;
    // Plain text has each line break as a space, as MediaWiki's stripping of tags leaves it; wikitext keeps it.
    assert.equal(
      plainA[1].text,
      'This page provides interface text for the software on this wiki, and is protected to prevent abuse. To add or change translations for all wikis, please use [https://translatewiki.net/ translatewiki.net], the MediaWiki localisation project.',
    );
    assert.match((await ask('wikitext')).query.pages[0].actions.A[1].text, /abuse\.\nTo add/);
    // In html a bracketed URL with a text is an external text link.
    assert.equal(
      (await ask('html')).query.pages[0].actions.A[1].html,
      'This page provides interface text for the software on this wiki, and is protected to prevent abuse.\nTo add or change translations for all wikis, please use <a rel="nofollow" class="external text" href="https://translatewiki.net/">translatewiki.net</a>, the MediaWiki localisation project.',
    );
    const plain = plainA[2];
    assert.deepEqual(plain, {
      code: 'sitecssprotected',
      text: 'You do not have permission to edit this CSS page because it may affect all visitors.',
    });
    const quick = await api().query({
      prop: 'info',
      titles: 'Eisenbahn',
      intestactions: '|A',
      intestactionsdetail: 'quick',
    });
    assert.deepEqual(quick.query.pages[0].actions, {
      '': [],
      A: [{ code: 'permissiondenied', text: 'You are not allowed to execute the action you have requested.' }],
    });
    // quick skips slow checks only: every reason found is given.
    const quickCss = await api().query({
      prop: 'info',
      titles: 'MediaWiki:Gadget-DunklerModus.css',
      intestactions: 'A',
      intestactionsdetail: 'quick',
      errorformat: 'none',
    });
    assert.equal(quickCss.query.pages[0].actions.A.length, 3);
    // formatversion 1 leaves out refused actions; none left is an empty array, as PHP prints one.
    const refused = await api().query({ prop: 'info', titles: 'Eisenbahn', intestactions: 'A', formatversion: '1' });
    assert.deepEqual((Object.values(refused.query.pages)[0] as any).actions, []);
  });

  test("testactions: another user's settings page, moving anonymously, deleting a protected page", async () => {
    const body = await api().query({
      prop: 'info',
      titles: 'Benutzer:Bob/common.js|Hauptseite',
      intestactions: 'edit|move|delete',
      intestactionsdetail: 'full',
      errorformat: 'raw',
    });
    const pages = byTitle(body.query.pages);
    const keys = (entries: { key: string }[]) => entries.map((e) => e.key);
    const settings = [...pages.values()].find((p) => p.ns === 2).actions;
    assert.deepEqual(keys(settings.edit), ['customjsprotected']);
    assert.deepEqual(keys(settings.move), ['movenologintext', 'customjsprotected']);
    assert.deepEqual(keys(settings.delete), ['badaccess-groups'], 'deleting is not guarded by the settings rule');
    const main = pages.get('Hauptseite').actions;
    assert.deepEqual(keys(main.move), ['movenologintext', 'protectedpagetext']);
    assert.deepEqual(keys(main.delete), ['badaccess-groups', 'deleteprotected']);
    assert.equal(main.delete[1].code, 'cantedit');
  });

  test('anonymous callers watch nothing, with an empty notification timestamp and no watcher counts', async () => {
    const body = await api().query({
      prop: 'info',
      titles: 'Berlin',
      inprop: 'watched|watchers|visitingwatchers|notificationtimestamp',
    });
    const page = body.query.pages[0];
    assert.equal(page.notificationtimestamp, '');
    assert.equal(page.watched, false);
    assert.ok(!('watchers' in page));
    assert.ok(!('visitingwatchers' in page));
  });

  test('preloadcontent: the custom preload page with its parameters, for pages being created only', async () => {
    const body = await api().query({
      prop: 'info',
      titles: 'Gibtsnicht|Berlin',
      inprop: 'preloadcontent',
      inpreloadcustom: 'Kurz',
    });
    const pages = byTitle(body.query.pages);
    assert.deepEqual(pages.get('Gibtsnicht').preloadcontent, {
      contentmodel: 'wikitext',
      contentformat: 'text/x-wiki',
      content: 'Kurz.',
    });
    assert.equal(pages.get('Gibtsnicht').preloadisdefault, false);
    assert.ok(!('preloadcontent' in pages.get('Berlin')));
  });

  test('displaytitle of a page without one is its title as HTML text', async () => {
    const body = await api().query({ prop: 'info', titles: 'A&B "x"', inprop: 'displaytitle' });
    assert.equal(body.query.pages[0].displaytitle, 'A&amp;B "x"');
  });

  test('a generator of 500 pages gets every field, looked up in batches', async () => {
    const body = await api().query({
      generator: 'allpages',
      gaplimit: '500',
      gapnamespace: '0',
      prop: 'info',
      inprop: 'protection|talkid|notificationtimestamp|watchers',
    });
    assert.equal(body.query.pages.length, 500);
    for (const page of body.query.pages) assert.ok(Array.isArray(page.protection), page.title);
    assert.ok(body.query.pages.some((p: { talkid?: number }) => p.talkid !== undefined));
  });

  test('incontinue resumes at namespace|title in title order, missing pages among them', async () => {
    const body = await api().query({ prop: 'info', titles: 'Berlin|Hauptseite|Gibtsnicht', incontinue: '0|C' });
    const pages = byTitle(body.query.pages);
    assert.ok(!('contentmodel' in pages.get('Berlin')));
    assert.ok('contentmodel' in pages.get('Gibtsnicht'));
    assert.ok('touched' in pages.get('Hauptseite'));
    // PHP reads the namespace as a number: `x` is the main namespace.
    const fromX = await api().query({ prop: 'info', titles: 'Berlin|Hauptseite', incontinue: 'x|Hauptseite' });
    assert.ok(!('touched' in byTitle(fromX.query.pages).get('Berlin')));
    for (const value of ['x', '200', '0|', '999|Foo']) {
      const bad = await api().query({ prop: 'info', titles: 'Berlin', incontinue: value });
      assert.equal(bad.error.code, 'badcontinue', value);
    }
  });

  test('inlinkcontext must be a title the wiki accepts', async () => {
    for (const value of ['Kategorie:', '[[', '']) {
      const body = await api().query({ prop: 'info', titles: 'Berlin', inlinkcontext: value });
      assert.equal(body.error.code, 'badtitle', value);
    }
    const ok = await api().query({ prop: 'info', titles: 'Berlin', inlinkcontext: 'Diskussion:Berlin' });
    assert.equal(ok.error, undefined);
  });
});

describeEachEngine('prop=info watchers with $wgUnwatchedPageThreshold', (engine) => {
  const api = useReferenceApi(engine);

  test('pages watched by at least the threshold show their watcher counts to everyone', async () => {
    const { store, site } = api();
    const app = await buildApp({
      store,
      site: { ...site, settings: { ...site.settings, UnwatchedPageThreshold: 3 } },
    });
    try {
      const { json } = await apiGet(app, {
        action: 'query',
        prop: 'info',
        titles: 'Berlin|Hamburg',
        inprop: 'watchers|visitingwatchers',
        format: 'json',
        formatversion: '2',
      });
      const pages = byTitle(json.query.pages);
      assert.equal(pages.get('Berlin').watchers, 3);
      assert.ok(!('watchers' in pages.get('Hamburg')));
      assert.equal(typeof pages.get('Berlin').visitingwatchers, 'number');
    } finally {
      await app.close();
    }
  });
});

describeEachEngine('prop=info testactions on a wiki where only registered users create pages', (engine) => {
  const api = useReferenceApi(engine);

  test('creating is refused anonymously with nocreatetext, and so is editing a missing page', async () => {
    const { store, site } = api();
    const app = await buildApp({
      store,
      site: { ...site, groupPermissions: { ...site.groupPermissions, '*': { createpage: false, createtalk: false } } },
    });
    try {
      const { json } = await apiGet(app, {
        action: 'query',
        prop: 'info',
        titles: 'Gibtsnicht|Diskussion:Gibtsnicht|Eisenbahn',
        intestactions: 'edit|create',
        intestactionsdetail: 'full',
        errorformat: 'raw',
        format: 'json',
        formatversion: '2',
      });
      const pages = byTitle(json.query.pages);
      const refused = [{ code: 'cantcreate-anon', key: 'nocreatetext', params: [] }];
      assert.deepEqual(pages.get('Gibtsnicht').actions, { edit: refused, create: refused });
      assert.deepEqual(pages.get('Diskussion:Gibtsnicht').actions, { edit: refused, create: refused });
      // An existing page is edited, not created; creating it is still refused.
      assert.deepEqual(pages.get('Eisenbahn').actions, { edit: [], create: refused });
    } finally {
      await app.close();
    }
  });
});

describeEachEngine('prop=info in XML', (engine) => {
  const api = useReferenceApi(engine);

  test("linkclasses' items are untagged (`<_v>`), as MediaWiki prints them", async () => {
    const search = new URLSearchParams({
      action: 'query',
      prop: 'info',
      inprop: 'linkclasses',
      titles: 'Testwiki:Vizuālais redaktors',
      format: 'xml',
    });
    const response = await api().app.inject({ method: 'GET', url: `/api.php?${search}` });
    assert.match(response.body, /<linkclasses><_v>mw-redirect<\/_v><\/linkclasses>/);
  });
});
