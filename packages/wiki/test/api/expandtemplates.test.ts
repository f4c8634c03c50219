/**
 * `action=expandtemplates` on the imported reference wiki: each expected answer is what MediaWiki
 * 1.39 gave for the same request on the same wiki (asked live), in the output format, format
 * version and error shapes clients read (mwclient reads the legacy `*`, pywikibot `wikitext`).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { useReferenceWikiApi } from '../helpers/reference-wiki-api.js';

const served = useReferenceWikiApi();

/** POSTs action=expandtemplates with the parameters, English messages; the answer's body. */
async function expand(params: Record<string, string>): Promise<string> {
  const response = await served().app.inject({
    method: 'POST',
    url: '/api.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action: 'expandtemplates', uselang: 'en', ...params }).toString(),
  });
  assert.equal(response.statusCode, 200);
  return response.body;
}

const LEGACY_WARNING =
  'Because \\"prop\\" was not specified, a legacy format has been used for the output. This format is deprecated, and in the future the new format will always be used.';
const MAILING_LIST =
  'Subscribe to the mediawiki-api-announce mailing list at <https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/> for notice of API deprecations and breaking changes.';
const TEXT = '{{PAGENAME}} x <!-- c --> [[Kategorie:Foo|bar]] {{DEFAULTSORT:Zed}} {{DISPLAYTITLE:Abc}} __NOTOC__';
const ALL_PROPS = 'wikitext|categories|properties|volatile|modules|jsconfigvars|encodedjsconfigvars|parsetree';

