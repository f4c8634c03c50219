import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { DumpEvent, DumpPage } from '../../src/import/xml/dump-types.js';
import { completeLinks, type ImportEvent, inOrder, PageStream } from '../../src/import/xml/page-stream.js';
import { TitleCodec } from '../../src/site/title.js';
import { germanSite } from '../helpers/german-site.js';

/** A dump's events for pages 1..n, each with one revision linking to the next page. */
function pageEvents(n: number): DumpEvent[] {
  const events: DumpEvent[] = [];
  for (let id = 1; id <= n; id++) {
    const page: DumpPage = { id, namespace: 0, title: `Seite ${id}` } as DumpPage;
    events.push({ type: 'page', page } as DumpEvent);
    events.push({
      type: 'revision',
      revision: {
        id: 1000 + id,
        timestamp: '2020-01-01T00:00:00Z',
        contributor: { deleted: false, username: 'Alice', id: 1 },
        text: `<center>${id}</center> [[Seite ${id + 1}]] <b>offen`,
        textDeleted: false,
        commentDeleted: false,
        minor: false,
        slots: [],
      },
    } as unknown as DumpEvent);
    events.push({ type: 'page-end', page } as DumpEvent);
  }
  return events;
}

async function* fromArray(events: DumpEvent[]): AsyncGenerator<DumpEvent> {
  yield* events;
}

async function collect(stream: PageStream, events: DumpEvent[]): Promise<ImportEvent[]> {
  const out: ImportEvent[] = [];
  for await (const event of inOrder(fromArray(events), stream)) out.push(event);
  return out;
}

test('with a lint helper, page ends are answered by the helper and come back in the dump order', async () => {
  const site = germanSite();
  const events = pageEvents(70);
  const shared = new PageStream({ lint: true, lintHelper: true });
  shared.setSite(site);
  try {
    // The first page's end goes to the helper: a promise, not the event itself.
    const first = pageEvents(1);
    shared.process(first[0]!);
    shared.process(first[1]!);
    const answer = shared.process(first[2]!);
    assert.ok(answer instanceof Promise);
    shared.flush();
    const end = await answer;
    assert.equal(end.type, 'page-end');
    assert.ok(end.type === 'page-end' && end.links && end.links.rows.linter.length > 0);

    const alone = new PageStream({ lint: true });
    alone.setSite(site);
    const expected = await collect(alone, events);
    const got = await collect(shared, events);
    assert.equal(got.length, events.length);
    assert.deepEqual(got, expected);
  } finally {
    await shared.close();
  }
});

test('without linting there is no helper, whatever is asked', () => {
  const stream = new PageStream({ lint: false, lintHelper: true });
  stream.setSite(germanSite());
  assert.equal(stream.sharing, false);
  const [page, revision, end] = pageEvents(1);
  stream.process(page!);
  stream.process(revision!);
  assert.ok(!(stream.process(end!) instanceof Promise));
});

test('links left to the writing thread are the same once it has extracted them', async () => {
  const site = germanSite();
  const events = pageEvents(6);
  const alone = new PageStream({ lint: false });
  alone.setSite(site);
  const expected = await collect(alone, events);

  const leaving = new PageStream({ lint: false });
  leaving.setSite(site);
  let pageEnds = 0;
  leaving.leaveLinksWhen(() => pageEnds++ % 2 === 0);
  const got = await collect(leaving, events);
  const left = got.filter((e) => e.type === 'page-end' && e.unextracted);
  assert.equal(left.length, 3);
  assert.ok(left.every((e) => e.type === 'page-end' && e.links === undefined));
  const codec = new TitleCodec(site);
  for (const event of got) if (event.type === 'page-end') completeLinks(event, codec);
  assert.deepEqual(got, expected);
});

test('a linting stream extracts every page itself', async () => {
  const stream = new PageStream({ lint: true });
  stream.setSite(germanSite());
  stream.leaveLinksWhen(() => true);
  const got = await collect(stream, pageEvents(2));
  assert.ok(got.every((e) => e.type !== 'page-end' || (e.links && !e.unextracted)));
});
