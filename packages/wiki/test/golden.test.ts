/**
 * The golden test: every recorded request of a real MediaWiki (fixtures/golden) is sent to our
 * server and its answer compared. A difference fails the test unless golden-expected-differences.json
 * lists the case with its reason. Cases recorded with a logged-in user replay in a session of that
 * user. Cases that need what this server does not do (a session the replay does not know, or the
 * imported reference wiki's data when it is not available) are counted
 * as pending (node's runner reports them as `todo`), named with their reason, and not compared.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { QUERY_MODULES } from '../src/modules/registry.js';
import {
  compareAnswer,
  expectedGoldenDifferences,
  type GoldenCase,
  loadGoldenCases,
  replay,
} from './helpers/golden.js';
import { type GoldenServer, goldenServer } from './helpers/golden-server.js';
import { GoldenSessions } from './helpers/golden-sessions.js';

const cases = loadGoldenCases();
const expected = expectedGoldenDifferences();

const modulesByName = new Set(QUERY_MODULES.map((m) => m.descriptor.name));
const NEEDS_PAGES = ['titles', 'pageids', 'revids', 'generator'];

/** Why a case cannot be compared yet, or undefined when it can. */
function pendingReason(c: GoldenCase, server: GoldenServer): string | undefined {
  const session = GoldenSessions.sessionOf(c);
  if (session !== undefined && !GoldenSessions.knows(session)) return `no session named ${session}`;
  const params = new Map(c.request.params);
  const action = params.get('action') ?? 'help';
  const modules = ['list', 'prop', 'meta', 'generator'].flatMap((p) => params.get(p)?.split('|') ?? []);
  const body = c.body as Record<string, unknown> | null;
  const expectsError = body !== null && ('error' in body || 'errors' in body);
  const usesContent =
    action === 'query' && (NEEDS_PAGES.some((p) => params.has(p)) || modules.some((m) => modulesByName.has(m)));
  if (usesContent && !expectsError && !server.hasReferenceData) return 'needs the imported reference wiki';
  return undefined;
}

describeEachEngine('golden', (engine) => {
  let server: GoldenServer;
  let sessions: GoldenSessions;
  const tally = { pass: 0, expectedDifference: 0, pending: new Map<string, string[]>() };

  before(async () => {
    server = await goldenServer(engine);
    sessions = new GoldenSessions(server.app);
  });

  after(async () => {
    await server.close();
    const compared = cases.length - [...tally.pending.values()].reduce((n, l) => n + l.length, 0);
    const lines = [
      `golden: ${tally.pass} of ${cases.length} pass [${engine.name}] (${compared} compared: ${tally.pass} identical, ${tally.expectedDifference} listed differences; ${cases.length - compared} pending)`,
    ];
    for (const [reason, files] of [...tally.pending.entries()].sort((a, b) => b[1].length - a[1].length)) {
      lines.push(`  pending ${String(files.length).padStart(3)}: ${reason}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  });

  for (const c of cases) {
    test(`golden ${c.file}`, async (t) => {
      const reason = pendingReason(c, server);
      if (reason) {
        const list = tally.pending.get(reason) ?? [];
        list.push(c.file);
        tally.pending.set(reason, list);
        t.todo(`pending: ${reason}`);
        return;
      }
      const session = GoldenSessions.sessionOf(c);
      const answer = session === undefined ? await replay(server.app, c) : await sessions.replay(c, session);
      const problems = compareAnswer(c, answer);
      const listed = expected.get(c.file);
      if (listed !== undefined) {
        assert.ok(
          problems.length > 0,
          `${c.file} is listed as an expected difference (${listed}) but now matches: remove it from the list`,
        );
        tally.expectedDifference++;
        t.diagnostic(`expected difference: ${listed}`);
        return;
      }
      assert.deepEqual(problems, [], `${c.file} differs from MediaWiki`);
      tally.pass++;
    });
  }
});
