/**
 * paraminfo of the modules client libraries learn the API from (main, query, the page set, the
 * account actions, compare, expandtemplates, help, paraminfo, the formats) against a live MediaWiki 1.39 on the same wiki:
 * identical, submodule maps included, apart from these differences, each with its reason:
 *
 * - `action` lists the actions this server answers, a subset of MediaWiki's (its internal ones,
 *   `internalvalues`, among those left out);
 * - the query modules the module reference has and this MediaWiki install lacks (Linter's,
 *   CodexIcons', trackingcategories of a newer MediaWiki) are listed among the values;
 * - the main module's parameters are those of the newer MediaWiki the server presents itself as
 *   (1.43): `crossorigin`, `min: 0` of `maxage` and `smaxage`, temporary accounts in `assertuser`.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type ListeningWiki, listeningReferenceWiki } from './helpers/listening-wiki.js';
import { type ReferenceMediaWiki, startReferenceMediaWiki } from './helpers/reference-mediawiki.js';

const NEWER_QUERY_MODULES = new Set(['codexicons', 'linterrors', 'linterstats', 'trackingcategories']);
const MODULES =
  'main|query|help|paraminfo|login|logout|clientlogin|compare|expandtemplates|json|jsonfm|none|php|phpfm|rawfm|xml|xmlfm';

let mediawiki: ReferenceMediaWiki;
let ours: ListeningWiki;

before(async () => {
  [mediawiki, ours] = await Promise.all([startReferenceMediaWiki(), listeningReferenceWiki()]);
});
after(async () => {
  await Promise.all([mediawiki?.stop(), ours?.close()]);
});

async function paraminfo(apiUrl: string, params: string): Promise<any> {
  const response = await fetch(`${apiUrl}?action=paraminfo&format=json&formatversion=2&${params}`);
  assert.equal(response.status, 200);
  return response.json();
}

/** Our description without the newer MediaWiki's additions listed above. */
function withoutNewer(module: any): any {
  const copy = structuredClone(module);
  for (const param of copy.parameters) {
    if (Array.isArray(param.type)) {
      param.type = param.type.filter((value: string) => !NEWER_QUERY_MODULES.has(value));
    }
    for (const value of Object.keys(param.submodules ?? {})) {
      if (NEWER_QUERY_MODULES.has(value)) delete param.submodules[value];
    }
  }
  if (copy.path === 'main') {
    copy.parameters = copy.parameters.filter((p: any) => p.name !== 'crossorigin');
    copy.parameters.forEach((p: any, i: number) => {
      p.index = i + 1;
      if (p.name === 'maxage' || p.name === 'smaxage') delete p.min;
      if (p.name === 'assertuser') p.subtypes = p.subtypes.filter((t: string) => t !== 'temp');
    });
  }
  return copy;
}

/** MediaWiki's main module with only the actions this server answers. */
function withOurActions(module: any, actions: readonly string[]): any {
  const copy = structuredClone(module);
  const action = copy.parameters.find((p: any) => p.name === 'action');
  assert.ok(
    actions.every((name) => action.type.includes(name)),
    'every action we answer is one of MediaWiki’s',
  );
  action.type = action.type.filter((name: string) => actions.includes(name));
  action.submodules = Object.fromEntries(actions.map((name) => [name, action.submodules[name]]));
  delete action.internalvalues;
  return copy;
}

test('paraminfo of main, query, the account actions, compare, expandtemplates, help, paraminfo and the formats is MediaWiki’s', async () => {
  const [theirs, mine] = await Promise.all([
    paraminfo(mediawiki.apiUrl, `modules=${MODULES}`),
    paraminfo(`${ours.origin}/api.php`, `modules=${MODULES}`),
  ]);
  const expected = theirs.paraminfo.modules;
  const got = mine.paraminfo.modules.map(withoutNewer);
  assert.deepEqual(
    got.map((m: any) => m.path),
    expected.map((m: any) => m.path),
  );
  const ourActions = got[0].parameters.find((p: any) => p.name === 'action').type;
  for (const [i, module] of got.entries()) {
    const reference = module.path === 'main' ? withOurActions(expected[i], ourActions) : expected[i];
    assert.deepEqual(module, reference, module.path);
  }
});

test('the page set module and the generator list are MediaWiki’s', async () => {
  const [theirs, mine] = await Promise.all([
    paraminfo(mediawiki.apiUrl, 'pagesetmodule=1'),
    paraminfo(`${ours.origin}/api.php`, 'pagesetmodule=1'),
  ]);
  assert.deepEqual(withoutNewer(mine.paraminfo.pagesetmodule), theirs.paraminfo.pagesetmodule);
  assert.deepEqual(mine.warnings, theirs.warnings);
});

test('query+* describes the same modules, and module paths that name none warn alike', async () => {
  const [theirs, mine] = await Promise.all([
    paraminfo(mediawiki.apiUrl, 'modules=query%2B*&errorformat=raw'),
    paraminfo(`${ours.origin}/api.php`, 'modules=query%2B*&errorformat=raw'),
  ]);
  const names = (info: any) => info.paraminfo.modules.map((m: any) => m.path);
  assert.deepEqual(
    names(mine).filter((path: string) => !NEWER_QUERY_MODULES.has(path.slice('query+'.length))),
    names(theirs),
  );
  const bad = 'modules=bogus|query%2Ballpages%2Bx|login%2B*|*%2Bquery|main%2Bquery&errorformat=raw';
  const [theirWarnings, ourWarnings] = await Promise.all([
    paraminfo(mediawiki.apiUrl, bad),
    paraminfo(`${ours.origin}/api.php`, bad),
  ]);
  assert.deepEqual(ourWarnings, theirWarnings);
});
