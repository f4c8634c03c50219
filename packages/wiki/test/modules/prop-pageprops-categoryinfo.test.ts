import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { apiGet } from '../helpers/api-app.js';
import { useReferenceApi } from '../helpers/reference-api.js';

describeEachEngine('prop=pageprops and prop=categoryinfo', (engine) => {
  const api = useReferenceApi(engine);

  test('pageprops lists every property of each page, or the named ones', async () => {
    const all = await api().query({ prop: 'pageprops', titles: 'Eisenbahn|Johann Wolfgang von Goethe|Fahrrad' });
    const props = new Map(all.query.pages.map((p: { title: string; pageprops?: object }) => [p.title, p.pageprops]));
    assert.deepEqual(props.get('Johann Wolfgang von Goethe'), { defaultsort: 'Goethe, Johann Wolfgang von' });
    assert.deepEqual(props.get('Fahrrad'), { notoc: '' });
    const named = await api().query({ prop: 'pageprops', titles: 'Eisenbahn', ppprop: 'nosuchprop' });
    assert.equal(named.query.pages[0].pageprops, undefined);
    // An empty ppprop is no filter, as in MediaWiki; a list of empty names is one that matches none.
    const empty = await api().query({ prop: 'pageprops', titles: 'Fahrrad', ppprop: '' });
    assert.deepEqual(empty.query.pages[0].pageprops, { notoc: '' });
    const bars = await api().query({ prop: 'pageprops', titles: 'Fahrrad', ppprop: '|' });
    assert.equal(bars.query.pages[0].pageprops, undefined);
  });

  test('ppcontinue resumes at a page id and must be a number', async () => {
    const body = await api().query({
      prop: 'pageprops',
      titles: 'Eisenbahn|Johann Wolfgang von Goethe',
      ppcontinue: '258',
    });
    assert.deepEqual(
      body.query.pages.map((p: { pageprops?: object }) => p.pageprops !== undefined),
      [false, true],
    );
    const bad = await api().query({ prop: 'pageprops', titles: 'Eisenbahn', ppcontinue: 'x' });
    assert.equal(bad.error.code, 'badcontinue');
    // An empty value is none: every page's properties.
    const empty = await api().query({ prop: 'pageprops', titles: 'Fahrrad', ppcontinue: '' });
    assert.deepEqual(empty.query.pages[0].pageprops, { notoc: '' });
  });

  test('categoryinfo counts members of existing and missing category pages; XML attributes', async () => {
    const body = await api().query({
      prop: 'categoryinfo',
      titles: 'Kategorie:Stadt|Kategorie:Staat in Europa|Berlin',
    });
    const info = new Map(
      body.query.pages.map((p: { title: string; categoryinfo?: object }) => [p.title, p.categoryinfo]),
    );
    assert.deepEqual(info.get('Kategorie:Stadt'), { size: 15, pages: 13, files: 0, subcats: 2, hidden: false });
    assert.deepEqual(info.get('Kategorie:Staat in Europa'), { size: 3, pages: 3, files: 0, subcats: 0, hidden: false });
    assert.equal(info.get('Berlin'), undefined);
    const { response } = await apiGet(api().app, {
      action: 'query',
      prop: 'categoryinfo',
      titles: 'Kategorie:Wartung',
      format: 'xml',
    });
    assert.match(response.body, /<categoryinfo size="2" pages="2" files="0" subcats="0" hidden="" \/>/);
  });
});
