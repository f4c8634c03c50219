/**
 * Request lines as the server's log records them: the values of secret parameters (passwords and
 * every kind of token, such as the watchlist token `wltoken`) are replaced, so that a log never
 * holds what would open a session or another user's watchlist.
 */

/** Parameter names whose values are secrets: `lgpassword`, `wltoken`, `gwrtoken`, `logintoken`, ... */
const SECRET_NAME = /(?:token|password)$/i;

/** The URL with each secret parameter's value replaced by `***`. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question === -1) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      let name: string;
      try {
        name = decodeURIComponent(pair.slice(0, equals).replace(/\+/g, ' '));
      } catch {
        name = pair.slice(0, equals);
      }
      return SECRET_NAME.test(name) ? `${pair.slice(0, equals)}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, question)}?${query}`;
}
