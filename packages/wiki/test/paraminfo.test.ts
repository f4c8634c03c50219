/**
 * `action=paraminfo&modules=query+*` against the module reference's machine-readable transcription
 * (fixtures/spec/wiki-query-modules.json): every module and every parameter. Where the transcription
 * and the reference document disagree the document wins; see fixtures/spec/NOTES.md.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { CODEX_ICON_NAMES } from '../src/modules/values.js';
import { apiGet, emptyWikiApi, type TestApi } from './helpers/api-app.js';

interface SpecParam {
  index?: number;
  name: string;
  type: string | string[];
  default?: string;
  required: boolean;
  multi: boolean;
  [key: string]: unknown;
}
interface SpecModule {
  name: string;
  path: string;
  group: string;
  prefix: string;
  readrights: boolean;
  generator: boolean;
  deprecated: boolean;
  licensetag: string;
  parameters: SpecParam[];
  templatedparameters: SpecParam[];
}

const spec = JSON.parse(readFileSync(new URL('./fixtures/spec/wiki-query-modules.json', import.meta.url), 'utf8')) as {
  modules: SpecModule[];
};

/** The site's extra URL protocol stands for the reference's `<encyclopedia_scheme>`. */
const EXTRA_PROTOCOL = 'wikipedia';

let api: TestApi;
let described: Map<string, Record<string, unknown>>;

before(async () => {
  api = await emptyWikiApi({ settings: { extraUrlProtocol: EXTRA_PROTOCOL } });
  const { json } = await apiGet(api.app, {
    action: 'paraminfo',
    modules: 'query+*',
    format: 'json',
    formatversion: '2',
  });
  const modules = json.paraminfo.modules as Record<string, unknown>[];
  described = new Map(modules.map((m) => [m.name as string, m]));
});
after(() => api.close());

function expectedValues(param: SpecParam): string[] {
  const values = param.type as string[];
  return values.flatMap((value) => {
    if (value === '<globe_scheme>') return ['worldwind'];
    if (value === '<encyclopedia_scheme>') return [EXTRA_PROTOCOL];
    if (value.startsWith('<icon_prefix>')) return [value.replace('<icon_prefix>', 'cdxIcon')];
    return [value];
  });
}

function compareParam(module: string, got: Record<string, unknown>, want: SpecParam): void {
  const where = `${module}.${want.name}`;
  assert.equal(got.name, want.name, `${where}: name`);
  if (want.index !== undefined) assert.equal(got.index, want.index, `${where}: index`);
  if (Array.isArray(want.type)) {
    assert.ok(Array.isArray(got.type), `${where}: enum type`);
    const gotValues = new Set(got.type as string[]);
    const wantValues = expectedValues(want);
    for (const value of wantValues) assert.ok(gotValues.has(value), `${where}: value ${JSON.stringify(value)}`);
    const omitted = want['x-typeomitted'] as { count: number; startswith: string } | undefined;
    const extra = [...gotValues].filter((v) => !wantValues.includes(v));
    if (omitted) {
      const prefix = omitted.startswith.replace('<icon_prefix>', 'cdxIcon');
      assert.equal(extra.length, omitted.count, `${where}: ${omitted.count} further values`);
      for (const value of extra) assert.ok(value.startsWith(prefix), `${where}: ${value} starts with ${prefix}`);
    } else {
      assert.deepEqual(extra, [], `${where}: no values beyond the reference`);
    }
  } else {
    assert.equal(got.type, want.type, `${where}: type`);
  }
  assert.equal(got.required, want.required, `${where}: required`);
  assert.equal(got.multi, want.multi, `${where}: multi`);
  if (want.default === undefined) {
    assert.equal(got.default, undefined, `${where}: no default`);
  } else if (want.multi) {
    const split = (v: unknown) => new Set(String(v).split('|'));
    assert.deepEqual(split(got.default), split(want.default), `${where}: default`);
  } else {
    assert.equal(String(got.default), want.default, `${where}: default`);
  }
  for (const key of ['min', 'max', 'highmax', 'lowlimit', 'highlimit', 'allspecifier']) {
    assert.equal(got[key], want[key], `${where}: ${key}`);
  }
  for (const key of ['allowsduplicates', 'deprecated', 'sensitive']) {
    assert.equal(got[key] === true, want[key] === true, `${where}: ${key}`);
  }
  for (const key of ['subtypes', 'extranamespaces', 'info', 'templatevars']) {
    assert.deepEqual(got[key], want[key], `${where}: ${key}`);
  }
  if (want.deprecatedvalues) {
    assert.deepEqual(
      new Set(got.deprecatedvalues as string[]),
      new Set(want.deprecatedvalues as string[]),
      `${where}: deprecatedvalues`,
    );
  } else {
    assert.equal(got.deprecatedvalues, undefined, `${where}: no deprecated values`);
  }
}

