import assert from 'node:assert/strict';
import { test } from 'node:test';
import { linkFreeUrls } from '../../src/api/messages/free-links.js';

test("a bare URL is a link after a space or punctuation, not right after a letter of any script (MediaWiki's Unicode \\b)", () => {
  const url = 'https://www.mediawiki.org/wiki/Extension:TextExtracts#Caveats';
  assert.equal(linkFreeUrls(`See ${url}.`), `See <a class="external free" href="${url}">${url}</a>.`);
  assert.equal(linkFreeUrls(`(${url})`), `(<a class="external free" href="${url}">${url}</a>)`);
  // As MediaWiki 1.39 gives the Chinese text of textextracts-malformed-html: no link.
  assert.equal(linkFreeUrls(`已知问题在${url}列出。`), `已知问题在${url}列出。`);
  assert.equal(linkFreeUrls(`xhttps://example.org/`), 'xhttps://example.org/');
  assert.equal(linkFreeUrls(`é${url}`), `é${url}`);
});
