import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderQuotes } from '../../src/wikitext/quotes.js';

/** Lines and the HTML MediaWiki 1.39's parser made of them (`action=parse`, inside the paragraph). */
const CASES: Array<[string, string]> = [
  ["''a''", '<i>a</i>'],
  ["'''b'''", '<b>b</b>'],
  ["'''''c'''''", '<i><b>c</b></i>'],
  ["''''d''''", "'<b>d'</b>"],
  ["'''''''e'''''''", "''<i><b>e''</b></i>"],
  ["''a'''b'''''", '<i>a<b>b</b></i>'],
  ["'''a''b", "'<i>a</i>b"],
  ["l''Aquila '''x", "l<i>Aquila '</i>x"],
  ["a '''b''' c ''d", 'a <b>b</b> c <i>d</i>'],
  ["x'''y''' l'''z ''w''", 'x<b>y</b> l<b>z <i>w</i></b>'],
  ["''' x '' y", "'<i> x </i> y"],
  ["'''''a''' b''", '<i><b>a</b> b</i>'],
  ["'''''a'' b'''", '<b><i>a</i> b</b>'],
  ["''a'''", "<i>a'</i>"],
  ["'''a''", "'<i>a</i>"],
  ["a''''b", "a'<b>b</b>"],
  ["ä'''x'' y", "ä'<i>x</i> y"],
  ["''a'' '''b'''''c''", '<i>a</i> <b>b</b><i>c</i>'],
  ["List of ''Atlas Shrugged'' characters", 'List of <i>Atlas Shrugged</i> characters'],
  ["'''''", ''],
];

test('apostrophes become bold and italics as MediaWiki balances them', () => {
  for (const [text, html] of CASES) assert.equal(renderQuotes(text), html, text);
});

test('each line is balanced on its own; text without quotes is unchanged', () => {
  assert.equal(renderQuotes("''a\nb''"), '<i>a</i>\nb<i></i>');
  assert.equal(renderQuotes("it's"), "it's");
});