test('paraminfo describes exactly the 70 modules of the reference', () => {
  assert.equal(spec.modules.length, 70);
  assert.deepEqual([...described.keys()].sort(), spec.modules.map((m) => m.name).sort());
});

for (const want of spec.modules) {
  test(`paraminfo of query+${want.name} matches the reference`, () => {
    const got = described.get(want.name);
    assert.ok(got, `module ${want.name} is described`);
    for (const key of ['name', 'path', 'group', 'prefix', 'licensetag'] as const) {
      assert.equal(got[key], want[key], `${want.name}: ${key}`);
    }
    for (const key of ['readrights', 'generator', 'deprecated'] as const) {
      assert.equal(got[key] === true, want[key], `${want.name}: ${key}`);
    }
    const params = got.parameters as Record<string, unknown>[];
    assert.deepEqual(
      params.map((p) => p.name),
      want.parameters.map((p) => p.name),
      `${want.name}: parameter names in order`,
    );
    for (const [i, p] of want.parameters.entries()) compareParam(want.name, params[i], p);
    const templated = got.templatedparameters as Record<string, unknown>[];
    assert.equal(templated.length, want.templatedparameters.length, `${want.name}: templated parameters`);
    for (const [i, p] of want.templatedparameters.entries()) compareParam(want.name, templated[i], p);
  });
}

test('codexicons lists every icon of @wikimedia/codex-icons', () => {
  const names = described.get('codexicons')?.parameters as Record<string, unknown>[];
  assert.deepEqual(names[0].type, [...CODEX_ICON_NAMES]);
});

test('formatversion 1 prints true flags as "" and leaves false ones out, as MediaWiki 1.39 does', async () => {
  const { json } = await apiGet(api.app, { action: 'paraminfo', modules: 'query+allpages', format: 'json' });
  const allpages = json.paraminfo.modules[0];
  assert.equal(allpages.readrights, '');
  assert.deepEqual(allpages.parameters[0], { index: 1, name: 'from', type: 'string' });
  assert.equal(allpages.parameters[4].default, 0, 'numeric defaults are numbers');
  assert.equal(allpages.parameters.find((p: any) => p.name === 'prtype').multi, '');
});

test('helpformat gives every query module a summary and an example, and parameters their texts', async () => {
  const ask = async (helpformat: string, uselang = 'en') =>
    (
      await apiGet(api.app, {
        action: 'paraminfo',
        modules: 'query+*',
        helpformat,
        uselang,
        format: 'json',
        formatversion: '2',
      })
    ).json.paraminfo;
  const wikitext = await ask('wikitext');
  assert.equal(wikitext.helpformat, 'wikitext');
  for (const module of wikitext.modules) {
    assert.ok(module.description.length > 10, module.name);
    assert.deepEqual(Object.keys(module).slice(8, 10), ['licenselink', 'description'], module.name);
    assert.equal(module.examples.length, 1, module.name);
    assert.ok(module.examples[0].query.startsWith(`action=query&${module.group}=${module.name}`), module.name);
    for (const param of module.parameters)
      assert.equal(typeof param.description, 'string', `${module.name} ${param.name}`);
  }
  const described = wikitext.modules.flatMap((m: any) => m.parameters).filter((p: any) => p.description !== '');
  const all = wikitext.modules.flatMap((m: any) => m.parameters);
  assert.equal(described.length, all.length, `${described.length} of ${all.length} parameters described`);
  const backlinks = wikitext.modules.find((m: any) => m.name === 'backlinks');
  assert.deepEqual(Object.keys(backlinks.parameters[0]).slice(0, 3), ['index', 'name', 'description']);

  const german = (await ask('html', 'de')).modules.find((m: any) => m.name === 'backlinks');
  assert.equal(german.description, 'Listet die Seiten auf, die auf eine Seite verlinken.');
  assert.equal(
    german.parameters.find((p: any) => p.name === 'limit').description,
    'Wie viele Einträge höchstens geliefert werden.',
  );

  const raw = (await ask('raw')).modules.find((m: any) => m.name === 'backlinks');
  assert.deepEqual(raw.description, [{ key: 'apihelp-query+backlinks-summary', params: [] }]);
  assert.deepEqual(raw.examples[0].description, { key: 'apihelp-query+backlinks-example-1', params: [] });
  assert.deepEqual(raw.parameters[0].description, [{ key: 'apihelp-query+backlinks-param-title', params: [] }]);

  const none = (await ask('none')).modules.find((m: any) => m.name === 'backlinks');
  assert.equal(none.description, undefined);
  assert.equal(none.examples, undefined);
  assert.equal(none.parameters[0].description, undefined);
});

