/**
 * A request that has spent its work budget stops its modules and answers in part, with the
 * continuation that gives the rest: by rows read, always; by time, when other requests wait.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import { queryJson } from '../helpers/reference-api.js';
import { importReferenceWiki, type ReferenceWiki } from '../helpers/reference-wiki.js';

/** Follows the answers' continuation to the end of the batch and gathers its pages' extracts by title. */
async function allExtracts(app: FastifyInstance, params: Record<string, string>) {
  const extracts = new Map<string, string>();
  let continuation: Record<string, string> = {};
  let answers = 0;
  for (;;) {
    const answer = await queryJson(app, { ...params, ...continuation });
    answers++;
    for (const page of answer.query.pages) if (page.extract !== undefined) extracts.set(page.title, page.extract);
    if (answer.batchcomplete) return { extracts, answers };
    continuation = answer.continue;
  }
}

describe('work budget', () => {
  let wiki: ReferenceWiki;
  let generous: FastifyInstance;
  let spentAtOnce: FastifyInstance;
  let fewRows: FastifyInstance;
  let noTime: FastifyInstance;
  before(async () => {
    wiki = await importReferenceWiki();
    // Budgets no run reaches, however loaded the machine: the whole answer at once.
    generous = await buildApp({
      store: wiki.store,
      site: wiki.site,
      workBudget: { timeMs: 600_000, aloneMs: 600_000, rows: 1e9 },
    });
    spentAtOnce = await buildApp({
      store: wiki.store,
      site: wiki.site,
      workBudget: { timeMs: 0, aloneMs: 60_000, rows: 1e9 },
    });
    fewRows = await buildApp({
      store: wiki.store,
      site: wiki.site,
      workBudget: { timeMs: 60_000, aloneMs: 60_000, rows: 1 },
    });
    noTime = await buildApp({
      store: wiki.store,
      site: wiki.site,
      workBudget: { timeMs: 0, aloneMs: 0, rows: 1e9 },
    });
  });
  after(async () => {
    await generous.close();
    await spentAtOnce.close();
    await fewRows.close();
    await noTime.close();
    await wiki.dispose();
  });

  test('a list that has read its rows stops after its first item and continues from the next', async () => {
    const whole = await queryJson(generous, { list: 'allpages', aplimit: '5' });
    const first = await queryJson(fewRows, { list: 'allpages', aplimit: '5' });
    assert.deepEqual(first.query.allpages, whole.query.allpages.slice(0, 1));
    const second = await queryJson(fewRows, { list: 'allpages', aplimit: '5', ...first.continue });
    assert.deepEqual(second.query.allpages, whole.query.allpages.slice(1, 2));
  });

  test('overlapping requests each answer within their own budget, whichever started first', async () => {
    const params = { list: 'allpages', aplimit: '5' };
    const whole = await queryJson(generous, params);
    const few = whole.query.allpages.slice(0, 1);
    // The first request runs outside the async-local storage, those that overlap it inside.
    for (const order of [
      [fewRows, generous, fewRows],
      [generous, fewRows, generous],
    ]) {
      const answers = await Promise.all(order.map((app) => queryJson(app, params)));
      answers.forEach((answer, i) => {
        assert.deepEqual(answer.query.allpages, order[i] === fewRows ? few : whole.query.allpages, `request ${i}`);
      });
    }
  });

  test('extracts made while other requests wait stop at the time budget; continuing gives them all', async () => {
    const params = {
      generator: 'allpages',
      gaplimit: '6',
      prop: 'extracts',
      exintro: '1',
      explaintext: '1',
      exlimit: '6',
    };
    const alone = await allExtracts(generous, params);
    assert.equal(alone.answers, 1);
    assert.equal(alone.extracts.size, 6);
    // Three clients at once: each extract is made on the extract thread, and meanwhile the others wait.
    const together = await Promise.all([1, 2, 3].map(() => allExtracts(spentAtOnce, params)));
    for (const run of together) assert.deepEqual(run.extracts, alone.extracts);
    assert.ok(
      together.some((run) => run.answers > 1),
      'some request stopped at its budget',
    );
  });

  test('every language code (looked up as it is reached) stops at the time budget and continues', async () => {
    const whole = Object.keys((await queryJson(generous, { meta: 'languageinfo' })).query.languageinfo);
    let continuation: Record<string, string> = {};
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const part = await queryJson(noTime, { meta: 'languageinfo', ...continuation });
      codes.push(...Object.keys(part.query.languageinfo));
      continuation = part.continue;
    }
    assert.deepEqual(codes, whole.slice(0, 3));
    assert.equal(continuation.licontinue, whole[3]);
  });
});
