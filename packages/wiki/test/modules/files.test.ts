import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useReferenceApi } from '../helpers/reference-api.js';

const names = (items: any[]): string[] => items.map((i) => i.name);

describeEachEngine('file modules', (engine) => {
  const api = useReferenceApi(engine);

  test('filerepoinfo: a repository with no property asked for is an empty object in both formatversions', async () => {
    for (const formatversion of ['1', '2']) {
      const body = await api().query({ meta: 'filerepoinfo', friprop: '', formatversion });
      assert.deepEqual(body.query.repos, [{}], formatversion);
    }
    const named = await api().query({ meta: 'filerepoinfo', friprop: 'name|local' });
    assert.deepEqual(named.query.repos, [{ name: 'local', local: true }]);
  });

  test('allimages takes badfile among its properties and shows nothing for it, as MediaWiki', async () => {
    const answer = await api().query({ list: 'allimages', ailimit: '2', aiprop: 'badfile|size' });
    assert.equal(answer.warnings, undefined);
    for (const image of answer.query.allimages) {
      assert.equal(image.badfile, undefined);
      assert.equal(typeof image.size, 'number');
    }
  });

  test('allimages by name continues by name and honours prefix, from and to', async () => {
    const first = await api().query({ list: 'allimages', ailimit: '2' });
    assert.deepEqual(names(first.query.allimages), ['Beispiel-Kopie.png', 'Beispiel.png']);
    assert.equal(first.continue.aicontinue, 'Karte.png');
    const next = await api().query({ list: 'allimages', ailimit: '2', aicontinue: 'Karte.png' });
    assert.deepEqual(names(next.query.allimages), ['Karte.png', 'Logo.svg']);
    const prefixed = await api().query({ list: 'allimages', aiprefix: 'beispiel' });
    assert.deepEqual(names(prefixed.query.allimages), ['Beispiel-Kopie.png', 'Beispiel.png']);
    const range = await api().query({ list: 'allimages', aifrom: 'K', aito: 'Logo.svg', aidir: 'descending' });
    assert.deepEqual(names(range.query.allimages), []);
    const backwards = await api().query({ list: 'allimages', aifrom: 'Logo.svg', aito: 'K', aidir: 'descending' });
    assert.deepEqual(names(backwards.query.allimages), ['Logo.svg', 'Karte.png']);
    // The continue value is read before the names that bound the list, as MediaWiki reads them.
    const both = await api().query({ list: 'allimages', aicontinue: '0|', aifrom: '<>' });
    assert.equal(both.error.code, 'badcontinue');
    assert.equal((await api().query({ list: 'allimages', aicontinue: 'K', aifrom: '<>' })).error.code, 'invalidtitle');
  });

  test('allimages by timestamp lists oldest first, continues by timestamp and name, and filters by uploader', async () => {
    const all = await api().query({ list: 'allimages', aisort: 'timestamp', aiprop: 'timestamp' });
    const stamps = all.query.allimages.map((i: any) => i.timestamp);
    assert.deepEqual(stamps, [...stamps].sort());
    // Files of the same second in the order they were uploaded, as MediaWiki lists them.
    assert.deepEqual(names(all.query.allimages), [
      'Beispiel.png',
      'Logo.svg',
      'Karte.png',
      'Beispiel-Kopie.png',
      'Rathaus.png',
    ]);
    const first = await api().query({ list: 'allimages', aisort: 'timestamp', ailimit: '3' });
    assert.equal(first.continue.aicontinue, '20261121222619|Beispiel-Kopie.png');
    // The continue value names the next file by time and name, and MediaWiki reads it so: a file
    // of that second named after it comes again.
    const rest = await api().query({ list: 'allimages', aisort: 'timestamp', aicontinue: first.continue.aicontinue });
    assert.deepEqual(names(rest.query.allimages), ['Karte.png', 'Beispiel-Kopie.png', 'Rathaus.png']);
    const alice = await api().query({ list: 'allimages', aisort: 'timestamp', aiuser: 'Alice', aiprop: 'user' });
    assert.deepEqual(names(alice.query.allimages), ['Karte.png', 'Rathaus.png']);
    const older = await api().query({ list: 'allimages', aisort: 'timestamp', aidir: 'older' });
    assert.deepEqual(names(older.query.allimages), names(all.query.allimages).reverse());
  });

  test("commonmetadata: a bitmap's embedded fields; an SVG's title as ObjectName, without its size", async () => {
    const answer = await api().query({
      list: 'allimages',
      aiprop: 'commonmetadata',
      aifrom: 'Karte.png',
      aito: 'Logo.svg',
    });
    const byName = new Map(answer.query.allimages.map((f: any) => [f.name, f.commonmetadata]));
    assert.deepEqual(byName.get('Logo.svg'), [{ name: 'ObjectName', value: 'Testwiki-Logo' }]);
    assert.deepEqual(byName.get('Karte.png'), [
      { name: 'XResolution', value: '3780/100' },
      { name: 'YResolution', value: '3780/100' },
      { name: 'ResolutionUnit', value: 3 },
    ]);
  });

  test('allimages refuses aiuser with aifilterbots under the message key as its code', async () => {
    const answer = await api().query({ list: 'allimages', aisort: 'timestamp', aiuser: 'Admin', aifilterbots: 'bots' });
    assert.equal(answer.error.code, 'invalidparammix-cannotusewith');
    assert.equal(answer.error.info, 'The "aiuser" parameter cannot be used with "aifilterbots".');
  });

  test('allimages finds duplicates by SHA-1 and rejects mixed sorts and bad hashes', async () => {
    const dup = await api().query({ list: 'allimages', aisha1: '1d78efa04ee3fee5dbc2b89950b806dfc2487171' });
    assert.deepEqual(names(dup.query.allimages), ['Beispiel-Kopie.png', 'Beispiel.png']);
    const bad = await api().query({ list: 'allimages', aisha1: 'xyz' });
    assert.equal(bad.error.code, 'invalidsha1hash');
    const mixed = await api().query({ list: 'allimages', aistart: '2020-01-01T00:00:00Z' });
    assert.equal(mixed.error.code, 'invalidparammix');
    const svg = await api().query({ list: 'allimages', aimime: 'image/svg+xml' });
    assert.deepEqual(names(svg.query.allimages), ['Logo.svg']);
    // No MIME type, no file, and an empty list even as a generator (MediaWiki 1.39 answers so).
    assert.deepEqual((await api().query({ list: 'allimages', aimime: '' })).query.allimages, []);
    const none = await api().query({ generator: 'allimages', gaimime: '' });
    assert.deepEqual(none.query, { allimages: [] });
  });

  test("checks come in MediaWiki's order: names before the hash, the description right before anything", async () => {
    const title = await api().query({ list: 'allimages', aito: '#Nur Abschnitt', aisha1base36: 'Foo bar' });
    assert.equal(title.error.code, 'invalidtitle');
    const parsed = await api().query({ list: 'filearchive', fasha1: 'Foo_bar', faprop: 'parseddescription' });
    assert.equal(parsed.error.code, 'permissiondenied');
    // imageinfo reads its continue value only when the set has file pages.
    const noFiles = await api().query({ prop: 'imageinfo', titles: 'Berlin', iicontinue: 'garbage' });
    assert.equal(noFiles.error, undefined);
    const withFile = await api().query({ prop: 'imageinfo', titles: 'Datei:Karte.png', iicontinue: 'garbage' });
    assert.equal(withFile.error.code, 'badcontinue');
    const allDb = await api().query({ meta: 'siteinfo', siprop: 'dbrepllag', sishowalldb: '1' });
    assert.equal(allDb.error.code, 'includeAllDenied');
  });

  test('allimages as a generator gives the file pages', async () => {
    const answer = await api().query({ generator: 'allimages', gailimit: '2', prop: 'imageinfo', iiprop: 'size' });
    assert.deepEqual(
      answer.query.pages.map((p: any) => [p.title, p.imageinfo[0].size]),
      [
        ['Datei:Beispiel.png', 1751],
        ['Datei:Beispiel-Kopie.png', 1751],
      ],
    );
  });

  test('imageinfo lists old versions newest first and continues a single file by iistart, an ISO time', async () => {
    const first = await api().query({ prop: 'imageinfo', titles: 'Datei:Karte.png', iiprop: 'timestamp|archivename' });
    assert.equal(first.query.pages[0].imageinfo.length, 1);
    // MediaWiki writes the next version's time in ISO form.
    assert.deepEqual(first.continue, { iistart: '2026-11-21T22:26:18Z', continue: '||' });
    const next = await api().query({
      prop: 'imageinfo',
      titles: 'Datei:Karte.png',
      iiprop: 'archivename',
      ...first.continue,
    });
    assert.deepEqual(next.query.pages[0].imageinfo, [{ archivename: '20261121222618!Karte.png' }]);
  });

  test('iiurlparam: the handler reads a width; width and height win over it; what cannot be read warns', async () => {
    const info = (params: Record<string, string>) =>
      api().query({
        prop: 'imageinfo',
        titles: 'Datei:Beispiel.png|Datei:Logo.svg',
        iiprop: 'url',
        errorformat: 'plaintext',
        uselang: 'en',
        ...params,
      });
    const thumbs = (answer: any) => answer.query.pages.map((p: any) => p.imageinfo[0].thumbwidth);
    const codes = (list: any[] | undefined) => (list ?? []).map((w) => w.code);
    assert.deepEqual(thumbs(await info({ iiurlparam: '120px' })), [120, 120]);
    // `0` asks for nothing, as PHP reads it.
    const none = await info({ iiurlparam: '0' });
    assert.deepEqual(thumbs(none), [undefined, undefined]);
    assert.equal(none.warnings, undefined);
    const wins = await info({ iiurlparam: '120px', iiurlwidth: '100' });
    assert.deepEqual(thumbs(wins), [100, 100]);
    assert.equal(
      wins.warnings[0].text,
      'Ignoring width value set in "iiurlparam" (120) in favor of width value derived from "iiurlwidth"/"iiurlheight" (100).',
    );
    // A height alone bounds by the file's own width, which then wins over the parameter's.
    const byHeight = await info({ iiurlparam: '100px', iiurlheight: '50' });
    assert.deepEqual(thumbs(byHeight), [67, 50]);
    assert.deepEqual(
      byHeight.warnings.map((w: any) => w.text.match(/\((\d+)\)\.$/)?.[1]),
      ['400', '200'],
    );
    const unread = await info({ iiurlparam: 'bogus', iiurlwidth: '100' });
    assert.deepEqual(codes(unread.warnings), ['badurlparam', 'badurlparam']);
    assert.equal(
      unread.warnings[0].text,
      'Could not parse "iiurlparam" for Beispiel.png. Using only width and height.',
    );
    // Nothing left to size the thumbnail by: the first file ends the request.
    const nothing = await info({ iiurlparam: 'bogus' });
    assert.deepEqual(codes(nothing.errors), ['urlparamnormal']);
    assert.equal(nothing.errors[0].text, 'Could not normalize image parameters for Beispiel.png.');
    assert.deepEqual(codes(nothing.warnings), ['badurlparam']);
    assert.deepEqual(codes((await info({ iiurlwidth: '0' })).errors), ['urlparamnormal']);
    const zero = await info({ iiurlparam: '0px' });
    assert.equal(zero.errors[0].code, 'invalidurlparam');
    assert.equal(zero.errors[0].text, 'Invalid value for "iiurlparam" ("width=0").');
  });

  test("thumbmime is given with a thumbnail only, and brings the file's mime along", async () => {
    const info = async (iiprop: string, extra: Record<string, string> = {}) =>
      (await api().query({ prop: 'imageinfo', titles: 'Datei:Rathaus.png', iiprop, formatversion: '2', ...extra }))
        .query.pages[0].imageinfo[0];
    assert.deepEqual(await info('thumbmime'), {});
    assert.deepEqual(await info('thumbmime', { iiurlwidth: '50' }), {});
    assert.equal((await info('thumbmime|url')).mime, undefined);
    const scaled = await info('thumbmime|url', { iiurlwidth: '50' });
    assert.deepEqual([scaled.thumbmime, scaled.mime], ['image/png', 'image/png']);
    assert.equal(Object.keys(scaled).at(-1), 'mime');
  });

  test('responsiveUrls keep 1.5 before 2, and XML prints them as a PHP array of a name and a number', async () => {
    const body = async (format: string) => {
      const search = new URLSearchParams({
        action: 'query',
        prop: 'imageinfo',
        titles: 'Datei:Beispiel.png',
        iiprop: 'url',
        iiurlwidth: '100',
        format,
      });
      return (await api().app.inject({ method: 'GET', url: `/api.php?${search}` })).body;
    };
    // The text, as JSON.parse would put the key `2` first.
    assert.match(await body('json'), /"responsiveUrls":\{"1\.5":"[^"]+","2":"[^"]+"\}/);
    assert.match(
      await body('xml'),
      /<responsiveUrls _1\.2E\.5="[^"]+150px-Beispiel\.png"><_v _idx="2">[^<]+200px-Beispiel\.png<\/_v><\/responsiveUrls>/,
    );
  });

  test('iibadfilecontexttitle must be a local title, checked before any file is looked at', async () => {
    for (const titles of ['Berlin', 'Datei:Beispiel.png']) {
      for (const value of ['', 'en:Foo']) {
        const answer = await api().query({ prop: 'imageinfo', titles, iibadfilecontexttitle: value });
        assert.equal(answer.error.code, 'invalid-title', `${titles} ${value}`);
        assert.equal(answer.error.info, 'Invalid title in "iibadfilecontexttitle" parameter.');
      }
    }
    // A version with nothing to show is an empty object, in formatversion 1 too.
    const bare = await api().query({
      prop: 'imageinfo',
      titles: 'Datei:Beispiel.png',
      iiprop: 'badfile',
      iibadfilecontexttitle: 'Berlin',
      formatversion: '1',
    });
    assert.deepEqual(bare.query.pages['326'].imageinfo, [{}]);
  });

  test('badfile is told on the page; a missing file asked about so is described as one version', async () => {
    const pages = async (params: Record<string, string>) =>
      (
        await api().query({
          prop: 'imageinfo',
          titles: 'Datei:Gibt es nicht.png|Datei:Rathaus.png',
          formatversion: '2',
          ...params,
        })
      ).query.pages;
    const [missing, rathaus] = await pages({ iiprop: 'badfile|url|canonicaltitle|size' });
    assert.deepEqual(Object.keys(rathaus), ['pageid', 'ns', 'title', 'imagerepository', 'badfile', 'imageinfo']);
    assert.equal(rathaus.imageinfo[0].badfile, undefined);
    assert.deepEqual(missing, {
      ns: 6,
      title: 'Datei:Gibt es nicht.png',
      missing: true,
      imagerepository: '',
      badfile: false,
      imageinfo: [
        {
          canonicaltitle: 'Datei:Gibt es nicht.png',
          descriptionurl: 'http://127.0.0.1:8090/index.php/Datei:Gibt_es_nicht.png',
          filemissing: true,
        },
      ],
    });
    // It has no time of its own, so an end time leaves its version out.
    const [ended] = await pages({ iiprop: 'badfile|url', iiend: '2003-03-17T11:02:55Z' });
    assert.equal(ended.imageinfo, undefined);
    assert.equal(ended.badfile, false);
    // Without badfile (or uploadwarning) it is not looked at.
    const [plain] = await pages({ iiprop: 'url' });
    assert.deepEqual(Object.keys(plain), ['ns', 'title', 'missing', 'imagerepository']);
    // It has no handler to read urlparam with.
    const warned = await api().query({
      prop: 'imageinfo',
      titles: 'Datei:Gibt es nicht.png',
      iiprop: 'badfile',
      iiurlparam: 'x',
    });
    assert.match(
      JSON.stringify(warned.warnings.imageinfo),
      /Could not create thumbnail because Gibt_es_nicht.png does not have an associated image handler./,
    );
  });

  test('uploadwarning: what an upload under each name would meet, as the HTML of its message', async () => {
    const warnings = async (titles: string) => {
      const answer = await api().query({ prop: 'imageinfo', iiprop: 'uploadwarning', titles, uselang: 'en' });
      return Object.fromEntries(answer.query.pages.map((p: any) => [p.title, p.imageinfo[0].html]));
    };
    const thumb = (name: string, src: string, srcset: string, width = 300, height = 225) =>
      '<div class="thumb tright"><div class="thumbinner" style="width:' +
      `${width + 2}px;"><a href="/index.php/Datei:${name}" class="image"><img alt="${name}" src="${src}" ` +
      `decoding="async" width="${width}" height="${height}" class="thumbimage"${srcset} /></a>  ` +
      `<div class="thumbcaption"><div class="magnify"><a href="/index.php/Datei:${name}" class="internal" ` +
      'title="Enlarge"></a></div></div></div></div>';
    const karte = thumb(
      'Karte.png',
      '/images/thumb/b/ba/Karte.png/300px-Karte.png',
      ' srcset="/images/thumb/b/ba/Karte.png/450px-Karte.png 1.5x, /images/thumb/b/ba/Karte.png/600px-Karte.png 2x"',
    );
    const html = await warnings(
      'Datei:Karte.png|Datei:Karte.jpeg|Datei:120px-Karte.png|Datei:20px-Nichts.png|Datei:DSC_0001.jpg|Datei:Neu.png|Datei:Rathaus.png',
    );
    // The file exists: a self-link, then the file as a thumbnail on a line of its own.
    assert.equal(
      html['Datei:Karte.png'],
      '<p>A file named <strong><a class="mw-selflink selflink">Datei:Karte.png</a></strong> is there already. ' +
        `Look at it before you replace it.\n</p>\n${karte}`,
    );
    // A bitmap no wider than the thumbnail is shown as it is, with no denser renderings.
    assert.match(
      html['Datei:Rathaus.png'],
      /<img alt="Rathaus.png" src="\/images\/0\/07\/Rathaus.png" decoding="async" width="300" height="400" class="thumbimage" \/>/,
    );
    // Another extension of a file that exists: the text before the thumbnail in a paragraph of its
    // own, the two names as a list.
    assert.equal(
      html['Datei:Karte.jpeg'],
      `<p>A file with a similar name is there already: </p>${karte}\n` +
        '<ul><li>Your file: <strong><a class="mw-selflink selflink">Datei:Karte.jpeg</a></strong></li>\n' +
        '<li>The file that is there: <strong><a href="/index.php/Datei:Karte.png" title="Datei:Karte.png">Datei:Karte.png</a></strong></li></ul>\n' +
        '<p>Perhaps a name that tells the two apart would be better?\n</p>',
    );
    // A thumbnail's name, of a file that exists and of one that does not.
    assert.match(
      html['Datei:120px-Karte.png'],
      /^<p>This file looks like a scaled-down copy .*<\/p>\n<div class="thumb/s,
    );
    assert.match(html['Datei:120px-Karte.png'], /Compare it with <strong><a href="\/index.php\/Datei:Karte.png"/);
    // One paragraph alone loses its <p>.
    assert.equal(
      html['Datei:20px-Nichts.png'],
      'The name starts with <strong>20px-</strong>, as the names of scaled-down copies <em>(thumbnails)</em> do.\n' +
        'Upload the picture at full size if you have it, or choose another name.',
    );
    assert.match(
      html['Datei:DSC 0001.jpg'],
      /^The name starts with <strong>"DSC_"<\/strong>, the kind of name a digital camera/,
    );
    assert.equal(html['Datei:Neu.png'], '');
    // The pseudo-language shows the message's key and parameters, no thumbnail (as MediaWiki 1.39).
    const qqx = await api().query({
      prop: 'imageinfo',
      iiprop: 'uploadwarning',
      titles: 'Datei:Karte.png|Datei:Karte.jpeg|Datei:20px-Nichts.png',
      uselang: 'qqx',
    });
    assert.deepEqual(Object.fromEntries(qqx.query.pages.map((p: any) => [p.title, p.imageinfo[0].html])), {
      'Datei:Karte.png': '(fileexists: Datei:Karte.png)',
      'Datei:Karte.jpeg': '(fileexists-extension: Datei:Karte.jpeg, Datei:Karte.png)',
      'Datei:20px-Nichts.png': '(file-thumbnail-no: 20px-)',
    });
  });

  test('uploadwarning: a description page without a file, whose thumbnail is a link to upload it', async () => {
    const { store } = api();
    const id = 990001;
    await store.db
      .insertInto('page')
      .values({
        page_id: id,
        page_namespace: 6,
        page_title: 'Ohne_Datei.png',
        page_random: 0.5,
        page_touched: '20261122000000',
        page_latest: 0,
        page_len: 0,
      })
      .execute();
    try {
      const answer = await api().query({
        prop: 'imageinfo',
        iiprop: 'uploadwarning',
        titles: 'Datei:Ohne Datei.png',
        uselang: 'en',
      });
      const html: string = answer.query.pages[0].imageinfo[0].html;
      assert.match(
        html,
        /^<p>The description page <strong><a class="mw-selflink selflink">Datei:Ohne Datei.png<\/a><\/strong> exists/,
      );
      assert.ok(
        html.endsWith(
          '\n</p>\n<div class="thumb tright"><div class="thumbinner" style="width:182px;">' +
            '<a href="/index.php?title=Spezial:Hochladen&amp;wpDestFile=Ohne_Datei.png" class="new" ' +
            'title="Datei:Ohne Datei.png">Datei:Ohne Datei.png</a>  <div class="thumbcaption"></div></div></div>',
        ),
        html,
      );
    } finally {
      await store.db.deleteFrom('page').where('page_id', '=', id).execute();
    }
  });

  test('duplicatefiles names the other files with the same content, continued by file and name', async () => {
    const answer = await api().query({
      prop: 'duplicatefiles',
      titles: 'Datei:Beispiel.png|Datei:Beispiel-Kopie.png|Datei:Karte.png',
      dflimit: '1',
    });
    const byTitle = Object.fromEntries(answer.query.pages.map((p: any) => [p.title, p.duplicatefiles]));
    assert.deepEqual(byTitle['Datei:Beispiel-Kopie.png'], [
      { name: 'Beispiel.png', user: 'Admin', timestamp: '2026-11-21T22:26:18Z', shared: false },
    ]);
    assert.equal(answer.continue.dfcontinue, 'Beispiel.png|Beispiel-Kopie.png');
    const next = await api().query({
      prop: 'duplicatefiles',
      titles: 'Datei:Beispiel.png|Datei:Beispiel-Kopie.png',
      dfcontinue: answer.continue.dfcontinue,
    });
    const names = next.query.pages.flatMap((p: any) => (p.duplicatefiles ?? []).map((d: any) => d.name));
    assert.deepEqual(names, ['Beispiel-Kopie.png']);
    const generated = await api().query({ generator: 'duplicatefiles', titles: 'Datei:Beispiel.png' });
    assert.deepEqual(
      generated.query.pages.map((p: any) => p.title),
      ['Datei:Beispiel-Kopie.png'],
    );
    // A continue value read as MediaWiki 1.39 reads it: files before its first field dropped, then
    // duplicates before its second up to the first that is not, even in another file.
    const resumed = async (dfcontinue: string) =>
      (
        await api().query({ prop: 'duplicatefiles', titles: 'Datei:Beispiel.png|Datei:Beispiel-Kopie.png', dfcontinue })
      ).query.pages.map((p: any) => [p.title, (p.duplicatefiles ?? []).map((d: any) => d.name)]);
    const both = [
      ['Datei:Beispiel.png', ['Beispiel-Kopie.png']],
      ['Datei:Beispiel-Kopie.png', ['Beispiel.png']],
    ];
    assert.deepEqual(await resumed('A|1'), both);
    assert.deepEqual(await resumed('A|Beispiel.png'), both);
    assert.deepEqual(await resumed('Beispiel.png|A'), [both[0], ['Datei:Beispiel-Kopie.png', []]]);
    const none = [
      ['Datei:Beispiel.png', []],
      ['Datei:Beispiel-Kopie.png', []],
    ];
    // Skipped up to the first duplicate not before it, over the next file too.
    assert.deepEqual(await resumed('Beispiel-Kopie.png|Beispiel.png~'), none);
    assert.deepEqual(await resumed('Z|A'), none);
  });

  test('filearchive tells anyone which files were deleted, by whom and what they were, but not why', async () => {
    const answer = await api().query({ list: 'filearchive', faprop: 'sha1|user|size|timestamp|bitdepth' });
    assert.deepEqual(answer.query.filearchive, [
      {
        id: 1,
        name: 'Alt.png',
        ns: 6,
        title: 'Datei:Alt.png',
        userid: 1,
        user: 'Admin',
        sha1: 'ff14a6428a24bc51a5dad274fe9ead4c4196adda',
        timestamp: '2026-11-21T22:26:19Z',
        size: '837',
        height: '150',
        width: '200',
        bitdepth: '8',
      },
    ]);
    // Descriptions and metadata are refused outright, before the continue value and the hash.
    const description = await api().query({ list: 'filearchive', faprop: 'description', fasha1base36: '!' });
    assert.deepEqual(
      [description.error.code, description.error.info],
      ['permissiondenied', "You don't have permission to view descriptions of deleted files."],
    );
    const metadata = await api().query({ list: 'filearchive', faprop: 'metadata' });
    assert.equal(metadata.error.info, "You don't have permission to view metadata of deleted files.");
    const continued = await api().query({ list: 'filearchive', facontinue: '0|0', fasha1base36: '!' });
    assert.equal(continued.error.code, 'badcontinue');
    const none = await api().query({ list: 'filearchive', faprefix: 'Beispiel' });
    assert.deepEqual(none.query.filearchive, []);
    const bad = await api().query({ list: 'filearchive', fasha1base36: '!' });
    assert.equal(bad.error.code, 'invalidsha1base36hash');
  });

  test('mystashedfiles is refused to anonymous callers', async () => {
    const answer = await api().query({ list: 'mystashedfiles', msfprop: 'size|type' });
    assert.equal(answer.error.code, 'stashnotloggedin');
  });
});
