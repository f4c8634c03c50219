import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeEachEngine } from '@svc/common/testing';
import { useReferenceApi } from '../helpers/reference-api.js';

describeEachEngine('list=alllinks, alltransclusions, allfileusages, allredirects', (engine) => {
  const api = useReferenceApi(engine);

  test('every link is listed with its source, continued by title and source id', async () => {
    const answer = await api().query({
      list: 'alllinks',
      alfrom: 'Berlin',
      alto: 'Berlin',
      alprop: 'ids|title',
      allimit: 'max',
    });
    const sources = answer.query.alllinks.map((l: any) => l.fromid);
    const backlinks = await api().query({ list: 'backlinks', bltitle: 'Berlin', bllimit: 'max' });
    assert.deepEqual(
      sources,
      backlinks.query.backlinks.map((b: any) => b.pageid),
    );
    const page = await api().query({ list: 'alllinks', alfrom: 'Berlin', allimit: '2' });
    assert.equal(page.continue.alcontinue, `Berlin|${sources[2]}`);
  });

  test('unique lists each target once; it cannot be combined with ids', async () => {
    const answer = await api().query({ list: 'alltransclusions', atunique: '1', atprefix: 'Person' });
    assert.deepEqual(answer.query.alltransclusions, [{ ns: 10, title: 'Vorlage:Person' }]);
    const clash = await api().query({ list: 'allredirects', arunique: '1', arprop: 'ids|fragment' });
    assert.deepEqual(
      [clash.error.code, clash.error.info],
      ['invalidparammix', 'The "arprop=ids|fragment" parameter cannot be used with "arunique".'],
    );
    // Named with the module's own prefix as a generator too, the values in the order sent.
    const asGenerator = await api().query({ generator: 'allredirects', garunique: '1', garprop: 'fragment|ids' });
    assert.equal(asGenerator.error.info, 'The "arprop=fragment|ids" parameter cannot be used with "arunique".');
  });

  test("a unique list is the full list's distinct targets, in either direction, bounded and continued", async () => {
    const titles = (answer: any) => answer.query.alllinks.map((l: any) => l.title);
    const full = await api().query({ list: 'alllinks', alfrom: 'Bi', alto: 'Bl', allimit: 'max' });
    assert.equal(full.continue, undefined);
    const distinct = [...new Set<string>(titles(full))];
    assert.ok(distinct.length > 5);
    const up = await api().query({ list: 'alllinks', alunique: '1', alfrom: 'Bi', alto: 'Bl', allimit: 'max' });
    assert.deepEqual(titles(up), distinct);
    const down = { list: 'alllinks', alunique: '1', alfrom: 'Bi', alto: 'Bl', aldir: 'descending' };
    assert.deepEqual(titles(await api().query({ ...down, allimit: 'max' })), [...distinct].reverse());
    // Step by step: each continuation goes on after the last title, the bound ahead still holding
    // (a continuation replaces alfrom, as in MediaWiki 1.39, so a descending list is bounded by
    // its prefix here).
    const stepped = async (params: Record<string, string>) => {
      const seen: string[] = [];
      let next: Record<string, string> = {};
      for (let i = 0; i < 200; i++) {
        const answer = await api().query({ list: 'alllinks', alunique: '1', allimit: '7', ...params, ...next });
        seen.push(...titles(answer));
        if (!answer.continue) break;
        next = { alcontinue: answer.continue.alcontinue };
      }
      return seen;
    };
    assert.deepEqual(await stepped({ alfrom: 'Bi', alto: 'Bl' }), distinct);
    const prefixed = distinct.filter((title) => title.startsWith('Bi'));
    assert.ok(prefixed.length > 7);
    assert.deepEqual(await stepped({ alprefix: 'Bi', aldir: 'descending' }), [...prefixed].reverse());
  });

  test('redirect targets show their fragment and interwiki prefix', async () => {
    const answer = await api().query({
      list: 'allredirects',
      arfrom: 'Berlin',
      arto: 'Berlin',
      arprop: 'ids|title|fragment|interwiki',
    });
    assert.deepEqual(answer.query.allredirects, [
      { fromid: 296, ns: 0, title: 'Berlin', fragment: 'Geschichte' },
      { fromid: 302, ns: 0, title: 'Berlin', interwiki: 'wikipedia' },
    ]);
  });

  test('files are listed in the file namespace; generators give sources or targets', async () => {
    const files = await api().query({ list: 'allfileusages', afprefix: 'Beispiel', afunique: '1' });
    assert.deepEqual(
      files.query.allfileusages.map((f: any) => f.title),
      ['Datei:Beispiel.png'],
    );
    const targets = await api().query({ generator: 'allfileusages', gafprefix: 'Beispiel', gafunique: '1' });
    assert.deepEqual(
      targets.query.pages.map((p: any) => p.title),
      ['Datei:Beispiel.png'],
    );
    const sources = await api().query({ generator: 'allfileusages', gafprefix: 'Beispiel' });
    assert.deepEqual(
      sources.query.pages.map((p: any) => p.pageid),
      [236, 237, 332],
    );
  });

  test('bad continuation values and title parts are errors', async () => {
    const bad = await api().query({ list: 'alllinks', alcontinue: 'Berlin' });
    assert.equal(bad.error.code, 'badcontinue');
    const badUnique = await api().query({ list: 'alllinks', alunique: '1', alcontinue: 'Berlin|1' });
    assert.equal(badUnique.error.code, 'badcontinue');
    const invalid = await api().query({ list: 'alllinks', alfrom: 'a#b' });
    assert.equal(invalid.error.code, 'invalidtitle');
  });
});
