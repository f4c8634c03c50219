import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { normalizeMessageKey, SHIPPED_MESSAGE_KEYS, shippedMessage } from '../../src/api/messages/store.js';
import { type MessageTransformContext, transformMessage } from '../../src/api/messages/transform.js';
import { TitleCodec } from '../../src/site/title.js';
import { extractPage } from '../../src/wikitext/extract-page.js';
import { type ExpansionHost, expandMagicCall } from '../../src/wikitext/preprocessor/expand.js';
import { germanSite } from '../helpers/german-site.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { useReferenceApi } from '../helpers/reference-api.js';
import { SessionClient } from '../helpers/session-client.js';

test('the page image of an imported article: the first image of its lead section', () => {
  const codec = new TitleCodec(germanSite());
  const image = (text: string, namespace = 0) =>
    extractPage(text, { namespace, dbKey: 'X' }, codec).properties.get('page_image_free');
  assert.equal(
    image('Text [[Datei:Ton.ogg]] [[Datei:Karte.png|mini|Karte]] [[File:B.jpg]]\n== Teil ==\n[[Datei:C.png]]'),
    'Karte.png',
  );
  assert.equal(image('Nur Text.\n== Teil ==\n[[Datei:C.png]]'), undefined);
  assert.equal(image('[[Datei:Karte.png]]', 2), undefined, 'only articles');
});

test('message keys: the shipped ones sorted by bytes, German falling back to English', () => {
  assert.deepEqual(
    SHIPPED_MESSAGE_KEYS,
    [...SHIPPED_MESSAGE_KEYS].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
  );
  assert.equal(normalizeMessageKey('Welcome user'), 'welcome_user');
  assert.equal(shippedMessage('Mainpage', 'de'), 'Hauptseite');
  assert.equal(shippedMessage('mainpage', 'fr'), 'Main Page');
  assert.equal(shippedMessage('apierror-invalidtitle', 'de-formal'), 'Ungültiger Titel „$1“.');
});

test('the parser transformation: site and page variables, PLURAL, GENDER, int:, templates kept', async () => {
  const ctx: MessageTransformContext = {
    siteName: 'Testwiki',
    server: 'http://wiki.example',
    scriptPath: '/w',
    language: 'de',
    contentLanguage: 'de',
    page: { fullTitle: 'Hilfe:Seite/Teil', text: 'Seite/Teil', namespace: 'Hilfe' },
    readerName: 'Leser',
    gender: async (name) => (name === 'Alice' ? 'female' : name === 'Bob' ? 'male' : 'unknown'),
    message: async (key) => ({ edit: 'Bearbeiten', nested: '{{int:edit}} von {{SITENAME}}' })[key],
    namespace: (name) => (name === '12' || name === 'Help' ? 'Hilfe' : name === '10' ? 'Vorlage' : undefined),
    templateTitle: (name) => {
      const title = new TitleCodec(germanSite()).parseOrUndefined(name, { defaultNamespace: 10 });
      return title && new TitleCodec(germanSite()).prefixedText(title);
    },
    statistics: async () => ({
      pages: 2660,
      articles: 1024,
      edits: 3531,
      images: 5,
      users: 9,
      activeusers: 4,
      admins: 3,
    }),
  };
  const cases: Array<[string, string]> = [
    ['Aus {{SITENAME}} ({{SERVER}}{{SCRIPTPATH}})', 'Aus Testwiki (http://wiki.example/w)'],
    [
      '{{PAGENAME}} in {{NAMESPACE}}: {{FULLPAGENAME}}, {{ROOTPAGENAME}}',
      'Seite/Teil in Hilfe: Hilfe:Seite/Teil, Seite',
    ],
    ['{{PLURAL:1|Kategorie|Kategorien}} {{PLURAL:3|Kategorie|Kategorien}}', 'Kategorie Kategorien'],
    ['{{PLURAL:1.000|eine|viele}} {{PLURAL:0|0=keine|eine|viele}}', 'viele keine'],
    [
      '{{GENDER:Alice|Er|Sie|Es}} {{GENDER:Bob|Er|Sie|Es}} {{GENDER:Carol|Er|Sie|Es}} {{GENDER:|Er|Sie}}',
      'Sie Er Es Er',
    ],
    ['{{int:nested}}! {{int:fehlt}}', 'Bearbeiten von Testwiki! ⧼fehlt⧽'],
    ['{{ucfirst:abc}} {{lc:ABC}} {{Vorlage|x}} {{PLURAL:{{int:eins}}|a|b}}', 'Abc abc {{Vorlage|x}} b'],
    // A link's bar does not split a form; GRAMMAR gives the word; ns: names the namespace.
    [
      '{{PLURAL:2|[[A|eins]]|[[B|zwei]] mehr}} {{GRAMMAR:genitiv|Testwiki}} {{ns:12}}',
      '[[B|zwei]] mehr Testwiki Hilfe',
    ],
    // A parameter left unsubstituted counts 0 in PLURAL, and names no namespace: MediaWiki reads
    // that call as one of a missing template, which it links; a parameter in three braces stays.
    [
      '{{PLURAL:$2|0=Muss leer sein|Kann leer sein}} „{{ns:$2}}“ {{{Foo}}} {{PLURAL:$2|0=|mehr}}.',
      'Muss leer sein „[[:Vorlage:Ns:$2]]“ {{{Foo}}} .',
    ],
    // A name that can be no title leaves the call as written; a fragment is no part of the link.
    [`{{ns:a<b}} {{ns:${'x'.repeat(260)}}} {{ns:a#b}}`, `{{ns:a<b}} {{ns:${'x'.repeat(260)}}} [[:Vorlage:Ns:a]]`],
    // A bar given by {{!}} separates no forms; calls inside <nowiki> stay as written.
    [
      '{{PLURAL:2|1=eins|2=a {{!}} b}} <nowiki>{{REVISIONID}} {{=}}</nowiki>',
      'a | b <nowiki>{{REVISIONID}} {{=}}</nowiki>',
    ],
    // The statistics words give the counts as the language writes numbers, or as digits with R.
    [
      '{{NUMBEROFEDITS}} {{NUMBEROFARTICLES}} {{NUMBEROFEDITS:R}} {{numberofedits}}',
      '3.531 1.024 3531 {{numberofedits}}',
    ],
  ];
  for (const [text, expected] of cases) assert.equal(await transformMessage(text, ctx), expected, text);
});