test('helpformat describes the main module, query, the actions and the formats too', async () => {
  const { json } = await apiGet(api.app, {
    action: 'paraminfo',
    modules: 'main|query|help|paraminfo|login|logout|clientlogin|json|xml',
    pagesetmodule: '1',
    helpformat: 'wikitext',
    format: 'json',
    formatversion: '2',
  });
  for (const module of json.paraminfo.modules) {
    assert.ok(module.description.length > 10, module.path);
    assert.deepEqual(module.examples, [], module.path);
    for (const param of module.parameters) assert.ok(param.description.length > 5, `${module.path} ${param.name}`);
  }
  const query = json.paraminfo.modules.find((m: any) => m.path === 'query');
  assert.equal(
    query.parameters.find((p: any) => p.name === 'titles').description,
    'Die Titel der bearbeiteten Seiten.',
  );
  const pageset = json.paraminfo.pagesetmodule;
  assert.ok(pageset.description.length > 10);
  assert.equal(
    pageset.parameters[0].description,
    'Die Titel der bearbeiteten Seiten.',
    'the page set shares query’s texts',
  );
});

/** paraminfo in formatversion 2, with warnings as raw message keys. */
async function paraminfo(params: Record<string, string>): Promise<any> {
  const { json } = await apiGet(api.app, {
    action: 'paraminfo',
    errorformat: 'raw',
    format: 'json',
    formatversion: '2',
    ...params,
  });
  return json;
}

const param = (module: any, name: string) => module.parameters.find((p: any) => p.name === name);

test('main names its actions and formats as submodules whose paths are their names', async () => {
  const [main] = (await paraminfo({ modules: 'main' })).paraminfo.modules;
  assert.equal(main.group, undefined, 'the main module has no group');
  assert.deepEqual(main.helpurls, []);
  for (const name of ['action', 'format']) {
    const p = param(main, name);
    assert.deepEqual(Object.keys(p.submodules), p.type, `${name}: one submodule per value, in the same order`);
    for (const [value, path] of Object.entries(p.submodules)) assert.equal(path, value);
  }
  assert.ok(param(main, 'action').type.includes('query'));
  assert.deepEqual(param(main, 'format').type, ['json', 'jsonfm', 'none', 'php', 'phpfm', 'rawfm', 'xml', 'xmlfm']);
});

test('query names its prop, list, meta and generator modules with their paths, generators with the prefix g', async () => {
  const [query] = (await paraminfo({ modules: 'query' })).paraminfo.modules;
  assert.equal(query.group, 'action');
  assert.equal(query.readrights, true);
  assert.equal(query.helpurls.length, 4);
  const submodules = new Set<string>();
  for (const group of ['prop', 'list', 'meta']) {
    const p = param(query, group);
    assert.deepEqual(Object.keys(p.submodules), p.type, group);
    for (const [name, path] of Object.entries(p.submodules)) {
      assert.equal(path, `query+${name}`);
      assert.equal(described.get(name)?.group, group, `${name} is a ${group} module`);
      submodules.add(name);
    }
  }
  // MediaWiki lists deprecated modules after the others and names them.
  const list = param(query, 'list');
  assert.equal(list.type.at(-1), 'deletedrevs');
  assert.deepEqual(list.deprecatedvalues, ['deletedrevs']);
  const generator = param(query, 'generator');
  assert.equal(generator.submoduleparamprefix, 'g');
  const generators = [...described.values()].filter((m) => m.generator).map((m) => m.name as string);
  assert.deepEqual([...generator.type].sort(), generators.sort(), 'exactly the modules that can be generators');
  assert.deepEqual(Object.keys(generator.submodules), generator.type);
  // What pywikibot checks before it reads a page.
  for (const name of generator.type) assert.ok(submodules.has(name), `generator ${name} is a prop or list submodule`);
  for (const name of ['recentchanges', 'watchlist', 'allpages']) assert.ok(generator.type.includes(name));
  assert.ok(!generator.type.includes('usercontribs'), 'usercontribs is no generator');
});

test('every submodule path paraminfo names describes a module under that path', async () => {
  const seen = new Set<string>();
  let paths = ['main'];
  while (paths.length > 0) {
    const { paraminfo: info } = await paraminfo({ modules: paths.join('|') });
    assert.deepEqual(
      info.modules.map((m: any) => m.path),
      paths,
    );
    const next: string[] = [];
    for (const module of info.modules) {
      seen.add(module.path);
      for (const p of module.parameters) {
        for (const path of Object.values(p.submodules ?? {}) as string[]) {
          if (!seen.has(path) && !next.includes(path)) next.push(path);
        }
      }
    }
    paths = next.slice(0, 50);
  }
  assert.ok(seen.has('query+revisions') && seen.has('login') && seen.has('xmlfm') && seen.has('paraminfo'));
});

