/**
 * The import directions of docs/architecture.md: entry → modules → API framework → accounts →
 * store → site, import → store, wikitext reading below both, small text helpers at the bottom,
 * migrations on their own. And no function longer than 120 lines, but for the listed exceptions.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { functionLengths, type Layers, layerViolations, overlongFunctions } from '@svc/common/testing';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

const WIKI_LAYERS: Layers = {
  rooms: {
    entry: [
      'cli.ts',
      'server.ts',
      'heap-tuning.ts',
      'index.ts',
      'config.ts',
      'api/app.ts',
      'api/main.ts',
      'api/main-params.ts',
      'api/request-threads.ts',
      'api/request-thread.ts',
      'api/sent-answer.ts',
      'api/actions/',
      'api/uploads.ts',
      'api/index-php.ts',
      'modules/registry.ts',
    ],
    modules: ['modules/'],
    api: ['api/'],
    accounts: ['accounts/'],
    import: ['import/'],
    store: ['store/'],
    migrations: ['store/migrations/'],
    wikitext: ['wikitext/'],
    site: ['site/'],
    text: ['text/', 'worker-thread.ts', 'types/'],
  },
  mayImport: {
    entry: ['*'],
    modules: ['api', 'accounts', 'store', 'wikitext', 'site', 'text'],
    api: ['accounts', 'store', 'wikitext', 'site', 'text'],
    accounts: ['store', 'site', 'text'],
    import: ['store', 'migrations', 'wikitext', 'site', 'text'],
    store: ['migrations', 'site', 'text'],
    wikitext: ['site', 'text'],
    site: ['text'],
    migrations: [],
    text: [],
  },
};

test('every import of the wiki goes the written direction', () => {
  assert.deepEqual(layerViolations(SRC, WIKI_LAYERS), []);
});

/** At most this many lines per function: a function should read in one sitting. */
const MAX_FUNCTION_LINES = 120;

/** The functions allowed to be longer (`file:name` → why). Remove an entry once it is split. */
const LONG_FUNCTIONS: Record<string, string> = {
  'wikitext/extracts/wikitext-blocks.ts:wikitextBlocks':
    'one hand-written scanner loop over the wikitext; its states share local variables on the hot path of extracts',
};

test('no function is longer than 120 lines, but for the listed exceptions', async () => {
  const lengths = await functionLengths(fileURLToPath(new URL('../tsconfig.json', import.meta.url)), SRC);
  assert.ok(lengths.length > 1000, `the compiler found ${lengths.length} functions`);
  assert.deepEqual(overlongFunctions(lengths, MAX_FUNCTION_LINES, LONG_FUNCTIONS), []);
});
