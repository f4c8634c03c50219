/**
 * api.php as clients see it, on the imported reference wiki: formats and format versions, error
 * formats, request metadata, CORS, methods, and continuation round trips.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { importReferenceWiki, type ReferenceWiki } from '../helpers/reference-wiki.js';

let wiki: ReferenceWiki;
let app: FastifyInstance;

before(async () => {
  wiki = await importReferenceWiki();
  app = await buildApp({ store: wiki.store, site: wiki.site });
});
after(async () => {
  await app.close();
  await wiki.dispose();
});

async function get(params: Record<string, string> | [string, string][], headers: Record<string, string> = {}) {
  const query = new URLSearchParams(Array.isArray(params) ? params : Object.entries(params)).toString();
  return app.inject({ method: 'GET', url: `/api.php?${query}`, headers });
}

/** An English answer of action=query in formatversion 2 with errors as HTML. */
async function htmlAnswer(params: Record<string, string>) {
  const base = { action: 'query', format: 'json', formatversion: '2', errorformat: 'html', uselang: 'en' };
  return (await get({ ...base, ...params })).json();
}

describe('formats', () => {
  const base = { action: 'query', titles: 'Köln' };

  test('formatversion 1 escapes non-ASCII and prints pages keyed by id; utf8 keeps the characters', async () => {
    const fv1 = await get({ ...base, format: 'json' });
    assert.equal(fv1.body, '{"batchcomplete":"","query":{"pages":{"239":{"pageid":239,"ns":0,"title":"K\\u00f6ln"}}}}');
    const utf8 = await get({ ...base, format: 'json', utf8: '1' });
    assert.match(utf8.body, /"title":"Köln"/);
  });

  test('formatversion 2 prints pages as a list, real booleans, UTF-8; ascii escapes', async () => {
    const fv2 = await get({ ...base, format: 'json', formatversion: '2' });
    assert.equal(fv2.body, '{"batchcomplete":true,"query":{"pages":[{"pageid":239,"ns":0,"title":"Köln"}]}}');
    const ascii = await get({ ...base, format: 'json', formatversion: 'latest', ascii: '1' });
    assert.match(ascii.body, /K\\u00f6ln/);
  });

  test('xml prints attributes, keyed pages with _idx, and content as text', async () => {
    const response = await get({ ...base, format: 'xml', apfoo: '1' });
    assert.equal(response.headers['content-type'], 'text/xml; charset=utf-8');
    assert.equal(
      response.body,
      '<?xml version="1.0"?><api batchcomplete=""><warnings><main xml:space="preserve">Unrecognized parameter: apfoo.</main></warnings><query><pages><page _idx="239" pageid="239" ns="0" title="Köln" /></pages></query></api>',
    );
  });

  test('wrappedhtml: the pretty-printed text as HTML in JSON, with status, continue and time', async () => {
    const xml = await get({ ...base, format: 'xmlfm', wrappedhtml: '1', requestid: 'a>b&c' });
    assert.equal(xml.statusCode, 200);
    assert.equal(xml.headers['content-type'], 'text/mediawiki-api-prettyprint-wrapped; charset=utf-8');
    assert.equal(xml.headers['content-disposition'], 'inline; filename=api-result-wrapped.json');
    assert.equal(
      xml.body.replace(/"time":\d+/, '"time":0'),
      '{"status":200,"statustext":"OK","html":"<pre class=\\"api-pretty-content\\">&lt;?xml version=\\"1.0\\"?>\\n&lt;api batchcomplete=\\"\\" requestid=\\"a&amp;gt;b&amp;amp;c\\">\\n  &lt;query>\\n    &lt;pages>\\n      &lt;page _idx=\\"239\\" pageid=\\"239\\" ns=\\"0\\" title=\\"Köln\\" />\\n    &lt;/pages>\\n  &lt;/query>\\n&lt;/api></pre>","modules":["mediawiki.apipretty"],"continue":null,"time":0}',
    );
    const continued = (
      await get({
        action: 'query',
        list: 'allpages',
        aplimit: '1',
        format: 'jsonfm',
        formatversion: '2',
        wrappedhtml: '1',
      })
    ).json();
    assert.deepEqual(continued.continue, { apcontinue: '19_godu_symts', continue: '-||' });
    assert.match(continued.html, /^<pre class="api-pretty-content">\{\n {4}"batchcomplete": true,/);
    // A refused method: its status in the object, the answer itself with 200.
    const refused = await app.inject({ method: 'PUT', url: '/api.php?action=query&format=jsonfm&wrappedhtml=1' });
    assert.equal(refused.statusCode, 200);
    assert.equal(refused.headers['mediawiki-api-error'], 'invalidmethod');
    assert.equal(refused.json().status, 405);
    assert.equal(refused.json().statustext, 'Method Not Allowed');
  });

  test('the xmlfm page shows the XML indented; the jsonfm page shows the callback', async () => {
    const xmlfm = (await get({ ...base, format: 'xmlfm' })).body;
    assert.ok(
      xmlfm.includes(
        '&lt;api batchcomplete=&quot;&quot;&gt;\n  &lt;query&gt;\n    &lt;pages&gt;\n      &lt;page _idx=&quot;239&quot; pageid=&quot;239&quot; ns=&quot;0&quot; title=&quot;Köln&quot; /&gt;\n    &lt;/pages&gt;\n  &lt;/query&gt;\n&lt;/api&gt;</pre>',
      ),
    );
    assert.match((await get({ ...base, format: 'jsonfm', callback: 'cb' })).body, /<pre>\/\*\*\/cb\(\{\n/);
  });

  test("xml: the namespace is the root's last attribute; a revision's slots are <slot> elements keyed by role", async () => {
    const namespaced = await get({ ...base, format: 'xml', includexmlnamespace: '1', requestid: 'r1' });
    assert.equal(
      namespaced.body,
      '<?xml version="1.0"?><api batchcomplete="" requestid="r1" xmlns="http://www.mediawiki.org/xml/api/"><query><pages><page _idx="239" pageid="239" ns="0" title="Köln" /></pages></query></api>',
    );
    const slots = { action: 'query', prop: 'revisions', titles: 'Datei:Beispiel.png', rvslots: 'main' };
    const xml = await get({ ...slots, rvprop: 'ids|content|slotsize', format: 'xml' });
    assert.equal(
      xml.body,
      '<?xml version="1.0"?><api batchcomplete=""><query><pages><page _idx="326" pageid="326" ns="6" title="Datei:Beispiel.png"><revisions><rev revid="353" parentid="0"><slots><slot size="38" contentmodel="wikitext" contentformat="text/x-wiki" role="main" xml:space="preserve">Ein Beispielbild.\n[[Kategorie:Bilder]]</slot></slots></rev></revisions></page></pages></query></api>',
    );
    // JSON keeps them an object keyed by role.
    const json = (await get({ ...slots, rvprop: 'content|slotsize', format: 'json', formatversion: '2' })).json();
    assert.deepEqual(json.query.pages[0].revisions[0].slots, {
      main: {
        size: 38,
        contentmodel: 'wikitext',
        contentformat: 'text/x-wiki',
        content: 'Ein Beispielbild.\n[[Kategorie:Bilder]]',
      },
    });
  });

  test("xml writes an attribute's quotes, line breaks and tabs as character references", async () => {
    const response = await get({ action: 'query', list: 'search', srsearch: 'Berlin', srlimit: '1', format: 'xml' });
    const snippet = /snippet="([^"]*)"/.exec(response.body)?.[1] ?? '';
    assert.match(snippet, /&lt;span class=&#039;searchmatch&#039;&gt;Berlin/);
    assert.match(snippet, /&#10;/);
    assert.doesNotMatch(snippet, /[\n']/);
  });

  test('xml closes an element whose text is empty, as MediaWiki writes it', async () => {
    const response = await get({ action: 'query', meta: 'allmessages', ammessages: 'sitesubtitle', format: 'xml' });
    assert.match(
      response.body,
      /<message name="sitesubtitle" normalizedname="sitesubtitle" xml:space="preserve" \/><\/allmessages>/,
    );
  });

  test("xml closes a list's empty item too (the unrestricted protection level)", async () => {
    const response = await get({ action: 'query', meta: 'siteinfo', siprop: 'restrictions', format: 'xml' });
    assert.match(response.body, /<levels><level \/><level>autoconfirmed<\/level><level>sysop<\/level><\/levels>/);
  });

  test('php prints PHP’s serialize() form', async () => {
    const response = await get({ ...base, format: 'php', formatversion: '2' });
    assert.equal(
      response.body,
      'a:2:{s:13:"batchcomplete";b:1;s:5:"query";a:1:{s:5:"pages";a:1:{i:0;a:3:{s:6:"pageid";i:239;s:2:"ns";i:0;s:5:"title";s:5:"Köln";}}}}',
    );
  });

  test('callback wraps JSON as JSONP', async () => {
    const response = await get({
      action: 'query',
      meta: 'userinfo',
      callback: 'cb',
      format: 'json',
      formatversion: '2',
    });
    assert.equal(response.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(
      response.body,
      '/**/cb({"batchcomplete":true,"query":{"userinfo":{"id":0,"name":"127.0.0.1","anon":true}}})',
    );
  });

  test('without format the answer is an HTML page with a strict CSP; none answers nothing', async () => {
    const html = await get({ action: 'query', meta: 'userinfo' });
    assert.equal(html.headers['content-type'], 'text/html; charset=UTF-8');
    assert.match(String(html.headers['content-security-policy']), /default-src 'none'/);
    assert.match(html.body, /&quot;userinfo&quot;/);
    const none = await get({ action: 'query', meta: 'userinfo', format: 'none' });
    assert.equal(none.body, '');
  });
});

describe('errors and warnings', () => {
  test('plain texts give each run of spaces, tabs and line breaks as one space; html keeps them', async () => {
    const info = async (value: string, format: Record<string, string>) => {
      const body = (
        await get({ action: 'query', list: 'allpages', apdir: value, format: 'json', uselang: 'en', ...format })
      ).json();
      return body.error?.info ?? body.errors[0]['*'];
    };
    assert.equal(await info('a \n\tb', {}), 'Unrecognized value for parameter "apdir": a b.');
    assert.equal(await info('a   b', { errorformat: 'plaintext' }), 'Unrecognized value for parameter "apdir": a b.');
    assert.equal(
      await info('a\u00a0\u00a0b', { errorformat: 'plaintext' }),
      'Unrecognized value for parameter "apdir": a\u00a0\u00a0b.',
    );
    assert.match(await info('a  b', { errorformat: 'html' }), /: a {2}b\./);
  });

  test('a missing section names its revision with the revid message, in every error format', async () => {
    const ask = (format: Record<string, string>) =>
      get({
        action: 'query',
        prop: 'revisions',
        titles: 'Köln',
        rvprop: 'content',
        rvsection: '99',
        format: 'json',
        ...format,
      });
    const raw = (await ask({ errorformat: 'raw' })).json();
    const revid = raw.errors[0].params[1];
    assert.equal(revid.message.key, 'revid');
    assert.equal(typeof revid.message.params[0], 'number');
    const english = (await ask({ uselang: 'en', errorformat: 'plaintext' })).json();
    assert.equal(english.errors[0]['*'], `There is no section 99 in revision ${revid.message.params[0]}.`);
    const german = (await ask({ errorformat: 'plaintext' })).json();
    assert.match(german.errors[0]['*'], new RegExp(`Version ${revid.message.params[0]}`));
    // The id as it is, not as a formatted number (MediaWiki 1.39: "in revision 1650").
    const large = await get({
      action: 'query',
      prop: 'revisions',
      revids: '1650',
      rvsection: '1',
      rvdiffto: 'prev',
      format: 'json',
      uselang: 'en',
    });
    assert.equal(large.json().error.info, 'There is no section 1 in revision 1650.');
  });

  test('errorformat=raw gives keys and parameters; none only codes', async () => {
    const raw = await get({
      action: 'query',
      list: 'allpages',
      apfilterredir: 'bogus',
      errorformat: 'raw',
      format: 'json',
      formatversion: '2',
    });
    assert.equal(raw.headers['mediawiki-api-error'], 'badvalue');
    assert.deepEqual(raw.json().errors, [
      {
        code: 'badvalue',
        key: 'paramvalidator-badvalue-enumnotmulti',
        params: [
          { plaintext: 'apfilterredir' },
          { plaintext: 'bogus' },
          // In the order the module declares its values (paraminfo sorts them).
          { list: [{ plaintext: 'all' }, { plaintext: 'redirects' }, { plaintext: 'nonredirects' }], type: 'text' },
          { num: 3 },
        ],
        module: 'query+allpages',
      },
    ]);
  });

  test('a list of values (U+001F first) for a single-value parameter is notmulti; shown with U+FFFD in texts', async () => {
    for (const [name, value] of [
      ['apdir', '\u001fascending'],
      ['apfrom', '\u001fBer'],
      ['aplimit', '\u001f5'],
      ['apnamespace', '\u001f0\u001f1'],
    ]) {
      const raw = await get({ action: 'query', list: 'allpages', [name]: value, errorformat: 'raw', format: 'json' });
      assert.deepEqual(raw.json().errors[0], {
        code: 'badvalue',
        key: 'paramvalidator-notmulti',
        params: [{ plaintext: name }, { plaintext: value.replaceAll('\u001f', '\ufffd') }],
        module: 'query+allpages',
      });
    }
    const english = await get({ action: 'query', list: 'allpages', apdir: '\u001fx', format: 'json' });
    assert.equal(
      english.json().error.info,
      'Parameter "apdir" accepts only a single value. U+001F multi-value separation may only be used for multi-valued parameters.',
    );
    // A multi-value's own U+001F, shown by qqx, comes out as U+FFFD in every text format.
    for (const errorformat of ['plaintext', 'html']) {
      const qqx = await get({
        action: 'query',
        list: 'allpages',
        apprtype: '\u001fedit\u001fbogus',
        errorformat,
        uselang: 'qqx',
        format: 'json',
        formatversion: '2',
      });
      const warning = qqx.json().warnings[0];
      assert.equal(
        warning.text ?? warning.html,
        '(paramvalidator-unrecognizedvalues: apprtype, \ufffdedit\ufffdbogus, bogus, 1)',
      );
    }
  });

  test('an unknown action is badvalue; login by GET is mustbeposted', async () => {
    const unknown = await get({ action: 'frobnicate', format: 'json' });
    assert.equal(unknown.json().error.info, 'Unrecognized value for parameter "action": frobnicate.');
    const login = await get({ action: 'login', format: 'json' });
    assert.equal(login.headers['mediawiki-api-error'], 'mustbeposted');
  });

  test('a deprecated parameter is warned about, with the pointer to the announcement list', async () => {
    const body = (
      await get({ action: 'paraminfo', modules: 'query+allpages', mainmodule: '1', format: 'json', formatversion: '2' })
    ).json();
    assert.equal(body.warnings.paraminfo.warnings, 'The parameter "mainmodule" has been deprecated.');
    assert.match(body.warnings.main.warnings, /^Subscribe to the mediawiki-api-announce mailing list at <https:/);
  });

  test('a refused printer parameter: the action runs, the printer fails, its error is printed', async () => {
    const keys = async (params: Record<string, string>) => {
      const response = await get({ action: 'query', format: 'json', formatversion: '3', uselang: 'en', ...params });
      assert.equal(response.headers['mediawiki-api-error'], 'badvalue');
      return { body: response.json(), order: Object.keys(response.json()).join(' ') };
    };
    // Nothing warned before: the printer's warnings go on top, above the error.
    const quiet = await keys({ meta: 'userinfo', errorformat: 'plaintext' });
    assert.equal(quiet.order, 'warnings errors *');
    assert.deepEqual(
      quiet.body.warnings.map((w: { code: string; module: string }) => `${w.code} ${w.module}`),
      ['errorprinterfailed main', 'badvalue json'],
    );
    // The action warned (an unknown parameter): the error goes above the warnings, which keep their order.
    const warned = await keys({ meta: 'userinfo', errorformat: 'plaintext', foo: '1' });
    assert.equal(warned.order, 'errors warnings *');
    assert.deepEqual(
      warned.body.warnings.map((w: { code: string }) => w.code),
      ['unrecognizedparams', 'errorprinterfailed', 'badvalue'],
    );
    // The action's own error is the one printed.
    const failed = await keys({ list: 'allpages', apdir: 'bad' });
    assert.equal(failed.order, 'warnings error');
    assert.equal(failed.body.error.info, 'Unrecognized value for parameter "apdir": bad.');
  });

  test('errorformat=html escapes the text between tags, quotes as they are', async () => {
    const response = await get({
      action: 'query',
      list: 'allpages',
      aplimit: 'a<b',
      format: 'json',
      formatversion: '2',
      errorformat: 'html',
      uselang: 'en',
    });
    assert.equal(response.json().errors[0].html, 'Invalid value "a&lt;b" for integer parameter "aplimit".');
  });

  test('in the html error format, bare URLs of a message are links', async () => {
    const response = await get({
      action: 'query',
      list: 'allrevisions',
      arvdifftotext: 'x',
      format: 'json',
      formatversion: '2',
      errorformat: 'html',
      uselang: 'en',
    });
    const help = response.json().warnings.find((w: { code: string }) => w.code === 'deprecation-help');
    const url = 'https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/';
    assert.equal(
      help.html,
      `Subscribe to the mediawiki-api-announce mailing list at &lt;<a rel="nofollow" class="external free" href="${url}">${url}</a>&gt; for notice of API deprecations and breaking changes.`,
    );
  });

  test('in the html error format, a lone protocol is no link and a numeric character reference stays as written', async () => {
    const html = async (params: Record<string, string>) => (await htmlAnswer(params)).errors[0].html;
    assert.equal(
      await html({ titles: 'Berlin', prop: 'extlinks', elprotocol: 'https://' }),
      'Unrecognized value for parameter "elprotocol": https://.',
    );
    // The value is escaped as wikitext (`|` as `&#124;`), which the parsed message keeps.
    assert.equal(await html({ list: 'allfileusages', afprefix: '|<b>' }), 'Bad title "&#124;&#60;b&#62;".');
  });

  test('in the html error format, the validator puts values in as plain text; a parsed message has French spacing', async () => {
    const answer = htmlAnswer;
    // A value is neither parsed (no link, no no-break space, its nowiki shown) nor read for
    // entities, and escaped with both quotes.
    assert.equal(
      (await answer({ list: 'allpages', apdir: `&amp; ! https://example.org/ <nowiki>x</nowiki> 'q"` })).errors[0].html,
      'Unrecognized value for parameter "apdir": &amp;amp; ! https://example.org/ &lt;nowiki&gt;x&lt;/nowiki&gt; &#039;q&quot;.',
    );
    assert.equal(
      (await answer({ meta: 'siteinfo', siprop: 'general|!|x %' })).warnings[0].html,
      'Unrecognized values for parameter "siprop": !, x %',
    );
    // languageinfo's own warning lists the codes as wikitext, which the parser spaces.
    assert.equal(
      (await answer({ meta: 'languageinfo', licode: 'K|!' })).warnings[0].html,
      'Unrecognized values for parameter <var>licode</var>: K,&#160;!.',
    );
    // The parsed text's no-break spaces are written as references, a plain value's stay
    // characters; a combining long solidus overlay is escaped in both.
    assert.equal(
      (await answer({ list: 'allpages', apdir: 'a\u00a0b\u0338' })).errors[0].html,
      'Unrecognized value for parameter "apdir": a\u00a0b&#x338;.',
    );
    assert.equal(
      (await answer({ meta: 'languageinfo', licode: 'K\u00a0b\u0338' })).warnings[0].html,
      'Unrecognized value for parameter <var>licode</var>: K&#160;b&#x338;.',
    );
  });

  test('modules a continuation skips have their parameters read before the page set; once the generator is done there are no pages', async () => {
    const skipped = await get({
      action: 'query',
      prop: 'linkshere|info',
      revids: '372|179',
      inprop: 'readable',
      redirects: '1',
      continue: '||info',
      format: 'json',
      formatversion: '2',
      errorformat: 'raw',
    });
    assert.deepEqual(
      skipped.json().warnings.map((w: { code: string }) => w.code),
      ['deprecation', 'deprecation-help', 'redirectsandrevids'],
    );
    const done = await get({ action: 'query', titles: 'Berlin', prop: 'info', continue: '-||', format: 'json' });
    assert.deepEqual(done.json(), { batchcomplete: '' });
    // The generator's parameters are still checked when it is done.
    const badLimit = await get({
      action: 'query',
      generator: 'allpages',
      gaplimit: 'abc',
      continue: '-||',
      format: 'json',
    });
    assert.equal(badLimit.json().error.code, 'badinteger');
  });

  test("the unrecognized-parameter warning, raw: MediaWiki's key, each name keyed by its position", async () => {
    const raw = await get({
      action: 'query',
      titles: 'Berlin',
      format: 'json',
      formatversion: '2',
      errorformat: 'raw',
      foo: '1',
      bar: '2',
    });
    assert.deepEqual(raw.json().warnings, [
      {
        code: 'unrecognizedparams',
        key: 'apierror-unrecognizedparams',
        params: [{ list: { 5: 'foo', 6: 'bar' }, type: 'comma' }, 2],
        module: 'main',
      },
    ]);
  });

  test("the page set's parameters are read before the query's own: their errors and warnings come first", async () => {
    const refused = (await get({ action: 'query', list: 'bogus', pageids: 'abc', format: 'json' })).json();
    assert.equal(refused.error.code, 'badinteger');
    assert.equal(refused.warnings, undefined);
    const warned = await htmlAnswer({ titles: '\u001fA\u001fB\u0001', prop: 'bogus', exportschema: '0.10' });
    assert.deepEqual(
      warned.warnings.map((w: { code: string }) => w.code),
      ['badutf8', 'unrecognizedvalues'],
    );
    // A boolean in PHP's array syntax is only absent, without the warning of other parameters.
    const array = (
      await get({ action: 'query', titles: 'Berlin', 'export[]': '1', 'indexpageids[]': '1', format: 'json' })
    ).json();
    assert.equal(array.warnings, undefined);
    assert.equal(array.query.export, undefined);
  });

  test('two page sources are refused by the query, also under a generator and once it is done', async () => {
    for (const extra of [{}, { generator: 'links' }, { generator: 'links', continue: '-||' }]) {
      const answer = await htmlAnswer({ titles: 'Berlin', pageids: '236', ...extra });
      assert.deepEqual(
        answer.errors.map((e: { code: string; module: string }) => [e.code, e.module]),
        [['multisource', 'query']],
        JSON.stringify(extra),
      );
    }
  });

  test('a module that reads its parameters twice repeats a warning only where the answer cleans its text', async () => {
    const codes = async (params: Record<string, string>) => {
      const body = (await get({ action: 'query', format: 'json', formatversion: '2', ...params })).json();
      return Array.isArray(body.warnings) ? body.warnings.map((w: { code: string }) => w.code) : body.warnings;
    };
    // The raw value, given with U+001F separators, is a parameter of the raw format: shown twice.
    assert.deepEqual(await codes({ list: 'allrevisions', arvnamespace: '\u001f0\u001fx', errorformat: 'raw' }), [
      'unrecognizedvalues',
      'unrecognizedvalues',
    ]);
    // Written with pipes, or in a format whose text names only the bad value, it is given once.
    assert.deepEqual(await codes({ list: 'allrevisions', arvnamespace: '0|x', errorformat: 'raw' }), [
      'unrecognizedvalues',
    ]);
    assert.deepEqual(await codes({ list: 'allrevisions', arvnamespace: '\u001f0\u001fx', errorformat: 'plaintext' }), [
      'unrecognizedvalues',
    ]);
    assert.deepEqual(await codes({ list: 'allrevisions', arvnamespace: '\u001f0\u001fx' }), {
      allrevisions: { warnings: 'Unrecognized value for parameter "arvnamespace": x' },
    });
    // A module that reads its parameters once gives it once.
    assert.deepEqual(await codes({ list: 'allusers', augroup: '\u001fsysop\u001fx', errorformat: 'raw' }), [
      'unrecognizedvalues',
    ]);
  });

  test('a malformed continue value is badcontinue', async () => {
    const response = await get({ action: 'query', list: 'allpages', continue: 'nonsense', format: 'json' });
    assert.equal(response.json().error.code, 'badcontinue');
  });

  test('hostile input is answered, never a 500', async () => {
    for (const value of ['x'.repeat(10_000), "'; DROP TABLE page; --", '<script>alert(1)</script>', '\u0000\ud800']) {
      const response = await get({ action: 'query', list: 'allpages', apfrom: value, titles: value, format: 'json' });
      assert.equal(response.statusCode, 200, value.slice(0, 20));
      assert.ok(response.json());
    }
  });
});

describe('page set', () => {
  test('interwiki titles carry their URL with iwurl', async () => {
    const body = (
      await get({ action: 'query', titles: 'en:Berlin|Berlin', iwurl: '1', format: 'json', formatversion: '2' })
    ).json();
    assert.deepEqual(body.query.interwiki, [
      { title: 'en:Berlin', iw: 'en', url: 'https://en.wikipedia.org/wiki/Berlin' },
    ]);
    assert.equal(body.query.pages[0].title, 'Berlin');
  });

  test('interwiki titles are normalised to their prefixed text, without the fragment, and kept once', async () => {
    const body = (
      await get({
        action: 'query',
        titles: 'EN:foo_bar_#Some section|:en:foo bar|en:Foo bar',
        iwurl: '1',
        format: 'json',
        formatversion: '2',
      })
    ).json();
    assert.deepEqual(body.query.normalized, [
      { fromencoded: false, from: 'EN:foo_bar_#Some section', to: 'en:foo bar' },
      { fromencoded: false, from: ':en:foo bar', to: 'en:foo bar' },
    ]);
    assert.deepEqual(body.query.interwiki, [
      { title: 'en:foo bar', iw: 'en', url: 'https://en.wikipedia.org/wiki/foo_bar' },
      { title: 'en:Foo bar', iw: 'en', url: 'https://en.wikipedia.org/wiki/Foo_bar' },
    ]);
  });

  test('missing, invalid and special titles get negative ids; pageids that do not exist are missing', async () => {
    const body = (
      await get({ action: 'query', titles: 'Gibtsnicht|Foo[bar]|Spezial:Suche', format: 'json', formatversion: '2' })
    ).json();
    // As a list, in the order of the fake ids: the missing title's (given last) first.
    assert.deepEqual(body.query.pages, [
      // formatversion 2 lists them by id, as MediaWiki does: -3, -2, -1.
      { ns: 0, title: 'Gibtsnicht', missing: true },
      { ns: -1, title: 'Spezial:Suche', special: true },
      { title: 'Foo[bar]', invalidreason: 'The requested page title contains invalid characters: "[".', invalid: true },
    ]);
    const ids = (await get({ action: 'query', pageids: '999999', format: 'json', formatversion: '2' })).json();
    assert.deepEqual(ids.query.pages, [{ pageid: 999999, missing: true }]);
  });

  test('a redirect that is also the target of another is resolved once and never listed as a page', async () => {
    const params = { action: 'query', redirects: '1', format: 'json', formatversion: '2' };
    for (const titles of ['Doppelte Weiterleitung|BRD', 'BRD|Doppelte Weiterleitung']) {
      const body = (await get({ ...params, titles })).json();
      assert.deepEqual(body.query.pages, [{ pageid: 248, ns: 0, title: 'Deutschland' }], titles);
      assert.deepEqual(
        body.query.redirects,
        [
          { from: 'BRD', to: 'Deutschland' },
          { from: 'Doppelte Weiterleitung', to: 'BRD' },
        ],
        titles,
      );
    }
  });

  test('a title with a control character is invalid, listed as normalised from its encoded form, and well-formed XML', async () => {
    const body = (
      await get({ action: 'query', titles: 'A\u0001B|C\u0002', format: 'json', formatversion: '2' })
    ).json();
    // As MediaWiki 1.39 answers it: the character replaced, the sent title percent-encoded.
    assert.deepEqual(body.query.normalized, [
      { fromencoded: true, from: 'A%01B', to: 'A\uFFFDB' },
      { fromencoded: true, from: 'C%02', to: 'C\uFFFD' },
    ]);
    const reason = 'The requested page title contains an invalid UTF-8 sequence.';
    assert.deepEqual(body.query.pages, [
      { title: 'C\uFFFD', invalidreason: reason, invalid: true },
      { title: 'A\uFFFDB', invalidreason: reason, invalid: true },
    ]);
    const xml = (await get({ action: 'query', titles: 'A\u0001B', format: 'xml' })).body;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the answer must carry none of them
    assert.doesNotMatch(xml, /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    assert.match(xml, /<n fromencoded="" from="A%01B" to="A\uFFFDB" \/>/);
  });

  test('export gives the pages in MediaWiki’s XML export format, inside the answer or alone', async () => {
    const wrapped = (await get({ action: 'query', titles: 'Kurz', export: '1', format: 'json' })).json();
    assert.match(
      wrapped.query.export['*'],
      /<text bytes="5" sha1="tnabmmd7gbzhubjuq7xyjdncr4vi59w" xml:space="preserve">Kurz\.<\/text>/,
    );
    const raw = await get({ action: 'query', titles: 'Kurz', export: '1', exportnowrap: '1' });
    assert.equal(raw.headers['content-type'], 'text/xml; charset=utf-8');
    assert.match(raw.body, /^<mediawiki xmlns="http:\/\/www.mediawiki.org\/xml\/export-0.11\/"/);
  });

  test('a continued list whose page set is done exports nothing', async () => {
    const first = (await get({ action: 'query', list: 'allpages', aplimit: '2', export: '1', format: 'json' })).json();
    assert.equal(typeof first.query.export['*'], 'string');
    const next = (
      await get({ action: 'query', list: 'allpages', aplimit: '2', export: '1', format: 'json', ...first.continue })
    ).json();
    assert.equal(next.query.export, undefined);
    assert.equal(next.query.allpages.length, 2);
  });

  test('exportschema 0.10 writes the older schema: no origin, no sha1 of the text; others are refused', async () => {
    const old = (await get({ action: 'query', titles: 'Kurz', export: '1', exportnowrap: '1', exportschema: '0.10' }))
      .body;
    assert.match(old, /^<mediawiki xmlns="http:\/\/www.mediawiki.org\/xml\/export-0.10\/".* version="0.10"/);
    assert.match(old, /<text bytes="5" xml:space="preserve">Kurz\.<\/text>/);
    assert.doesNotMatch(old, /<origin>/);
    const bad = await get({
      action: 'query',
      exportschema: '0.9',
      format: 'json',
      errorformat: 'raw',
      formatversion: '2',
    });
    assert.deepEqual(bad.json().errors[0].params[2], {
      list: [{ plaintext: '0.10' }, { plaintext: '0.11' }],
      type: 'text',
    });
  });

  test('an invalid title gives its reason as the error format gives a message', async () => {
    const reason = async (errorformat: string) =>
      (
        await get({ action: 'query', titles: 'A{', errorformat, uselang: 'en', format: 'json', formatversion: '2' })
      ).json().query.pages[0].invalidreason;
    assert.equal(await reason('bc'), 'The requested page title contains invalid characters: "{".');
    assert.deepEqual(await reason('plaintext'), {
      code: 'title-invalid-characters',
      text: 'The requested page title contains invalid characters: "{".',
    });
    // The title, escaped as wikitext, is the reason's last parameter.
    assert.deepEqual(await reason('raw'), {
      code: 'title-invalid-characters',
      key: 'title-invalid-characters',
      params: ['{', 'A&#123;'],
    });
    assert.deepEqual(await reason('none'), { code: 'title-invalid-characters' });
    // A byte limit is marked as a number, as MediaWiki's raw parameters mark one.
    const long = 'x'.repeat(300);
    const tooLong = (
      await get({ action: 'query', titles: long, errorformat: 'raw', format: 'json', formatversion: '2' })
    ).json().query.pages[0].invalidreason;
    assert.deepEqual(tooLong.params, [{ num: 255 }, long]);
    const text = (
      await get({ action: 'query', titles: long, uselang: 'en', format: 'json', formatversion: '2' })
    ).json().query.pages[0].invalidreason;
    assert.match(text, /no longer than 255 bytes in UTF-8/);
  });

  test('the magic tilde reason keeps its <nowiki> in bc and wikitext, and shows only its text otherwise', async () => {
    const reason = async (errorformat: string) =>
      (
        await get({ action: 'query', titles: '~~~', errorformat, uselang: 'en', format: 'json', formatversion: '2' })
      ).json().query.pages[0].invalidreason;
    const marked = 'The requested page title contains invalid magic tilde sequence (<nowiki>~~~</nowiki>).';
    const shown = 'The requested page title contains invalid magic tilde sequence (~~~).';
    assert.equal(await reason('bc'), marked);
    assert.deepEqual(await reason('wikitext'), { code: 'title-invalid-magic-tilde', text: marked });
    assert.deepEqual(await reason('plaintext'), { code: 'title-invalid-magic-tilde', text: shown });
    assert.deepEqual(await reason('html'), { code: 'title-invalid-magic-tilde', html: shown });
  });

  test('revids=0 gives badrevids as a list; missing titles take fake ids by the namespaces of all titles', async () => {
    const bad = (await get({ action: 'query', revids: '0', format: 'json' })).json();
    assert.deepEqual(bad.query.badrevids, [{ revid: 0, missing: '' }]);
    const pages = (
      await get({
        action: 'query',
        titles: 'Testwiki:Vandaļu gors|Diskussion:Fehlt|Testwiki:Gibtsnicht',
        format: 'json',
      })
    ).json().query.pages;
    // Namespace 4 came first (with a page that exists), so its missing title is -1.
    assert.equal(pages['-1'].title, 'Testwiki:Gibtsnicht');
    assert.equal(pages['-2'].title, 'Diskussion:Fehlt');
  });

  test('a missing MediaWiki: page whose message the software ships is known', async () => {
    const pages = (
      await get({
        action: 'query',
        titles: 'MediaWiki:Mainpage|MediaWiki:Mainpage/xx|MediaWiki:Gibtsnicht',
        format: 'json',
        formatversion: '2',
      })
    ).json().query.pages;
    const known = Object.fromEntries(pages.map((p: { title: string; known?: boolean }) => [p.title, p.known]));
    assert.deepEqual(known, {
      'MediaWiki:Mainpage': true,
      'MediaWiki:Mainpage/xx': true,
      'MediaWiki:Gibtsnicht': undefined,
    });
  });

  test('a title cleaning changed is reported encoded, before the titles normalised as given', async () => {
    const body = (
      await get({ action: 'query', titles: 'talk:X|Ko\u0308ln|talk:X', format: 'json', formatversion: '2' })
    ).json();
    assert.deepEqual(body.query.normalized, [
      { fromencoded: true, from: 'Ko%CC%88ln', to: 'K\u00f6ln' },
      { fromencoded: false, from: 'talk:X', to: 'Diskussion:X' },
    ]);
  });

  test('a recentchanges generator re-runs from its first change while prop modules continue', async () => {
    const base = { action: 'query', format: 'json', formatversion: '2' };
    const first = (await get({ ...base, list: 'recentchanges', rclimit: '1', rcprop: 'timestamp|ids' })).json();
    const change = first.query.recentchanges[0];
    const stamp = (change.timestamp as string).replace(/\D/g, '');
    const body = (
      await get({ ...base, generator: 'recentchanges', grclimit: '30', prop: 'contributors', pclimit: '1' })
    ).json();
    assert.equal(body.continue.grccontinue, `${stamp}|${change.rcid}`);
    assert.equal(body.continue.continue, 'grccontinue||');
  });

  test('indexpageids lists the ids in page order', async () => {
    const body = (
      await get({
        action: 'query',
        titles: 'Hamburg|Berlin|Gibtsnicht',
        indexpageids: '1',
        format: 'json',
        formatversion: '2',
      })
    ).json();
    assert.deepEqual(body.query.pageids, ['-1', '236', '237']);
  });
});

describe('request metadata', () => {
  test('servedby names the host where the wiki shows host names: when asked, and on every error', async () => {
    const site = { ...wiki.site, settings: { ...wiki.site.settings, ShowHostnames: true } };
    const showing = await buildApp({ store: wiki.store, site });
    try {
      const ask = async (params: Record<string, string>) =>
        (await showing.inject({ method: 'GET', url: `/api.php?${new URLSearchParams(params)}` })).json();
      assert.equal(typeof (await ask({ action: 'query', servedby: '1', format: 'json' })).servedby, 'string');
      assert.equal((await ask({ action: 'query', format: 'json' })).servedby, undefined);
      const error = await ask({ action: 'query', list: 'allpages', aplimit: 'x', format: 'json' });
      assert.equal(error.error.code, 'badinteger');
      assert.equal(typeof error.servedby, 'string');
    } finally {
      await showing.close();
    }
  });

  test('requestid, servedby, curtimestamp and responselanginfo', async () => {
    const response = await get({
      action: 'query',
      requestid: 'r1',
      servedby: '1',
      curtimestamp: '1',
      responselanginfo: '1',
      format: 'json',
      formatversion: '2',
    });
    const body = response.json();
    assert.equal(body.requestid, 'r1');
    // No host name unless the wiki shows them ($wgShowHostnames), as MediaWiki.
    assert.equal(body.servedby, undefined);
    assert.match(body.curtimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(body.uselang, 'de');
    assert.equal(body.errorlang, 'en');
    // Added before the action ran: after what goes on top of the answer, before the results.
    const listed = await get({
      action: 'query',
      list: 'allpages',
      aplimit: 'max',
      apnamespace: '6',
      unknownparam: '1',
      requestid: 'r2',
      curtimestamp: '1',
      responselanginfo: '1',
      format: 'json',
    });
    assert.deepEqual(Object.keys(listed.json()), [
      'warnings',
      'batchcomplete',
      'requestid',
      'curtimestamp',
      'uselang',
      'errorlang',
      'limits',
      'query',
    ]);
    const failed = await get({ action: 'query', list: 'allpages', aplimit: 'x', requestid: 'r3', format: 'json' });
    assert.deepEqual(Object.keys(failed.json()), ['error', 'requestid']);
  });

  test('smaxage and maxage make the answer cacheable', async () => {
    const response = await get({ action: 'query', meta: 'siteinfo', smaxage: '60', maxage: '30', format: 'json' });
    assert.equal(response.headers['cache-control'], 's-maxage=60, max-age=30, public');
    assert.equal(response.headers.vary, 'Accept-Encoding, Treat-as-Untrusted, Cookie');
    const expires = Date.parse(response.headers.expires as string) - Date.now();
    assert.ok(expires > 20_000 && expires <= 31_000, `expires in ${expires} ms, the shorter of the two ages`);
    assert.equal(response.headers['content-disposition'], 'inline; filename=api-result.json');
    const plain = await get({ action: 'query', meta: 'siteinfo', format: 'json' });
    assert.equal(plain.headers['cache-control'], 'private, must-revalidate, max-age=0');
    // Tokens are the session's: no shared cache keeps them, whatever the ages.
    const tokens = await get({ action: 'query', meta: 'tokens', smaxage: '60', maxage: '30', format: 'json' });
    assert.equal(tokens.headers['cache-control'], 'private, must-revalidate, max-age=30');
    // An error is the client's alone; before the action is known, not even for maxage.
    const failed = await get({ action: 'query', list: 'allpages', aplimit: 'x', maxage: '30', format: 'json' });
    assert.equal(failed.headers['cache-control'], 'private, must-revalidate, max-age=30');
    const unknown = await get({ action: 'nosuchaction', maxage: '30', format: 'json' });
    assert.equal(unknown.headers['cache-control'], 'private, must-revalidate, max-age=0');
  });

  test('siteinfo: variantarticlepath stays false in formatversion 1 and PHP, protorel only in formatversion 2, no replica lag', async () => {
    const php = (await get({ action: 'query', meta: 'siteinfo', format: 'php' })).body;
    assert.match(php, /s:18:"variantarticlepath";b:0;/);
    const v1 = (await get({ action: 'query', meta: 'siteinfo', siprop: 'interwikimap', format: 'json' })).json();
    assert.ok(v1.query.interwikimap.length > 0);
    assert.ok(v1.query.interwikimap.every((iw: object) => !('protorel' in iw)));
    const v2 = (
      await get({ action: 'query', meta: 'siteinfo', siprop: 'interwikimap', format: 'json', formatversion: '2' })
    ).json();
    assert.equal(v2.query.interwikimap[0].protorel, false);
    const lag = (
      await get({ action: 'query', meta: 'siteinfo', siprop: 'dbrepllag', format: 'json', formatversion: '2' })
    ).json();
    assert.deepEqual(lag.query.dbrepllag, [{ host: '', lag: -1 }], 'a store without replicas: a lone primary');
  });

  test("siteinfo's default preferences and userinfo's preferences keep their booleans in formatversion 1", async () => {
    const defaults = (
      await get({ action: 'query', meta: 'siteinfo', siprop: 'defaultoptions', format: 'json' })
    ).json();
    assert.equal(defaults.query.defaultoptions['search-match-redirect'], true);
    assert.equal(defaults.query.defaultoptions.minordefault, 0);
    const options = (await get({ action: 'query', meta: 'userinfo', uiprop: 'options', format: 'json' })).json();
    assert.equal(options.query.userinfo.options['search-match-redirect'], true);
  });

  test('siteinfo lists the URL protocols as configured, the protocol-relative // last', async () => {
    const answer = (
      await get({ action: 'query', meta: 'siteinfo', siprop: 'protocols', format: 'json', formatversion: '2' })
    ).json();
    const { protocols } = answer.query;
    assert.deepEqual(protocols.slice(4, 8), ['git://', 'gopher://', 'http://', 'https://']);
    assert.equal(protocols.at(-1), '//');
    assert.equal(protocols.length, 29);
  });

  test('formatversion 1 prints maps left empty as {}', async () => {
    const links = (await get({ action: 'query', list: 'alllinks', alprop: '', allimit: '2', format: 'json' })).json();
    assert.deepEqual(links.query.alllinks, [{}, {}]);
    const anonymous = async (attachedwiki: string) =>
      (
        await get({
          action: 'query',
          meta: 'userinfo',
          uiprop: 'centralids|latestcontrib',
          uiattachedwiki: attachedwiki,
          format: 'json',
        })
      ).json().query.userinfo;
    const info = await anonymous('0');
    assert.deepEqual(info.attachedlocal, {});
    assert.ok(!('attachedwiki' in info), 'a wiki id of 0 asks about no wiki');
    assert.ok(!('latestcontrib' in info), 'an address has no latest contribution');
    assert.deepEqual((await anonymous('testwiki')).attachedwiki, {});
  });

  test('limit=max reports the limit it stood for', async () => {
    const response = await get({
      action: 'query',
      list: 'allpages',
      aplimit: 'max',
      apnamespace: '12',
      format: 'json',
      formatversion: '2',
    });
    assert.deepEqual(response.json().limits, { allpages: 500 });
  });

  test('limits come after query when the page set was written before the first max was read', async () => {
    const order = async (params: Record<string, string>) =>
      Object.keys((await get({ action: 'query', format: 'json', ...params })).json()).join(' ');
    assert.equal(await order({ list: 'allpages', aplimit: 'max', apfrom: 'Zz' }), 'batchcomplete limits query');
    assert.equal(await order({ titles: 'Berlin', prop: 'images', imlimit: 'max' }), 'batchcomplete query limits');
  });

  test('redirects with revids warn with a generator too', async () => {
    const body = (
      await get({ action: 'query', generator: 'templates', revids: '370', redirects: '1', format: 'json' })
    ).json();
    assert.match(body.warnings.query['*'], /^Redirect resolution cannot be used together with the "revids" parameter/);
  });
});

describe('CORS and methods', () => {
  test('origin=* answers anonymously with CORS headers', async () => {
    const response = await get(
      { action: 'query', meta: 'userinfo', origin: '*', format: 'json' },
      { origin: 'https://example.org' },
    );
    assert.equal(response.headers['access-control-allow-origin'], '*');
    assert.equal(response.statusCode, 200);
  });

  test('an origin that is not the Origin header is refused with 403', async () => {
    const response = await get(
      { action: 'query', origin: 'https://a.example', format: 'json' },
      { origin: 'https://b.example' },
    );
    assert.equal(response.statusCode, 403);
    assert.equal(response.headers['content-type'], 'text/html; charset=UTF-8');
    assert.equal(response.body, "'origin' parameter does not match Origin header\n");
  });

  test('OPTIONS is answered empty once CORS is checked; a preflight of origin=* learns what it may send', async () => {
    const plain = await app.inject({ method: 'OPTIONS', url: '/api.php?action=query' });
    assert.equal(plain.statusCode, 200);
    assert.equal(plain.body, '');
    assert.equal(plain.headers['access-control-allow-origin'], undefined);
    const preflight = {
      origin: 'https://a.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'Api-User-Agent, content-type',
    };
    const ok = await app.inject({ method: 'OPTIONS', url: '/api.php?origin=*', headers: preflight });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers['access-control-allow-origin'], '*');
    assert.equal(ok.headers['access-control-allow-methods'], 'POST, GET, HEAD');
    assert.equal(ok.headers['access-control-allow-headers'], 'Api-User-Agent, content-type');
    const unlisted = await app.inject({
      method: 'OPTIONS',
      url: '/api.php?origin=*',
      headers: { ...preflight, 'access-control-request-headers': 'X-Secret' },
    });
    assert.equal(unlisted.headers['access-control-allow-origin'], undefined);
    assert.equal(unlisted.headers['mediawiki-cors-rejection'], 'Unsupported header requested in preflight');
    const refused = await app.inject({ method: 'OPTIONS', url: '/api.php?origin=https://a.example' });
    assert.equal(refused.statusCode, 403);
  });

  test("a boolean is never unclean; the printer's warnings come last; a refused uselang keeps the error format", async () => {
    const boolean = (await get({ action: 'query', titles: 'Berlin', redirects: 'x\u001f', format: 'json' })).json();
    assert.equal(boolean.warnings, undefined);
    // The page set's parameters are all read before its first error ends the request.
    const arrays = await get([
      ['action', 'query'],
      ['pageids', 'abc'],
      ['revids[]', '1'],
      ['generator[]', 'images'],
      ['titles[]', 'Berlin'],
      ['format', 'json'],
    ]);
    assert.equal(arrays.json().error.code, 'badinteger');
    assert.equal(
      arrays.json().warnings.main['*'],
      ['titles', 'revids', 'generator']
        .map((name) => `Parameter "${name}" uses unsupported PHP array syntax.`)
        .join('\n'),
    );
    const callback = await get({ action: 'query', titles: 'Berlin', format: 'json', callback: 'f\u001f' });
    assert.match(callback.body, /^\/\*\*\/f\(\{"warnings":\{"json":/);
    const refused = (
      await get({
        action: 'query',
        format: 'json',
        formatversion: '2',
        errorformat: 'plaintext',
        uselang: '\u001fde\u001fen',
      })
    ).json();
    assert.deepEqual(refused.errors[0], {
      code: 'badvalue',
      text: 'Der Parameter „uselang“ akzeptiert nur einen einzigen Wert. U+001F-Mehrwerttrennung darf nur für mehrwertige Parameter verwendet werden.',
      module: 'main',
    });
  });

  test("siteinfo, titles and templates follow the content language's magic words and special page names", async () => {
    const expected = {
      en: {
        redirect: ['#REDIRECT'],
        recent: ['RecentChanges'],
        pagename: 'Spezial:RecentChanges',
        trail: '/^([a-z]+)(.*)$/sD',
      },
      ru: {
        redirect: ['#перенаправление', '#перенапр', '#REDIRECT'],
        recent: ['Свежие_правки', 'RecentChanges'],
        pagename: 'Spezial:Свежие правки',
        trail: '/^([a-zабвгдеёжзийклмнопрстуфхцчшщъыьэюя]+)(.*)$/sDu',
      },
    };
    for (const [language, facts] of Object.entries(expected)) {
      const other = await buildApp({ store: wiki.store, site: { ...wiki.site, language } });
      try {
        const get = async (params: string) =>
          (await other.inject({ method: 'GET', url: `/api.php?format=json&formatversion=2&${params}` })).json();
        const info = (await get('action=query&meta=siteinfo&siprop=general|magicwords|specialpagealiases')).query;
        assert.deepEqual(info.magicwords.find((m: { name: string }) => m.name === 'redirect').aliases, facts.redirect);
        const recent = info.specialpagealiases.find((p: { realname: string }) => p.realname === 'Recentchanges');
        assert.deepEqual(recent.aliases, facts.recent, language);
        assert.equal(info.general.linktrail, facts.trail);
        // The site keeps the reference wiki's (German) namespace names; the page's name is the language's.
        const normalized = (await get('action=query&titles=Spezial:Recentchanges')).query.normalized;
        assert.equal(normalized[0].to, facts.pagename, language);
        const text = '{{НАЗВАНИЕ_СТРАНИЦЫ}}|{{SEITENNAME}}|{{#если:x|a|b}}';
        const expanded = await get(`action=expandtemplates&title=Test&prop=wikitext&text=${encodeURIComponent(text)}`);
        assert.equal(
          expanded.expandtemplates.wikitext,
          language === 'ru'
            ? 'Test|[[:Vorlage:SEITENNAME]]|a'
            : '[[:Vorlage:НАЗВАНИЕ СТРАНИЦЫ]]|[[:Vorlage:SEITENNAME]]|{{#если:x|a|b}}',
        );
      } finally {
        await other.close();
      }
    }
  });

  test('a warning given twice stays twice where its text shows what the answer cleans (qqx)', async () => {
    // alldeletedrevisions reads its parameters twice; a multi-value sent with U+001F shows in
    // qqx's text, which MediaWiki then does not take for the first one's.
    const count = async (params: string) => {
      const url = `/api.php?action=query&list=alldeletedrevisions&adrnamespace=%1Fx&format=json&formatversion=2&${params}`;
      return (await app.inject({ method: 'GET', url })).json().warnings.length;
    };
    assert.equal(await count('errorformat=plaintext&uselang=qqx'), 2);
    assert.equal(await count('errorformat=html&uselang=qqx'), 2);
    assert.equal(await count('errorformat=raw'), 2);
    assert.equal(await count('errorformat=wikitext&uselang=de'), 1);
  });

  test("a value that is not UTF-8 is read in the content language's legacy encoding, which siteinfo names", async () => {
    const russian = await buildApp({ store: wiki.store, site: { ...wiki.site, language: 'ru' } });
    try {
      const general = (
        await russian.inject({ method: 'GET', url: '/api.php?action=query&meta=siteinfo&format=json&formatversion=2' })
      ).json().query.general;
      assert.equal(general.fallback8bitEncoding, 'windows-1251');
      // Москва in windows-1251, and a byte the encoding leaves undefined (0x98), dropped.
      const url = '/api.php?action=query&format=json&formatversion=2&titles=%CC%EE%F1%EA%E2%E0%7CA%98B';
      const normalized = (await russian.inject({ method: 'GET', url })).json().query.normalized;
      assert.deepEqual(normalized, [
        { fromencoded: true, from: '%CC%EE%F1%EA%E2%E0', to: 'Москва' },
        { fromencoded: true, from: 'A%98B', to: 'AB' },
      ]);
    } finally {
      await russian.close();
    }
  });

  test("a query-string value that is not UTF-8 is read as windows-1252; a form body's gets U+FFFD", async () => {
    const url = '/api.php?action=query&format=json&formatversion=2&titles=M%C3%BCller%7CBer%FFlin%7CA%81B';
    const get = (await app.inject({ method: 'GET', url })).json();
    assert.deepEqual(get.query.normalized, [
      { fromencoded: false, from: 'Müller', to: 'MÃ¼ller' },
      { fromencoded: true, from: 'Ber%FFlin', to: 'Berÿlin' },
      { fromencoded: true, from: 'A%81B', to: 'AB' },
    ]);
    assert.match(get.warnings.query.warnings, /contains invalid or non-normalized data/);
    // Separated by U+001F, the value is not converted (as in MediaWiki).
    const unitSeparated = await app.inject({
      method: 'GET',
      url: '/api.php?action=query&format=json&formatversion=2&titles=%1FBer%FFlin',
    });
    assert.deepEqual(unitSeparated.json().query.normalized, [
      { fromencoded: true, from: 'Ber%FFlin', to: 'Ber\uFFFDlin' },
    ]);
    const posted = await app.inject({
      method: 'POST',
      url: '/api.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=query&format=json&formatversion=2&titles=M%FCnchen',
    });
    const page = posted.json();
    assert.deepEqual(page.query.normalized, [{ fromencoded: true, from: 'M%FCnchen', to: 'M\uFFFDnchen' }]);
    assert.equal(page.query.pages[0].invalidreason, 'The requested page title contains an invalid UTF-8 sequence.');
  });

  test('POST works urlencoded and multipart; other methods are 405', async () => {
    const form = await app.inject({
      method: 'POST',
      url: '/api.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=query&titles=Berlin&format=json&formatversion=2',
    });
    assert.equal(form.json().query.pages[0].pageid, 236);
    const boundary = 'XyZ';
    const parts = Object.entries({ action: 'query', titles: 'Berlin', format: 'json', formatversion: '2' })
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const multipart = await app.inject({
      method: 'POST',
      url: '/w/api.php',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${parts}--${boundary}--\r\n`,
    });
    assert.equal(multipart.json().query.pages[0].pageid, 236);
  });

  test('a body that is no form, or cannot be read, is left out: the query string is answered', async () => {
    const url = '/api.php?action=query&titles=Berlin&format=json&formatversion=2';
    for (const [type, payload] of [
      ['application/json', '{broken'],
      ['text/plain', 'titles=Hamburg'],
      ['multipart/form-data; boundary=x', '--x\r\nbroken'],
      ['application/octet-stream', 'titles=Hamburg'],
    ]) {
      const response = await app.inject({ method: 'POST', url, headers: { 'content-type': type }, payload });
      assert.equal(response.statusCode, 200, type);
      assert.equal(response.json().query.pages[0].title, 'Berlin', type);
    }
  });

  test('other methods get invalidmethod (HTTP 405) in the format asked for, after the action is read', async () => {
    const json = await app.inject({ method: 'PUT', url: '/api.php?action=query&titles=Berlin&format=json' });
    assert.equal(json.statusCode, 405);
    assert.equal(json.headers['mediawiki-api-error'], 'invalidmethod');
    assert.equal(json.json().error.info, 'Invalid HTTP method. Consider using GET or POST.');
    const xml = await app.inject({
      method: 'DELETE',
      url: '/api.php?action=query&format=xml&errorformat=plaintext&uselang=de',
    });
    assert.equal(xml.statusCode, 405);
    assert.match(xml.body, /<error code="invalidmethod" module="main" xml:space="preserve">Ungültige HTTP-Methode\./);
    // The page for people comes with 200 and says which status the answer has.
    const page = await app.inject({ method: 'PATCH', url: '/api.php?action=query&uselang=en' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /This answer comes with HTTP status 405 Method Not Allowed\./);
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL'] as const) {
      const other = await app.inject({ method, url: '/api.php?action=query&format=json' });
      assert.equal(other.statusCode, 405, method);
      assert.equal(other.headers['mediawiki-api-error'], 'invalidmethod', method);
    }
    const badAction = await app.inject({ method: 'PUT', url: '/api.php?action=foo&format=json' });
    assert.equal(badAction.statusCode, 200);
    assert.equal(badAction.json().error.code, 'badvalue');
  });
});

describe('continuation', () => {
  async function allPagesInBatches(params: Record<string, string>, key: string): Promise<unknown[]> {
    const seen: unknown[] = [];
    let next: Record<string, string> = {};
    for (let round = 0; round < 100; round++) {
      const body = (await get({ ...params, ...next, format: 'json', formatversion: '2' })).json();
      seen.push(...(key === 'pages' ? body.query.pages : body.query[key]));
      if (!body.continue) return seen;
      next = body.continue;
    }
    throw new Error('continuation did not end');
  }

  test('allpages in batches of 7 gives the same pages as one request', async () => {
    const whole = (
      await get({
        action: 'query',
        list: 'allpages',
        apnamespace: '10',
        aplimit: 'max',
        format: 'json',
        formatversion: '2',
      })
    ).json();
    const batched = await allPagesInBatches(
      { action: 'query', list: 'allpages', apnamespace: '10', aplimit: '7' },
      'allpages',
    );
    assert.deepEqual(batched, whole.query.allpages);
  });

  test('a generator continues with gapcontinue and its own continue value', async () => {
    const first = (
      await get({
        action: 'query',
        generator: 'allpages',
        gapnamespace: '10',
        gaplimit: '5',
        format: 'json',
        formatversion: '2',
      })
    ).json();
    assert.equal(first.continue.continue, 'gapcontinue||');
    assert.equal(first.batchcomplete, true);
    const pages = await allPagesInBatches(
      { action: 'query', generator: 'allpages', gapnamespace: '10', gaplimit: '5' },
      'pages',
    );
    const whole = (
      await get({
        action: 'query',
        list: 'allpages',
        apnamespace: '10',
        aplimit: 'max',
        format: 'json',
        formatversion: '2',
      })
    ).json();
    assert.deepEqual(
      (pages as { pageid: number }[]).map((p) => p.pageid).sort((a, b) => a - b),
      (whole.query.allpages as { pageid: number }[]).map((p) => p.pageid).sort((a, b) => a - b),
    );
  });

  test('finished modules are listed after || and skipped on the next request', async () => {
    const first = (
      await get({
        action: 'query',
        list: 'allpages',
        aplimit: '2',
        meta: 'userinfo',
        format: 'json',
        formatversion: '2',
      })
    ).json();
    assert.equal(first.continue.continue, '-||userinfo');
    const second = (
      await get({
        action: 'query',
        list: 'allpages',
        aplimit: '2',
        meta: 'userinfo',
        ...first.continue,
        format: 'json',
        formatversion: '2',
      })
    ).json();
    assert.equal(second.query.userinfo, undefined);
    assert.equal(second.query.allpages.length, 2);
  });

  test('a finished generator is marked "-" and not run again while a list continues', async () => {
    const params = {
      action: 'query',
      generator: 'allpages',
      gapnamespace: '10',
      gaplimit: 'max',
      list: 'allpages',
      aplimit: '3',
      format: 'json',
      formatversion: '2',
    };
    const first = (await get(params)).json();
    assert.equal(first.continue.continue, '-||');
    assert.ok(first.query.pages.length > 0);
    const second = (await get({ ...params, ...first.continue })).json();
    assert.equal(second.query.pages, undefined, 'the generator is not run again');
    assert.equal(second.query.allpages.length, 3);
  });

  test('rawcontinue gives the old query-continue block', async () => {
    const body = (
      await get({
        action: 'query',
        list: 'allpages',
        aplimit: '2',
        rawcontinue: '1',
        format: 'json',
        formatversion: '2',
      })
    ).json();
    assert.deepEqual(Object.keys(body['query-continue']), ['allpages']);
    assert.equal(typeof body['query-continue'].allpages.apcontinue, 'string');
    assert.equal(body.continue, undefined);
  });
});

describe('help and paraminfo', () => {
  test('action=help is an HTML page generated from the descriptors', async () => {
    const response = await get({ action: 'help' });
    assert.equal(response.headers['content-type'], 'text/html; charset=UTF-8');
    assert.match(response.body, /list=allpages/);
    assert.match(response.body, /apfilterredir/);
  });

  test('paraminfo describes main, query and a format module', async () => {
    const body = (
      await get({ action: 'paraminfo', modules: 'main|query|json', format: 'json', formatversion: '2' })
    ).json();
    const names = body.paraminfo.modules.map((m: { name: string }) => m.name);
    assert.deepEqual(names, ['main', 'query', 'json']);
    const query = body.paraminfo.modules[1];
    assert.ok(query.parameters.some((p: { name: string }) => p.name === 'generator'));
  });

  test('paraminfo answers stay the same when its descriptions are kept, in every format and help format', async () => {
    const shapes: Record<string, string>[] = [
      { format: 'json' },
      { format: 'json', formatversion: '2' },
      { format: 'xml' },
      { format: 'php' },
      { format: 'json', helpformat: 'html', uselang: 'en' },
      { format: 'xml', helpformat: 'raw', querymodules: 'allpages', mainmodule: '1', pagesetmodule: '1' },
    ];
    const ask = (on: FastifyInstance, shape: Record<string, string>) =>
      on.inject({
        method: 'GET',
        url: `/api.php?${new URLSearchParams({ action: 'paraminfo', modules: 'query+allpages|main|query+revisions', ...shape })}`,
      });
    // Every format prints the same kept descriptions first...
    for (const shape of shapes) assert.equal((await ask(app, shape)).statusCode, 200);
    // ...and each answer is still the one a server that describes the modules anew gives (a new
    // site object keeps its descriptions apart).
    for (const shape of shapes) {
      const fresh = await buildApp({ store: wiki.store, site: { ...wiki.site } });
      try {
        assert.equal((await ask(app, shape)).body, (await ask(fresh, shape)).body);
      } finally {
        await fresh.close();
      }
    }
  });
});
