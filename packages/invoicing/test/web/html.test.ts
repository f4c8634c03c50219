import assert from 'node:assert/strict';
import { test } from 'node:test';
import { escapeHtml, html, trustedHtml } from '../../src/web/html.js';

test('every interpolated text is escaped, including attribute quotes', () => {
  const name = `<script>alert("x")</script>' onmouseover='1`;
  const out = html`<p title="${name}">${name}</p>`.value;
  assert.equal(
    out,
    '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;1">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;1</p>',
  );
});

test('nested templates and arrays pass through once, not escaped twice', () => {
  const items = ['a&b', 'c<d'];
  const out = html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`.value;
  assert.equal(out, '<ul><li>a&amp;b</li><li>c&lt;d</li></ul>');
});

test('nullish and boolean values print nothing; numbers and bigints print as text', () => {
  assert.equal(html`${null}${undefined}${false}${true}|${12}|${10n ** 20n}`.value, '|12|100000000000000000000');
});

test('only explicitly trusted markup is embedded unescaped', () => {
  assert.equal(html`${trustedHtml('<b>ok</b>')}`.value, '<b>ok</b>');
  assert.equal(escapeHtml('`&'), '&#96;&amp;');
});