test("the parser transformation: URL functions, #special and the other page variables by the wiki's preprocessor", async () => {
  const site = germanSite();
  const titles = new TitleCodec(site);
  const page = titles.make(10, 'Foo_bar');
  const host: ExpansionHost = {
    titles,
    site,
    server: 'http://127.0.0.1:8090',
    page,
    now: new Date(),
    pageText: async () => undefined,
    exists: async () => false,
    message: async () => undefined,
  };
  const ctx: MessageTransformContext = {
    siteName: 'Testwiki',
    server: 'http://127.0.0.1:8090',
    scriptPath: '',
    language: 'de',
    contentLanguage: 'de',
    page: { fullTitle: 'Vorlage:Foo bar', text: 'Foo bar', namespace: 'Vorlage' },
    readerName: 'Leser',
    gender: async () => 'unknown',
    message: async () => undefined,
    expandMagic: (call) => expandMagicCall(call, host),
  };
  // MediaWiki's noarticletext, and the answers it gives for Vorlage:Foo_bar.
  const text =
    '[{{fullurl:{{FULLPAGENAME}}|action=edit}} erstellen] [{{fullurl:{{#Special:Log}}|page={{FULLPAGENAMEE}}}} x]' +
    ' {{TALKPAGENAME}} {{canonicalurl:Berlin}} {{Vorlage|x}}';
  assert.equal(
    await transformMessage(text, ctx),
    '[http://127.0.0.1:8090/index.php?title=Vorlage:Foo_bar&action=edit erstellen]' +
      ' [http://127.0.0.1:8090/index.php?title=Spezial:Logbuch&page=Vorlage:Foo_bar x]' +
      ' Vorlage Diskussion:Foo bar http://127.0.0.1:8090/index.php/Berlin {{Vorlage|x}}',
  );
});

