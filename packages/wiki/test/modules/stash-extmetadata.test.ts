/**
 * prop=stashimageinfo (the caller's own stashed uploads, MediaWiki's errors) and the extended
 * metadata of imageinfo, allimages and stashimageinfo, on the reference wiki.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { phpUnserialize } from '../../src/modules/support/php-unserialize.js';
import { REFERENCE_PASSWORDS } from '../helpers/reference-accounts.js';
import { useReferenceApi } from '../helpers/reference-api.js';
import { SessionClient } from '../helpers/session-client.js';

const KEY = '1d3q2mhxiv7w.v7eknk.1.png';

describeEachEngine('stashed uploads and extended metadata', (engine) => {
  const api = useReferenceApi(engine);

  async function loggedIn(name: string): Promise<SessionClient> {
    const client = new SessionClient(api().app);
    const login = await client.logIn(name, REFERENCE_PASSWORDS[name]);
    assert.equal(login.json.login.result, 'Success');
    return client;
  }
  const stash = async (client: SessionClient, params: Record<string, string>) =>
    (await client.get({ action: 'query', prop: 'stashimageinfo', format: 'json', formatversion: '2', ...params })).json;

  test('the owner sees every siiprop of a stashed file, with thumbnails behind the stash page', async () => {
    const admin = await loggedIn('Admin');
    const answer = await stash(admin, {
      siifilekey: KEY,
      siiprop: 'timestamp|url|size|sha1|mime|thumbmime|bitdepth|canonicaltitle|metadata|commonmetadata|extmetadata',
      siiurlwidth: '60',
    });
    const [info] = answer.query.stashimageinfo;
    const page = `http://127.0.0.1:8090/index.php/Spezial:Hochladespeicher`;
    assert.equal(info.url, `${page}/file/${KEY}`);
    assert.equal(info.descriptionurl, info.url);
    assert.equal(info.thumburl, `${page}/thumb/${KEY}/60px-20261121222619!phpVCqGKz.png`);
    assert.deepEqual([info.thumbwidth, info.thumbheight, info.thumbmime], [60, 45, 'image/png']);
    assert.deepEqual([info.size, info.width, info.height, info.bitdepth], [597, 120, 90, 8]);
    assert.equal(info.canonicaltitle, 'Datei:20261121222619!phpVCqGKz.png');
    assert.deepEqual(
      info.metadata.map((m: any) => m.name),
      ['frameCount', 'loopCount', 'duration', 'bitDepth', 'colorType', 'metadata'],
    );
    assert.deepEqual(
      info.commonmetadata.map((m: any) => m.name),
      ['XResolution', 'YResolution', 'ResolutionUnit'],
    );
    assert.deepEqual(info.extmetadata.ObjectName, {
      value: '20261121222619!phpVCqGKz',
      source: 'mediawiki-metadata',
      hidden: '',
    });
    const bySessionKey = await stash(admin, { siisessionkey: KEY });
    assert.equal(bySessionKey.query.stashimageinfo[0].url, info.url);
    assert.match(bySessionKey.warnings.stashimageinfo.warnings, /siisessionkey.*deprecated/);
  });

  test("another user's stashed file, a missing key and a malformed key are MediaWiki's errors", async () => {
    const bob = await loggedIn('Bob');
    const other = await stash(bob, { siifilekey: KEY });
    assert.deepEqual(
      [other.error.code, other.error.info],
      ['uploadstash-wrong-owner', `This file (${KEY}) doesn't belong to the current user.`],
    );
    // An empty key list is a key list: nothing is listed, and nothing is missing.
    const empty = await stash(bob, { siifilekey: '' });
    assert.equal(empty.error, undefined);
    assert.equal(empty.query?.stashimageinfo, undefined);
    const missing = await stash(bob, { siifilekey: 'abc.def.1.png' });
    assert.deepEqual(
      [missing.error.code, missing.error.info],
      ['uploadstash-file-not-found', 'Key "abc.def.1.png" not found in stash.'],
    );
    const malformed = await stash(bob, { siifilekey: 'no key' });
    assert.deepEqual(
      [malformed.error.code, malformed.error.info],
      ['uploadstash-bad-path-bad-format', 'Key "no key" is not in a proper format.'],
    );
    const none = await stash(bob, {});
    assert.deepEqual(
      [none.error.code, none.error.info],
      ['missingparam', 'At least one of the parameters "siifilekey" and "siisessionkey" is required.'],
    );
    const german = await stash(bob, { siifilekey: 'no key', errorformat: 'plaintext', uselang: 'de' });
    assert.match(german.errors[0].text, /Schlüssel „no key“/);
  });

  test('imageinfo and allimages give the upload time and the name as extended metadata, filtered on request', async () => {
    const answer = await api().query({
      titles: 'Datei:Beispiel.png',
      prop: 'imageinfo',
      iiprop: 'extmetadata|timestamp',
    });
    const [info] = answer.query.pages[0].imageinfo;
    assert.deepEqual(info.extmetadata, {
      DateTime: { value: info.timestamp, source: 'mediawiki-metadata', hidden: '' },
      ObjectName: { value: 'Beispiel', source: 'mediawiki-metadata', hidden: '' },
    });
    const filtered = await api().query({
      titles: 'Datei:Beispiel.png',
      prop: 'imageinfo',
      iiprop: 'extmetadata',
      iiextmetadatafilter: 'ObjectName|Artist',
    });
    assert.deepEqual(Object.keys(filtered.query.pages[0].imageinfo[0].extmetadata), ['ObjectName']);
    const nothing = await api().query({
      titles: 'Datei:Beispiel.png',
      prop: 'imageinfo',
      iiprop: 'extmetadata',
      iiextmetadatafilter: 'Artist',
    });
    assert.deepEqual(nothing.query.pages[0].imageinfo[0].extmetadata, []);
    const listed = await api().query({ list: 'allimages', aiprop: 'extmetadata', aifrom: 'Logo.svg', ailimit: '1' });
    assert.equal(listed.query.allimages[0].extmetadata.ObjectName.value, 'Logo');
  });

  test('PHP-serialized values are read with byte lengths, lists and nesting', () => {
    assert.deepEqual(phpUnserialize('a:3:{s:2:"ä";i:1;s:1:"b";a:2:{i:0;b:1;i:1;N;}s:1:"c";d:0.5;}'), {
      ä: 1,
      b: [true, null],
      c: 0.5,
    });
    assert.throws(() => phpUnserialize('s:5:"abc";'));
  });
});
