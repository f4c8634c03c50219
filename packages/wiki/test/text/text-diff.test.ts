import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffTableRows, MAX_COMPARED_PAIRS } from '../../src/text/text-diff.js';

const label = (n: number) => `Zeile ${n}:`;
const header = (from: number, to: number) =>
  `<tr>\n  <td colspan="2" class="diff-lineno">Zeile ${from}:</td>\n  <td colspan="2" class="diff-lineno">Zeile ${to}:</td>\n</tr>\n`;
const added = (html: string) =>
  `<tr>\n  <td colspan="2" class="diff-empty diff-side-deleted"></td>\n  <td class="diff-marker" data-marker="+"></td>\n  <td class="diff-addedline diff-side-added">${html}</td>\n</tr>\n`;
const deleted = (html: string) =>
  `<tr>\n  <td class="diff-marker" data-marker="\u2212"></td>\n  <td class="diff-deletedline diff-side-deleted">${html}</td>\n  <td colspan="2" class="diff-empty diff-side-added"></td>\n</tr>\n`;
const context = (html: string) =>
  `<tr>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-deleted">${html}</td>\n  <td class="diff-marker"></td>\n  <td class="diff-context diff-side-added">${html}</td>\n</tr>\n`;

test('a line replaced by an unlike one: the new line first, then the old one (as MediaWiki answered)', () => {
  assert.equal(
    diffTableRows('poop', 'A', label),
    '<tr>\n  <td colspan="2" class="diff-lineno">Zeile 1:</td>\n  <td colspan="2" class="diff-lineno">Zeile 1:</td>\n</tr>\n' +
      '<tr>\n  <td colspan="2" class="diff-empty diff-side-deleted"></td>\n  <td class="diff-marker" data-marker="+"></td>\n' +
      '  <td class="diff-addedline diff-side-added"><div>A</div></td>\n</tr>\n' +
      '<tr>\n  <td class="diff-marker" data-marker="−"></td>\n  <td class="diff-deletedline diff-side-deleted"><div>poop</div></td>\n' +
      '  <td colspan="2" class="diff-empty diff-side-added"></td>\n</tr>\n',
  );
  // Pair by pair, then the lines left over.
  assert.equal(
    diffTableRows('eins\nzwei\ndrei', 'Hallo\nWelt', label),
    header(1, 1) +
      added('<div>Hallo</div>') +
      deleted('<div>eins</div>') +
      added('<div>Welt</div>') +
      deleted('<div>zwei</div>') +
      deleted('<div>drei</div>'),
  );
});

test('an empty text has no lines; an empty line is a line break; the text is escaped but for quotes', () => {
  assert.equal(
    diffTableRows('a <b>\n\n"c" & d', '', label),
    header(1, 1) + deleted('<div>a &lt;b&gt;</div>') + deleted('<br />') + deleted('<div>"c" &amp; d</div>'),
  );
});

test('unchanged lines: two of context around a change, each run of context headed by its line numbers', () => {
  const old = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((n) => `Zeile ${n} hier`);
  const without = [...old.slice(0, 4), ...old.slice(5)].join('\n');
  assert.equal(
    diffTableRows(old.join('\n'), without, label),
    header(3, 3) +
      context('<div>Zeile 3 hier</div>') +
      context('<div>Zeile 4 hier</div>') +
      deleted('<div>Zeile 5 hier</div>') +
      context('<div>Zeile 6 hier</div>') +
      context('<div>Zeile 7 hier</div>'),
  );
  // A kept first line is context under the first heading; a line found further on is context too.
  assert.equal(
    diffTableRows('x\ny\nz', 'x', label),
    header(1, 1) + context('<div>x</div>') + deleted('<div>y</div>') + deleted('<div>z</div>'),
  );
  assert.equal(
    diffTableRows('a\n|\nb', '|', label),
    header(1, 1) + deleted('<div>a</div>') + context('<div>|</div>') + deleted('<div>b</div>'),
  );
});

test('lines the engine would compare word by word or show as moved are not diffed here', () => {
  assert.equal(diffTableRows('|-', '|', label), undefined);
  assert.equal(diffTableRows('eins\nzwei\ndrei', 'drei\neins', label), undefined);
});

test('texts too long to compare line by line here get no diff', () => {
  const lines = Math.ceil(Math.sqrt(MAX_COMPARED_PAIRS)) + 1;
  const many = Array.from({ length: lines }, (_, i) => `Zeile ${i}`).join('\n');
  const others = Array.from({ length: lines }, (_, i) => `Andere ${i}`).join('\n');
  assert.equal(diffTableRows(many, others, label), undefined);
});