describeEachEngine('meta=allmessages, prop=pageimages and list=trackingcategories on the reference wiki', (engine) => {
  const api = useReferenceApi(engine);

  test('allmessages reads {{GENDER:}} without a name as no stated gender, whoever asks (MediaWiki 1.39, asked live)', async () => {
    const alice = new SessionClient(api().app);
    assert.equal((await alice.logIn('Alice', REFERENCE_PASSWORDS.Alice)).json.login.result, 'Success');
    // One argument holding the call (U+001F separates the values), substituted before the parse.
    const content = async (call: string) => {
      const params = { action: 'query', format: 'json', formatversion: '2', meta: 'allmessages', amenableparser: '1' };
      const answer = (await alice.get({ ...params, ammessages: 'welcomeuser', amargs: `\u001f${call}` })).json;
      return answer.query.allmessages[0].content;
    };
    assert.equal(await content('{{GENDER:|Er|Sie}}'), 'Willkommen, Er!');
    assert.equal(await content('{{GENDER:Alice|Er|Sie}}'), 'Willkommen, Sie!');
  });

  test('allmessages: local overrides, customised, includelocal, default, from/to, lang, errors', async () => {
    const modified = await api().query({ meta: 'allmessages', amcustomised: 'modified', amprefix: 'tag' });
    assert.deepEqual(modified.query.allmessages, [
      {
        name: 'tagline',
        normalizedname: 'tagline',
        customised: true,
        content: 'Aus Testwiki, der freien Testumgebung',
      },
    ]);
    const unmodified = await api().query({ meta: 'allmessages', amcustomised: 'unmodified', amprefix: 'mainpage' });
    assert.ok(unmodified.query.allmessages.length === 5);
    const withDefault = await api().query({ meta: 'allmessages', ammessages: 'tagline|edit', amprop: 'default' });
    assert.deepEqual(withDefault.query.allmessages[0].default, 'Aus {{SITENAME}}');
    assert.equal(withDefault.query.allmessages[1].default, undefined, 'no default when it is the text');
    // MediaWiki 1.39 lists no local page of a message it does not ship (the gadget pages), asked live.
    const local = await api().query({
      meta: 'allmessages',
      amincludelocal: '1',
      amprefix: 'gadget-',
      amnocontent: '1',
    });
    assert.deepEqual(local.query.allmessages, []);
    const range = await api().query({
      meta: 'allmessages',
      amfrom: 'mainpage-nstab',
      amto: 'mainpage-title',
      amprefix: 'mainpage',
    });
    assert.deepEqual(
      range.query.allmessages.map((m: any) => m.name),
      ['mainpage-nstab', 'mainpage-title'],
    );
    // A list in the order given, as MediaWiki 1.39 reads it (asked live): amto ends it at the first
    // name after it, also before amfrom's (numbers compared as numbers); amprefix keeps one run.
    const names = async (params: Record<string, string>) =>
      (await api().query({ meta: 'allmessages', amnocontent: '1', ...params })).query.allmessages.map(
        (m: any) => m.name,
      );
    assert.deepEqual(await names({ ammessages: 'Zzz|Ber|0', amfrom: 'Ber', amto: 'Vorlage' }), []);
    assert.deepEqual(await names({ ammessages: 'about|Ber|0', amfrom: 'Ber', amto: 'b' }), ['Ber', '0']);
    assert.deepEqual(await names({ ammessages: '10|9|100', amto: '9' }), []);
    assert.deepEqual(await names({ ammessages: 'about|zzz|aboutpage', amprefix: 'about' }), ['about']);
    const english = await api().query({
      meta: 'allmessages',
      ammessages: 'tagline|welcomeuser',
      amlang: 'en',
      amargs: 'Bob',
      amenableparser: '1',
    });
    assert.deepEqual(
      english.query.allmessages.map((m: any) => m.content),
      ['From Testwiki', 'Welcome, Bob!'],
    );
    const badLang = await api().query({ meta: 'allmessages', amlang: 'x y', ammessages: 'edit' });
    assert.deepEqual(badLang.query.allmessages, [{ name: 'edit', normalizedname: 'edit', content: 'Edit' }]);
    const impossible = await api().query({ meta: 'allmessages', amlang: 'a|b' });
    assert.equal(impossible.error.code, 'invalidlang');
    const badTitle = await api().query({ meta: 'allmessages', amenableparser: '1', amtitle: 'A[b]' });
    assert.equal(badTitle.error.code, 'invalidtitle');
    const fv1 = await api().query({ meta: 'allmessages', ammessages: 'edit', formatversion: '1' });
    assert.deepEqual(fv1.query.allmessages, [{ name: 'edit', normalizedname: 'edit', '*': 'Bearbeiten' }]);
  });

  test('the pseudo-language qqx shows messages as their keys and parameters, as MediaWiki does', async () => {
    // Each compared with MediaWiki 1.39 live.
    const messages = await api().query({ meta: 'allmessages', ammessages: 'Mainpage|and|no-such-msg', amlang: 'qqx' });
    assert.deepEqual(
      messages.query.allmessages.map((m: any) => m.content),
      ['(Mainpage)', '(and)', '(no-such-msg)'],
    );
    // A message without a name is none, in qqx too.
    const unnamed = await api().query({ meta: 'allmessages', ammessages: '|a', uselang: 'qqx' });
    assert.deepEqual(unnamed.query.allmessages[0], { name: '', normalizedname: '', missing: true });
    const withArgs = await api().query({ meta: 'allmessages', ammessages: 'edit', amargs: 'a|b', uselang: 'qqx' });
    assert.equal(withArgs.query.allmessages[0].content, '(edit: a, b)');
    // Its default is the key alone, given where it differs: with arguments.
    const defaults = await api().query({
      meta: 'allmessages',
      ammessages: 'edit',
      amprop: 'default',
      amnocontent: '1',
      uselang: 'qqx',
    });
    assert.deepEqual(defaults.query.allmessages[0], { name: 'edit', normalizedname: 'edit' });
    const argsDefault = await api().query({
      meta: 'allmessages',
      ammessages: 'edit',
      amprop: 'default',
      amargs: 'a',
      uselang: 'qqx',
    });
    assert.equal(argsDefault.query.allmessages[0].default, '(edit)');
    const errors = await api().query({ list: 'usercontribs', errorformat: 'plaintext', uselang: 'qqx' });
    assert.equal(
      errors.errors[0].text,
      '(apierror-missingparam-one-of: "ucuserprefix"(comma-separator)"ucuserids"(comma-separator)"uciprange"(and)(word-separator)"ucuser", 4)',
    );
    assert.equal(errors.docref, '(api-usage-docref: http://127.0.0.1:8090/api.php) (api-usage-mailinglist-ref)');
    const warnings = await api().query({
      list: 'recentchanges',
      rcprop: 'bogus|x',
      rclimit: '6000',
      errorformat: 'plaintext',
      uselang: 'qqx',
    });
    assert.deepEqual(
      warnings.warnings.map((w: any) => w.text),
      [
        '(paramvalidator-unrecognizedvalues: rcprop, bogus|x, bogus(comma-separator)x, 2)',
        '(paramvalidator-outofrange-minmax: rclimit, 6000, 1, 500)',
      ],
    );
    // The messages modules show as such: gadgets' and tags' descriptions, the extracts' ellipsis.
    const gadgets = await api().query({ list: 'gadgets', gaprop: 'id|desc', uselang: 'qqx' });
    assert.equal(gadgets.query.gadgets.find((g: any) => g.id === 'Uhr').desc, '(gadget-Uhr)');
    const sections = await api().query({ list: 'gadgetcategories', gcprop: 'name|title', uselang: 'qqx' });
    assert.equal(sections.query.gadgetcategories[0].desc, '(gadget-section-werkzeuge)');
    const tags = await api().query({ list: 'tags', tgprop: 'displayname|description', tglimit: '1', uselang: 'qqx' });
    assert.deepEqual(tags.query.tags[0], {
      name: 'mw-blank',
      displayname: '(tag-mw-blank)',
      description: '(tag-mw-blank-description)',
    });
    const extract = await api().query({ prop: 'extracts', titles: 'Berlin', exchars: '20', uselang: 'qqx' });
    assert.match(extract.query.pages[0].extract, /\(ellipsis\)$/);
  });

  test('pageimages refuses a piprop of unknown values only, before it looks at the pages', async () => {
    const answer = await api().query({ prop: 'pageimages', titles: 'Gibtsnicht', piprop: '*' });
    assert.equal(answer.error.code, 'noprop');
    assert.equal(answer.error.info, 'The parameter "piprop" may not be empty.');
    assert.equal(answer.warnings.pageimages.warnings, 'Unrecognized value for parameter "piprop": *');
  });

  test("pageimages: a drawing's thumbnail names the language asked for, other than English", async () => {
    const source = async (pilangcode?: string) =>
      (
        await api().query({
          prop: 'pageimages',
          piprop: 'thumbnail',
          pithumbsize: '10',
          titles: 'Datei:Logo.svg',
          ...(pilangcode === undefined ? {} : { pilangcode }),
        })
      ).query.pages[0].thumbnail.source;
    assert.match(await source(), /\/10px-Logo\.svg\.png$/);
    assert.match(await source('en'), /\/10px-Logo\.svg\.png$/);
    assert.match(await source('De'), /\/langde-10px-Logo\.svg\.png$/);
    assert.match(await source('|'), /\/lang%7C-10px-Logo\.svg\.png$/);
    assert.match(await source(''), /\/lang-10px-Logo\.svg\.png$/);
  });

  test("pageimages: with a language, a drawing's original is its rendering at its own size in that language", async () => {
    const original = async (titles: string, pilangcode?: string) =>
      (
        await api().query({
          prop: 'pageimages',
          piprop: 'original',
          titles,
          ...(pilangcode === undefined ? {} : { pilangcode }),
        })
      ).query.pages[0].original;
    assert.match((await original('Datei:Logo.svg')).source, /\/images\/6\/6f\/Logo\.svg$/);
    const rendered = await original('Datei:Logo.svg', 'de');
    assert.match(rendered.source, /\/thumb\/6\/6f\/Logo\.svg\/langde-200px-Logo\.svg\.png$/);
    assert.deepEqual([rendered.width, rendered.height], [200, 200]);
    // No language in PHP's terms, and a bitmap, which is its own rendering.
    assert.match((await original('Datei:Logo.svg', '0')).source, /\/images\/6\/6f\/Logo\.svg$/);
    assert.doesNotMatch((await original('Datei:Beispiel.png', 'de')).source, /\/thumb\//);
  });

  test('pageimages: a rendering whose file name would pass 255 bytes is not made', async () => {
    // `lang<code>-50px-Logo.svg.png`: 255 bytes with a code of 233 letters, the original's
    // `-200px-` one byte more. As MediaWiki 1.39 answers: no thumbnail, an original without URL.
    const page = async (letters: number) =>
      (
        await api().query({
          prop: 'pageimages',
          piprop: 'thumbnail|original',
          pithumbsize: '50',
          titles: 'Datei:Logo.svg',
          pilangcode: 'a'.repeat(letters),
        })
      ).query.pages[0];
    const fits = await page(232);
    assert.match(fits.thumbnail.source, /\/langa{232}-50px-Logo\.svg\.png$/);
    assert.match(fits.original.source, /\/langa{232}-200px-Logo\.svg\.png$/);
    const edge = await page(233);
    assert.match(edge.thumbnail.source, /\/langa{233}-50px-Logo\.svg\.png$/);
    assert.deepEqual(edge.original, { source: '', width: 200, height: 200 });
    const long = await page(300);
    assert.equal(long.thumbnail, undefined);
    assert.deepEqual(long.original, { source: '', width: 200, height: 200 });
  });

  test('pageimages continues in the order the page set found its pages, not by page id', async () => {
    const titles = 'Kategorie:Argeņtina|Diskussion:Main Page/Archive 1|Benutzer:Az1568';
    const ids = (await api().query({ titles })).query.pages.map((p: any) => p.pageid);
    const found = [...ids].sort((a, b) => b - a);
    // The titles' namespaces as they first came: the category's page (the highest id) first.
    const values: number[] = [];
    let cont: Record<string, string> = {};
    for (let i = 0; i < 4; i++) {
      const page = await api().query({ prop: 'pageimages', pilimit: '1', titles, ...cont });
      if (!page.continue) break;
      values.push(page.continue.picontinue);
      cont = { picontinue: String(page.continue.picontinue) };
    }
    assert.deepEqual(values, [found[2], found[1]]);
  });

  test("pageimages: a missing file page is its own image after the set's pages, as another repository may hold it", async () => {
    const answer = await api().query({
      prop: 'pageimages',
      titles: 'Datei:Gibt es nicht.png|Datei:Auch nicht.png|Wien|Berlin',
      pilimit: '3',
    });
    const byTitle = Object.fromEntries(answer.query.pages.map((p: any) => [p.title, p]));
    assert.equal(byTitle['Datei:Gibt es nicht.png'].pageimage, 'Gibt_es_nicht.png');
    assert.equal(byTitle['Datei:Gibt es nicht.png'].thumbnail, undefined, 'no file, no thumbnail');
    // Berlin and Wien come first; the second missing file page is left for the continuation.
    assert.equal(byTitle['Datei:Auch nicht.png'].pageimage, undefined);
    const next = await api().query({
      prop: 'pageimages',
      titles: 'Datei:Gibt es nicht.png|Datei:Auch nicht.png|Wien|Berlin',
      pilimit: '3',
      ...answer.continue,
    });
    const rest = next.query.pages.filter((p: any) => p.pageimage).map((p: any) => p.title);
    assert.deepEqual(rest, ['Datei:Auch nicht.png']);
  });

  test('pageimages: a thumbnail size of 0 or less asks for no thumbnail, the name still given', async () => {
    for (const pithumbsize of ['0', '-1']) {
      const answer = await api().query({ prop: 'pageimages', titles: 'Wien', pithumbsize });
      assert.deepEqual(answer.query.pages[0], {
        pageid: answer.query.pages[0].pageid,
        ns: 0,
        title: 'Wien',
        pageimage: 'Rathaus.png',
      });
    }
  });

  test('pageimages: free images by default, name/original/thumbnail, box sizes, file pages, continuation', async () => {
    const answer = await api().query({
      prop: 'pageimages',
      titles: 'Wien|Datei:Karte.png|Physik',
      piprop: 'thumbnail|name|original',
      pithumbsize: '1000',
    });
    const byTitle = Object.fromEntries(answer.query.pages.map((p: any) => [p.title, p]));
    assert.deepEqual(byTitle.Wien.thumbnail, {
      source: 'http://127.0.0.1:8090/images/0/07/Rathaus.png',
      width: 300,
      height: 400,
    });
    assert.equal(byTitle['Datei:Karte.png'].pageimage, 'Karte.png', 'a file page is its own image');
    assert.equal(byTitle.Physik.pageimage, undefined);
    const limited = await api().query({
      prop: 'pageimages',
      titles: 'Berlin|Hamburg|Wien',
      pilimit: '2',
      piprop: 'name',
    });
    // The page to go on with, by its id (Wien's), as MediaWiki gives it.
    assert.equal(limited.continue.picontinue, 246);
    const rest = await api().query({
      prop: 'pageimages',
      titles: 'Berlin|Hamburg|Wien',
      pilimit: '2',
      piprop: 'name',
      picontinue: '246',
    });
    assert.deepEqual(
      rest.query.pages.filter((p: any) => p.pageimage).map((p: any) => p.title),
      ['Wien'],
    );
    // pilicense=any: a page with a free image keeps it or gets the image PageImages chose of any licence.
    const images = (license: string) =>
      api()
        .query({ prop: 'pageimages', titles: 'Berlin|Hamburg|Wien|Physik', piprop: 'name', pilicense: license })
        .then((a: any) => Object.fromEntries(a.query.pages.map((p: any) => [p.title, p.pageimage])));
    const [free, any] = [await images('free'), await images('any')];
    assert.equal(free.Wien, 'Rathaus.png');
    for (const [title, image] of Object.entries(free)) if (image) assert.ok(any[title], title);
  });

  test('trackingcategories: the wiki’s tracking categories by German name, sizes, names and generator', async () => {
    const answer = await api().query({ list: 'trackingcategories', tcprop: 'size|hidden' });
    const broken = answer.query.trackingcategories.find((c: any) => c.trackingcatname === 'broken-file-category');
    assert.equal(broken.category, 'Seiten mit defekten Dateilinks');
    const info = await api().query({ prop: 'categoryinfo', titles: 'Kategorie:Seiten mit defekten Dateilinks' });
    assert.equal(broken.size, info.query.pages[0].categoryinfo.size);
    assert.equal(typeof broken.hidden, 'boolean');
    const named = await api().query({ list: 'trackingcategories', tctrackingcatname: 'hidden-category-category' });
    for (const c of named.query.trackingcategories) assert.equal(c.trackingcatname, 'hidden-category-category');
    const small = await api().query({ list: 'trackingcategories', tcmax: '1' });
    assert.ok(!small.query.trackingcategories.some((c: any) => c.trackingcatname === 'broken-file-category'));
    const generated = await api().query({ generator: 'trackingcategories', gtclimit: '1' });
    assert.equal(generated.query.pages[0].ns, 14);
  });
});
