/**
 * Parts of titles given as range bounds and prefixes (`apfrom`, `apprefix`): MediaWiki turns them
 * into the stored form (underscores, first letter upper-cased in first-letter namespaces) by
 * parsing them as a title of the namespace with a letter appended, so that a part ending in a space
 * keeps it and an empty part stays empty.
 */
import { apiError } from '../../api/errors.js';
import { NS_MAIN, type TitleCodec } from '../../site/title.js';

export function titlePartToKey(codec: TitleCodec, part: string, namespace: number): string {
  const prefix = namespace === NS_MAIN ? '' : `${codec.namespaceName(namespace) || String(namespace)}:`;
  const parsed = codec.parse(`${prefix}${part}x`);
  if (
    !parsed.ok ||
    parsed.title.fragment !== '' ||
    parsed.title.interwiki !== '' ||
    parsed.title.namespace !== namespace
  ) {
    throw apiError('invalidtitle', 'apierror-invalidtitle', [part]);
  }
  return parsed.title.dbKey.slice(0, -1);
}

/**
 * The exclusive upper bound of the strings that start with `prefix`, for `>= prefix AND < bound`
 * on byte-ordered text: no character sorts after U+10FFFF.
 */
export function prefixUpperBound(prefix: string): string {
  return `${prefix}\u{10ffff}`;
}
