import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { diffTableRows } from '../../src/text/text-diff.js';
import { similarity, wordEdits, wordsOf } from '../../src/text/word-diff.js';

const label = { line: (n: number) => `Zeile ${n}:`, moved: (to: 'new' | 'old') => `nach ${to}` };
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
  assert.equal(
    diffTableRows('x\ny\nz', 'x', label),
    header(1, 1) + context('<div>x</div>') + deleted('<div>y</div>') + deleted('<div>z</div>'),
  );
});

test('a line is cut into words: runs of letters and digits, every other character alone', () => {
  const texts = (line: string) => wordsOf(line).map((w) => w.text);
  assert.deepEqual(texts('Zürich, 2024 — ok'), ['Zürich', ',', ' ', '2024', ' ', '—', ' ', 'ok']);
  assert.deepEqual(texts('東京は big'), ['東', '京', 'は', ' ', 'big']);
  // A lone space opening a line compares with nothing but another such space.
  assert.deepEqual(
    wordsOf(' y').map((w) => w.body),
    ['', 'y'],
  );
  assert.deepEqual(
    wordsOf('  y').map((w) => w.body),
    [' ', ' ', 'y'],
  );
});

test('similarity: bytes kept over bytes of every step, a replaced run counted by its longer side', () => {
  assert.equal(similarity(wordEdits('x yyyyyyy', 'x zzzzzzz', 0)), 2 / 9);
  assert.equal(similarity(wordEdits('x ü', 'x üü', 0)), 2 / 6);
  assert.equal(similarity(wordEdits('abc', 'def', 0)), 0);
});

test('lines in Thai are cut into words by a dictionary, as MediaWiki answered', () => {
  const changed = (from: string, to: string) =>
    `${header(1, 1)}<tr>\n  <td class="diff-marker" data-marker="\u2212"></td>\n  <td class="diff-deletedline diff-side-deleted"><div>${from}</div></td>\n  <td class="diff-marker" data-marker="+"></td>\n  <td class="diff-addedline diff-side-added"><div>${to}</div></td>\n</tr>\n`;
  const del = (text: string) => `<del class="diffchange diffchange-inline">${text}</del>`;
  const ins = (text: string) => `<ins class="diffchange diffchange-inline">${text}</ins>`;
  assert.equal(
    diffTableRows('ภาษาไทยเป็นภาษาราชการ', 'ภาษาลาวเป็นภาษาราชการ', label),
    changed(`ภาษา${del('ไทย')}เป็นภาษาราชการ`, `ภาษา${ins('ลาว')}เป็นภาษาราชการ`),
  );
  // Letters of another script start a word after Thai and before it; digits after Thai stay in its word.
  assert.equal(
    diffTableRows('อาหารไทยมีรสชาติเผ็ดและหวาน', 'อาหารBangkokมีรสชาติกับและหวาน', label),
    changed(`อาหาร${del('ไทย')}มีรสชาติ${del('เผ็ด')}และหวาน`, `อาหาร${ins('Bangkok')}มีรสชาติ${ins('กับ')}และหวาน`),
  );
  assert.equal(
    diffTableRows('อาหารไทยมีรสชาติเผ็ดและหวาน', 'อาหารไทยมี2567เผ็ดและหวาน', label),
    changed(`อาหารไทย${del('มีรสชาติ')}เผ็ดและหวาน`, `อาหารไทย${ins('มี2567')}เผ็ดและหวาน`),
  );
  assert.equal(
    diffTableRows('Zürich ภาษาไทย ok', 'Zürich ภาษาลาว ok', label),
    changed(`Zürich ภาษา${del('ไทย')} ok`, `Zürich ภาษา${ins('ลาว')} ok`),
  );
  // In a line with Thai, ASCII letters after other letters outside ASCII start a word.
  assert.equal(
    diffTableRows('Zürich ภาษาไทย', 'Xürich ภาษาไทย', label),
    changed(`${del('Zü')}rich ภาษาไทย`, `${ins('Xü')}rich ภาษาไทย`),
  );
  assert.equal(
    diffTableRows('Grüße aus ไทย', 'Grüßen aus ไทย', label),
    changed(`Grüß${del('e')} aus ไทย`, `Grüß${ins('en')} aus ไทย`),
  );
  assert.equal(
    diffTableRows('ภาษาไทย', 'ภาษาไทย\nb', label),
    header(1, 1) + context('<div>ภาษาไทย</div>') + added('<div>b</div>'),
  );
});

interface RecordedCase {
  name: string;
  old: string;
  new: string;
  rows: string;
}

// Recorded from wikidiff2 1.13.0 (`wikidiff2_do_diff(old, new, 2)`), with the link titles
// MediaWiki adds to moved paragraphs.
const recorded: RecordedCase[] = JSON.parse(
  readFileSync(new URL('../fixtures/wikidiff2-cases.json', import.meta.url), 'utf8'),
);
const raw = { line: (n: number) => `<!--LINE ${n}-->`, moved: (to: 'new' | 'old') => `to ${to}` };

for (const c of recorded) {
  test(`as wikidiff2: ${c.name}`, () => {
    const expected = c.rows.replace(
      /class="mw-diff-movedpara-(left|right)"/g,
      (m, side) => `${m} title="to ${side === 'left' ? 'new' : 'old'}"`,
    );
    assert.equal(diffTableRows(c.old, c.new, raw), expected);
  });
}

test('lines too long to compare word by word within the budget are shown as added and removed', () => {
  // Two lines of 60,000 words (and as many spaces) each: 1.4e10 against a budget of 2e9.
  const words = (n: number, change: boolean) =>
    Array.from({ length: n }, (_, i) => (change && i % 7 === 0 ? 'neu' : `w${(i * 7919) % 50}`)).join(' ');
  const oldLine = words(60_000, false);
  const newLine = words(60_000, true);
  // Taken as unlike without comparing their words: an added line, then the removed one.
  assert.equal(
    diffTableRows(oldLine, newLine, label),
    header(1, 1) + added(`<div>${newLine}</div>`) + deleted(`<div>${oldLine}</div>`),
  );
  // Short lines still are compared word by word.
  assert.match(diffTableRows('a b c', 'a x c', label) as string, /diffchange/);
});