test('modules=* and ** list submodules by path; paths naming no module warn as MediaWiki does', async () => {
  const star = (await paraminfo({ modules: '*' })).paraminfo.modules.map((m: any) => m.path);
  assert.deepEqual(star, [...star].sort());
  assert.ok(star.includes('query') && star.includes('json') && !star.includes('query+info'));
  const all = (await paraminfo({ modules: '**' })).paraminfo.modules.map((m: any) => m.path);
  assert.deepEqual(all, [...all].sort());
  assert.ok(all.includes('query+info') && all.includes('help'));
  const queryAll = (await paraminfo({ modules: 'query+*' })).paraminfo.modules;
  assert.equal(queryAll.length, described.size);
  // A `+` typed into a URL arrives as a space.
  assert.equal((await paraminfo({ modules: 'query allpages' })).paraminfo.modules[0].path, 'query+allpages');

  const bad = await paraminfo({ modules: 'bogus|query+allpages+x|login+*|*+query|main+query' });
  assert.deepEqual(bad.paraminfo, { helpformat: 'none' });
  assert.deepEqual(
    bad.warnings.map((w: any) => [w.key, w.params]),
    [
      // Wildcards are expanded first, then paths are looked up, as MediaWiki does.
      ['apierror-badmodule-nosubmodules', ['login']],
      ['apierror-badmodule-badsubmodule', ['main', 'bogus']],
      ['apierror-badmodule-nosubmodules', ['query+allpages']],
      ['apierror-badmodule-badsubmodule', ['main', '&#42;']],
      ['apierror-badmodule-badsubmodule', ['main', 'main']],
    ],
  );
  const german = await apiGet(api.app, {
    action: 'paraminfo',
    modules: 'login+*|bogus',
    errorformat: 'plaintext',
    uselang: 'de',
    format: 'json',
    formatversion: '2',
  });
  assert.deepEqual(
    german.json.warnings.map((w: any) => w.text),
    ['Das Modul "login" hat keine Untermodule.', 'Das Modul "main" hat kein Untermodul namens „bogus“.'],
  );
});

test('the deprecated querymodules, mainmodule, pagesetmodule and formatmodules answer in their own keys', async () => {
  const json = await paraminfo({
    querymodules: 'allpages|bogus',
    mainmodule: '1',
    pagesetmodule: '1',
    formatmodules: 'json',
  });
  const info = json.paraminfo;
  assert.deepEqual(Object.keys(info), ['helpformat', 'querymodules', 'mainmodule', 'pagesetmodule', 'formatmodules']);
  assert.equal(info.querymodules[0].path, 'query+allpages');
  assert.equal(info.querymodules[0].querytype, 'list');
  assert.equal(info.mainmodule.path, 'main');
  assert.equal(info.pagesetmodule.classname, 'ApiPageSet');
  assert.equal(info.pagesetmodule.name, undefined);
  assert.deepEqual(
    info.pagesetmodule.parameters.map((p: any) => p.name),
    ['titles', 'pageids', 'revids', 'generator', 'redirects', 'converttitles'],
  );
  assert.equal(param(info.pagesetmodule, 'generator').submoduleparamprefix, 'g');
  assert.equal(info.formatmodules[0].classname, 'ApiFormatJson');
  assert.equal(info.formatmodules[0].group, 'format');
  // Raw parameters as MediaWiki gives them: `{plaintext: …}` for a parameter's name.
  const keys = json.warnings.map((w: any) => [w.key, w.params?.[0]?.plaintext ?? w.params?.[0]]);
  assert.ok(keys.some(([key, p]: string[]) => key === 'paramvalidator-unrecognizedvalues' && p === 'querymodules'));
  for (const name of ['querymodules', 'mainmodule', 'pagesetmodule', 'formatmodules']) {
    assert.ok(
      keys.some(([key, p]: string[]) => key === 'paramvalidator-param-deprecated' && p === name),
      name,
    );
  }
});

test('the account actions say what they write and which token they want', async () => {
  const modules = (await paraminfo({ modules: 'login|logout|clientlogin' })).paraminfo.modules;
  const [login, logout, clientlogin] = modules;
  assert.equal(login.group, 'action');
  assert.equal(login.writerights, true);
  assert.equal(login.mustbeposted, true);
  assert.deepEqual(param(login, 'password'), {
    index: 2,
    name: 'password',
    type: 'password',
    required: false,
    sensitive: true,
    multi: false,
  });
  assert.equal(param(logout, 'token').tokentype, 'csrf');
  assert.equal(logout.writerights, undefined);
  assert.equal(param(clientlogin, 'token').tokentype, 'login');
  assert.equal(clientlogin.dynamicparameters, true);
  assert.deepEqual(Object.keys(clientlogin).slice(-2), ['templatedparameters', 'dynamicparameters']);
});
