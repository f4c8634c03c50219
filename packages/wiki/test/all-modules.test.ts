/**
 * Every query module of the module reference, sent to the served reference wiki with its default
 * parameters (and the required ones, with values from that wiki), as list, prop or meta module and,
 * where the reference marks it a generator, as `generator=`: each answer is a well-formed query
 * answer, and an error only where MediaWiki answers an anonymous caller's default request with an
 * error too (modules that need a login or a right), with MediaWiki's code.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import type { ModuleDescriptor } from '../src/api/params/descriptor.js';
import { QUERY_MODULES } from '../src/modules/registry.js';
import { REQUIRED_VALUES } from './helpers/module-requests.js';
import { useReferenceApi } from './helpers/reference-api.js';

/** The pages prop modules work on: an article with links, images and categories, and a file. */
const PAGES = 'Berlin|Datei:Beispiel.png|Kategorie:Stadt';

/**
 * MediaWiki's answer to an anonymous caller's default request, where it is an error. As
 * generators, the deleted-revision modules check no right (they only give revision ids or titles).
 */
const ERRORS: Record<string, string> = {
  'list=alldeletedrevisions': 'permissiondenied',
  'prop=deletedrevisions': 'permissiondenied',
  'list=deletedrevs': 'permissiondenied',
  'list=mystashedfiles': 'stashnotloggedin',
  'prop=stashimageinfo': 'notloggedin',
  'list=watchlist': 'notloggedin',
  'generator=watchlist': 'notloggedin',
  'list=watchlistraw': 'notloggedin',
  'generator=watchlistraw': 'notloggedin',
};

function request(descriptor: ModuleDescriptor, asGenerator: boolean): Record<string, string> {
  const prefix = (asGenerator ? 'g' : '') + descriptor.prefix;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(REQUIRED_VALUES[descriptor.name] ?? {})) params[prefix + name] = value;
  if (asGenerator) {
    params.generator = descriptor.name;
    if (descriptor.group === 'prop') params.titles = PAGES;
  } else {
    params[descriptor.group] = descriptor.name;
    if (descriptor.group === 'prop') params.titles = PAGES;
  }
  return params;
}

function checkAnswer(name: string, answer: any, expectedError: string | undefined): void {
  if (expectedError !== undefined) {
    assert.equal(answer.error?.code, expectedError, `${name}: ${JSON.stringify(answer).slice(0, 300)}`);
    return;
  }
  assert.equal(answer.error, undefined, `${name}: ${JSON.stringify(answer.error)}`);
  assert.ok(answer.batchcomplete === true || answer.continue !== undefined, `${name}: neither complete nor continued`);
  if (answer.query?.pages !== undefined) {
    assert.ok(Array.isArray(answer.query.pages), `${name}: pages is a list`);
    for (const page of answer.query.pages) assert.equal(typeof page.title, 'string', `${name}: a page without title`);
  }
}

describeEachEngine('every query module with its defaults', (engine) => {
  const api = useReferenceApi(engine);

  test('the module reference has 70 modules', () => {
    assert.equal(QUERY_MODULES.length, 70);
  });

  for (const { descriptor } of QUERY_MODULES) {
    const modes = descriptor.generator ? [false, true] : [false];
    for (const asGenerator of modes) {
      const label = `${asGenerator ? 'generator' : descriptor.group}=${descriptor.name}`;
      test(label, async () => {
        const answer = await api().query(request(descriptor, asGenerator));
        checkAnswer(label, answer, ERRORS[label]);
      });
    }
  }
});
