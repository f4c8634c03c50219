/**
 * A message's external links as MediaWiki's parser makes them in the `html` error format: a URL in
 * brackets with a text (`[https://example.org/ Example]`) becomes an external "text" link, each bare
 * URL an external "free" link; either is `rel="nofollow"` unless its host is one of the wiki's exceptions
 * (`$wgNoFollowDomainExceptions`, MediaWiki's default `mediawiki.org`). A URL ends before a space,
 * markup or an escaped angle bracket or quote, and loses the punctuation that ends a sentence; a
 * protocol with nothing after it is left as text. A bare URL right after a letter (of any script) is
 * no link.
 */
// Not after a letter, digit or underscore of any script: MediaWiki's `\b` reads Unicode's word
// characters (PHP's `u` modifier), so a URL right after Chinese text is no link.
const FREE_URL = /(?<![\p{L}\p{N}_])https?:\/\/(?:(?!&(?:lt|gt|quot|#0?39);)[^\s<>"[\]{}|])+/gu;
const TRAILING = /[,;.:!?]+$/;
const NO_FOLLOW_EXCEPTIONS = ['mediawiki.org'];

function followed(url: string): boolean {
  let host: string;
  try {
    host = new URL(url.replaceAll('&amp;', '&')).hostname;
  } catch {
    return false;
  }
  return NO_FOLLOW_EXCEPTIONS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

const BRACKETED = /\[(https?:\/\/(?:(?!&(?:lt|gt|quot|#0?39);)[^\s<>"[\]{}|])+) +([^\]\n]+)\]/g;

/** Links the bracketed URLs with a text, then the bare URLs, of a text already escaped for HTML. */
export function linkFreeUrls(escaped: string): string {
  if (!escaped.includes('://')) return escaped;
  let linked = '';
  let last = 0;
  for (const match of escaped.matchAll(BRACKETED)) {
    const [whole, url, text] = match;
    const rel = followed(url) ? '' : 'rel="nofollow" ';
    linked += `${linkBareUrls(escaped.slice(last, match.index))}<a ${rel}class="external text" href="${url}">${text}</a>`;
    last = match.index + whole.length;
  }
  return linked + linkBareUrls(escaped.slice(last));
}

/** Links the bare URLs of a text already escaped for HTML. */
function linkBareUrls(escaped: string): string {
  if (!escaped.includes('://')) return escaped;
  return escaped.replace(FREE_URL, (match) => {
    let url = match.replace(TRAILING, '');
    // A closing parenthesis belongs to the URL only when it opened one.
    if (url.endsWith(')') && !url.includes('(')) url = url.slice(0, -1);
    const rest = match.slice(url.length);
    // A protocol left alone once the punctuation is cut off is no link.
    if (url.endsWith('//')) return match;
    const rel = followed(url) ? '' : 'rel="nofollow" ';
    return `<a ${rel}class="external free" href="${url}">${url}</a>${rest}`;
  });
}
