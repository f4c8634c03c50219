import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useReferenceApi } from '../helpers/reference-api.js';

describeEachEngine('list=allcategories', (engine) => {
  const api = useReferenceApi(engine);

  test('categories in title order with their sizes and hidden flag', async () => {
    const answer = await api().query({
      list: 'allcategories',
      acfrom: 'Wartung',
      acto: 'Wartung',
      acprop: 'size|hidden',
    });
    assert.deepEqual(answer.query.allcategories, [
      { category: 'Wartung', size: 2, pages: 2, files: 0, subcats: 0, hidden: true },
    ]);
    const stadt = await api().query({ list: 'allcategories', acprefix: 'stadt', acprop: 'size' });
    assert.deepEqual(stadt.query.allcategories[0], { category: 'Stadt', size: 15, pages: 13, files: 0, subcats: 2 });
    const v1 = await api().query({ list: 'allcategories', acprefix: 'Stadt', aclimit: '1', formatversion: '1' });
    assert.deepEqual(v1.query.allcategories, [{ '*': 'Stadt' }]);
  });

  test('member count bounds, descending order and the generator', async () => {
    const big = await api().query({ list: 'allcategories', acmin: '100', acprop: 'size' });
    assert.ok(big.query.allcategories.length > 0);
    assert.ok(big.query.allcategories.every((c: any) => c.size >= 100));
    const down = await api().query({ list: 'allcategories', acdir: 'descending', acfrom: 'Stadt', aclimit: '2' });
    assert.equal(down.query.allcategories[0].category, 'Stadt');
    const pages = await api().query({ generator: 'allcategories', gacprefix: 'Stadt' });
    assert.deepEqual(pages.query.pages.map((p: any) => p.title).sort(), [
      'Kategorie:Stadt',
      'Kategorie:Stadt in Deutschland',
    ]);
  });

  test('a continue value of more than a title is badcontinue, checked before the other titles', async () => {
    const answer = await api().query({ list: 'allcategories', acfrom: './Punkt', accontinue: 'A|1' });
    assert.equal(answer.error.code, 'badcontinue');
    const bad = await api().query({ list: 'allcategories', acfrom: './Punkt', accontinue: 'A' });
    assert.equal(bad.error.code, 'invalidtitle');
  });
});
