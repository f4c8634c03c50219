/**
 * Continue values read as MediaWiki's modules read theirs: strictly, by PHP's integer cast, or by
 * comparing the cast with the text; and the modules that read them each way, on the reference wiki.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../src/api/errors.js';
import { continueGiven, parseContinueValue, phpIntval } from '../../src/api/keyset.js';
import { useReferenceApi } from '../helpers/reference-api.js';

function refused(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return error.messages[0]?.code;
  }
}

describe('continue fields', () => {
  test("PHP's integer cast: the number the text starts with, fraction and exponent included", () => {
    const cases: [string, number][] = [
      ['245', 245],
      ['05', 5],
      [' 5', 5],
      ['+5', 5],
      ['5.9', 5],
      ['-5.9', -5],
      ['1e3', 1000],
      ['1e3x', 1000],
      ['1e', 1],
      ['.5', 0],
      ['5x', 5],
      ['x', 0],
      ['', 0],
      ['0x1A', 0],
      ['-0', 0],
      ['1e999', 0],
    ];
    for (const [text, value] of cases) assert.equal(phpIntval(text), value, text);
    // PHP's largest integer, 2 ** 63 - 1, is 2 ** 63 as a JavaScript number.
    assert.equal(phpIntval('99999999999999999999'), 2 ** 63);
  });

  test('looseint takes a number equal to its integer cast, white space around it allowed', () => {
    for (const [text, value] of [
      ['05', 5],
      [' 5', 5],
      ['5 ', 5],
      ['+5', 5],
      ['5.0', 5],
      ['1e1', 10],
      ['-0', 0],
    ] as const) {
      assert.deepEqual(parseContinueValue(`20260101000000|${text}`, ['timestamp', 'looseint'])[1], value, text);
    }
    for (const text of ['5x', 'x', '', '5.5', '0x1A', '1e', '99999999999999999999']) {
      assert.equal(
        refused(() => parseContinueValue(text, ['looseint'])),
        'badcontinue',
        text,
      );
    }
  });

  test('int stays strict: only the integer as the module wrote it', () => {
    assert.deepEqual(parseContinueValue('245', ['int']), [245]);
    for (const text of ['05', ' 5', '+5', '5.0']) {
      assert.equal(
        refused(() => parseContinueValue(text, ['int'])),
        'badcontinue',
        text,
      );
    }
  });

  test('a continue value checked as PHP tests a text for truth: empty and 0 are none', () => {
    assert.equal(continueGiven(undefined), false);
    assert.equal(continueGiven(''), false);
    assert.equal(continueGiven('0'), false);
    assert.equal(continueGiven('00'), true);
    assert.equal(continueGiven('page|41|5'), true);
  });
});

describe('modules reading their continue values', () => {
  const api = useReferenceApi();
  const query = (params: Record<string, string>) => api().query(params);

  test('pageswithprop casts its page id: garbage starts at 0, 1e3 at 1000', async () => {
    const all = await query({ list: 'pageswithprop', pwppropname: 'displaytitle' });
    const garbage = await query({ list: 'pageswithprop', pwppropname: 'displaytitle', pwpcontinue: 'garbage' });
    assert.deepEqual(garbage.query, all.query);
    const from = await query({ list: 'pageswithprop', pwppropname: 'displaytitle', pwpcontinue: '1e3' });
    assert.ok(from.query.pageswithprop.length > 0);
    assert.ok(from.query.pageswithprop.every((p: { pageid: number }) => p.pageid >= 1000));
  });

  test('linkshere takes a page id written as another number, and refuses one that is none', async () => {
    const base = { prop: 'linkshere', titles: 'Datei:Karte.png' };
    const plain = await query({ ...base, lhcontinue: '5' });
    assert.equal(plain.error, undefined);
    assert.deepEqual((await query({ ...base, lhcontinue: ' 5.0' })).query, plain.query);
    assert.deepEqual((await query({ ...base, lhcontinue: '5x' })).error.code, 'badcontinue');
  });

  test('categorymembers by sort key takes 0 for no continue value', async () => {
    const base = { list: 'categorymembers', cmtitle: 'Kategorie:Stadt' };
    assert.deepEqual((await query({ ...base, cmcontinue: '0' })).query, (await query(base)).query);
  });
});
