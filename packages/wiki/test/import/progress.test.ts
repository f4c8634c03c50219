import assert from 'node:assert/strict';
import { test } from 'node:test';
import { streamProgress } from '../../src/import/progress.js';

/** A terminal of `columns` columns that keeps what was drawn last. */
function terminal(columns: number) {
  const lines: string[] = [];
  const stream = {
    isTTY: true,
    columns,
    write(chunk: string) {
      lines.push(...chunk.split('\r').filter((part) => part !== ''));
      return true;
    },
  };
  return { stream: stream as unknown as NodeJS.WritableStream & { isTTY: boolean; columns: number }, lines };
}

test('the progress line shows tenths of a megabyte and a rate above zero', async () => {
  const { stream, lines } = terminal(120);
  const progress = streamProgress(stream);
  progress.begin('importing sample.xml', 3.7, 'MB');
  await new Promise((resolve) => setTimeout(resolve, 1100));
  progress.advance(0.4, '40 pages, 52 revisions');
  const drawn = lines.at(-1)?.trimEnd() ?? '';
  assert.match(
    drawn,
    /^importing sample\.xml: \[#*\.*\] 0\.4\/3\.7 MB, ETA \d+:\d\d, 0\.\d MB\/s \(40 pages, 52 revisions\)$/,
  );
  progress.end();
  assert.match(lines.at(-1) ?? '', /^importing sample\.xml: 0\.4 MB in \d+\.\d s \(40 pages, 52 revisions\)/);
});

test('on a narrow terminal the figures stay whole: the bar, then the detail, then the label give way', async () => {
  const { stream, lines } = terminal(80);
  const progress = streamProgress(stream);
  progress.begin('importing enwiki-20240601-pages-articles-multistream.xml.bz2', 21_345.6, 'MB');
  await new Promise((resolve) => setTimeout(resolve, 1100));
  progress.advance(1_234.5, '1,234,567 pages, 9,876,543 revisions');
  const drawn = lines.at(-1) ?? '';
  assert.equal(drawn.length, 79);
  assert.match(drawn.trimEnd(), /: 1,235\/21,346 MB, ETA \d+:\d\d, [\d,]+ MB\/s$/);
  assert.doesNotMatch(drawn, /\[#/);
});
