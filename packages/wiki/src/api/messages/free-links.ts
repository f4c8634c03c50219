/**
 * A message's bare URLs as MediaWiki's parser links them in the `html` error format: each becomes
 * an external "free" link, `rel="nofollow"` unless its host is one of the wiki's exceptions
 * (`$wgNoFollowDomainExceptions`, MediaWiki's default `mediawiki.org`). A URL ends before a space,
 * markup or an escaped angle bracket or quote, and loses the punctuation that ends a sentence.
 */
const FREE_URL = /\bhttps?:\/\/(?:(?!&(?:lt|gt|quot|#0?39);)[^\s<>"[\]{}|])+/g;
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

/** Links the bare URLs of a text already escaped for HTML. */
export function linkFreeUrls(escaped: string): string {
  if (!escaped.includes('://')) return escaped;
  return escaped.replace(FREE_URL, (match) => {
    let url = match.replace(TRAILING, '');
    // A closing parenthesis belongs to the URL only when it opened one.
    if (url.endsWith(')') && !url.includes('(')) url = url.slice(0, -1);
    const rest = match.slice(url.length);
    const rel = followed(url) ? '' : 'rel="nofollow" ';
    return `<a ${rel}class="external free" href="${url}">${url}</a>${rest}`;
  });
}