describe('action=expandtemplates', () => {
  test('without prop: the legacy output, the text as content, with the deprecation and the announcement list', async () => {
    assert.equal(
      await expand({ text: TEXT, format: 'json' }),
      `{"warnings":{"main":{"*":"${MAILING_LIST}"},"expandtemplates":{"*":"${LEGACY_WARNING}"}},"expandtemplates":{"*":"API x  [[Kategorie:Foo|bar]]   __NOTOC__"}}`,
    );
    assert.equal(
      await expand({ text: '{{PAGENAME}}', title: 'http://x', format: 'json', formatversion: '2' }),
      `{"warnings":{"main":{"warnings":"${MAILING_LIST}"},"expandtemplates":{"warnings":"${LEGACY_WARNING}"}},"expandtemplates":{"wikitext":"Http&#58;//x"}}`,
    );
  });

  test('every property: the parse tree, the tracking category sorted by the sort key, the page properties', async () => {
    const tree =
      '<root><template><title>PAGENAME</title></template> x <comment>&lt;!-- c --&gt;</comment> [[Kategorie:Foo|bar]] <template><title>DEFAULTSORT:Zed</title></template> <template><title>DISPLAYTITLE:Abc</title></template> __NOTOC__</root>';
    assert.equal(
      await expand({ text: TEXT, title: 'Berlin', prop: ALL_PROPS, format: 'json', formatversion: '2' }),
      `{"expandtemplates":{"parsetree":"${tree}","categories":[{"sortkey":"Zed","category":"Seiten_mit_ignorierten_Anzeigetiteln"}],"properties":{"defaultsort":"Zed"},"volatile":false,"wikitext":"Berlin x  [[Kategorie:Foo|bar]]   __NOTOC__","modules":[],"modulescripts":[],"modulestyles":[],"jsconfigvars":{},"encodedjsconfigvars":"[]"}}`,
    );
    assert.equal(
      await expand({
        text: 'a',
        prop: 'wikitext|parsetree|volatile|jsconfigvars|encodedjsconfigvars|modules',
        format: 'xml',
      }),
      '<?xml version="1.0"?><api><expandtemplates><parsetree xml:space="preserve">&lt;root&gt;a&lt;/root&gt;</parsetree><wikitext xml:space="preserve">a</wikitext><modules /><modulescripts /><modulestyles /><jsconfigvars /><encodedjsconfigvars xml:space="preserve">[]</encodedjsconfigvars></expandtemplates></api>',
    );
  });

  test('page properties: a map in formatversion 2, name and value pairs in 1 and in XML', async () => {
    const text = '{{DEFAULTSORT:x}}{{DISPLAYTITLE:<b>A</b>PI}}';
    assert.equal(
      await expand({ text, prop: 'properties|categories', format: 'json', formatversion: '2' }),
      '{"expandtemplates":{"properties":{"defaultsort":"x","displaytitle":"<b>A</b>PI"}}}',
    );
    assert.equal(
      await expand({ text, prop: 'properties', format: 'json' }),
      '{"expandtemplates":{"properties":[{"name":"defaultsort","*":"x"},{"name":"displaytitle","*":"<b>A</b>PI"}]}}',
    );
    assert.equal(
      await expand({ text, prop: 'properties', format: 'xml' }),
      '<?xml version="1.0"?><api><expandtemplates><properties><property name="defaultsort" xml:space="preserve">x</property><property name="displaytitle" xml:space="preserve">&lt;b&gt;A&lt;/b&gt;PI</property></properties></expandtemplates></api>',
    );
  });

  test('a second sort key or display title without a flag replaces the first with an error; noreplace keeps it', async () => {
    const body = await expand({
      text: '{{DEFAULTSORT:q}}{{DEFAULTSORT:r|noreplace}}{{DISPLAYTITLE:berlin|noreplace}}{{DISPLAYTITLE:<i>Berlin</i>}}',
      title: 'Berlin',
      prop: 'wikitext|properties',
      format: 'json',
      formatversion: '2',
    });
    const answer = JSON.parse(body).expandtemplates;
    assert.deepEqual(answer.properties, { defaultsort: 'q', displaytitle: '<i>Berlin</i>' });
    assert.match(answer.wikitext, /^<span class="error">.*&#60;i&#62;Berlin&#60;\/i&#62;.*berlin.*<\/span>$/);
  });

  test('generatexml: the parse tree beside the answer, as content in formatversion 1; not with prop', async () => {
    assert.equal(
      await expand({ text: 'a{{PAGENAME}}', generatexml: '1', format: 'json' }),
      `{"warnings":{"main":{"*":"${MAILING_LIST}"},"expandtemplates":{"*":"The parameter \\"generatexml\\" has been deprecated.\\n${LEGACY_WARNING}"}},"parsetree":{"*":"<root>a<template><title>PAGENAME</title></template></root>"},"expandtemplates":{"*":"aAPI"}}`,
    );
    assert.match(
      await expand({ text: 'a', generatexml: '1', format: 'json', formatversion: '2' }),
      /"parsetree":"<root>a<\/root>","expandtemplates":\{"wikitext":"a"\}\}$/,
    );
    const mixed = JSON.parse(await expand({ text: 'a', generatexml: '1', prop: 'wikitext', format: 'json' }));
    assert.equal(mixed.error.code, 'invalidparammix');
    assert.equal(mixed.error.info, 'The parameters "prop" and "generatexml" can not be used together.');
  });

  test('revid: its page is the page, with a warning where the title names another; an unknown one is an error', async () => {
    assert.equal(
      await expand({
        text: '{{PAGENAME}}',
        revid: '5',
        title: 'Berlin',
        prop: 'wikitext',
        format: 'json',
        formatversion: '2',
      }),
      '{"warnings":{"expandtemplates":{"warnings":"r5 is not a revision of Berlin."}},"expandtemplates":{"wikitext":"AfghanistanGeography"}}',
    );
    const missing = JSON.parse(await expand({ text: 'a', revid: '99999', prop: 'wikitext', format: 'json' }));
    assert.equal(missing.error.info, 'There is no revision with ID 99999.');
  });

  test('without text, or with a revid that is no integer, the request is refused', async () => {
    const missing = JSON.parse(await expand({ title: 'Berlin', format: 'json' }));
    assert.equal(missing.error.code, 'missingparam');
    assert.equal(missing.error.info, 'The "text" parameter must be set.');
    const bad = JSON.parse(await expand({ text: 'a', revid: 'abc', prop: 'wikitext', format: 'json' }));
    assert.equal(bad.error.code, 'badinteger');
  });

  test('an interwiki title is a bad title; comments stay with includecomments; modules alone warn', async () => {
    const bad = JSON.parse(await expand({ text: 'a', title: 'en:Foo', prop: 'wikitext', format: 'json' }));
    assert.equal(bad.error.code, 'invalidtitle');
    assert.equal(bad.error.info, 'Bad title "en:Foo".');
    assert.equal(
      await expand({ text: '{{PAGENAME}} <!-- c -->', includecomments: '1', prop: 'wikitext', format: 'json' }),
      '{"expandtemplates":{"wikitext":"API <!-- c -->"}}',
    );
    assert.equal(
      await expand({ text: 'a', prop: 'modules', format: 'json', formatversion: '2' }),
      '{"warnings":{"expandtemplates":{"warnings":"Property \\"modules\\" was set but not \\"jsconfigvars\\" or \\"encodedjsconfigvars\\". Configuration variables are necessary for proper module usage."}},"expandtemplates":{"modules":[],"modulescripts":[],"modulestyles":[]}}',
    );
  });

  test('ttl: how long a text showing the current time stays true; none for a given date (an empty answer)', async () => {
    assert.equal(
      await expand({ text: '{{#time:s}}', prop: 'ttl', format: 'json', formatversion: '2' }),
      '{"expandtemplates":{"ttl":1}}',
    );
    assert.equal(
      await expand({ text: '{{#time:Y|2020}}', prop: 'ttl', format: 'json', formatversion: '2' }),
      '{"expandtemplates":[]}',
    );
  });
});
