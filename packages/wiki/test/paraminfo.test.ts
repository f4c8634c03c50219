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

test('formatversion 1 prints module flags as "" and keeps parameter flags as booleans', async () => {
  const { json } = await apiGet(api.app, { action: 'paraminfo', modules: 'query+allpages', format: 'json' });
  const allpages = json.paraminfo.modules[0];
  assert.equal(allpages.readrights, '');
  assert.equal(allpages.parameters[0].required, false);
  assert.equal(allpages.parameters[0].multi, false);
  assert.equal(allpages.parameters[4].default, 0, 'numeric defaults are numbers');
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
    modules: 'main|query|login|logout|clientlogin|json|xml',
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
});
