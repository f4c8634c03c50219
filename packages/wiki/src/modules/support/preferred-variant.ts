/**
 * The variant of the content language a request's content is shown in, chosen as MediaWiki's
 * `LanguageConverter::getPreferredVariant` chooses it: the variant the request names (`variant`,
 * else `uselang`); else, for a logged-in user, the user's preference (`variant`, which defaults
 * to the content language itself); else, for anyone else, the first variant `Accept-Language`
 * names by quality; else the language itself, whose conversion changes nothing.
 */
import { acceptedLanguages } from '../../api/accept-language.js';
import type { ModuleContext } from '../../api/module.js';
import type { LanguageConverter } from '../../site/mediawiki/language-variants.js';

export async function preferredVariant(
  ctx: Pick<ModuleContext<unknown>, 'askedVariant' | 'user' | 'acceptLanguage' | 'store' | 'site'>,
  converter: LanguageConverter,
): Promise<string> {
  const validate = (code: string | undefined) =>
    code === undefined || code === '' ? undefined : converter.markup.validateVariant(code);
  let chosen = validate(ctx.askedVariant);
  if (chosen === undefined && !ctx.user.anonymous) {
    // A converter of the content language reads `variant`; another one `variant-<code>`.
    const option = converter.language === ctx.site.language ? 'variant' : `variant-${converter.language}`;
    const row = await ctx.store.db
      .selectFrom('user_properties')
      .select('up_value')
      .where('up_user', '=', ctx.user.id)
      .where('up_property', '=', option)
      .executeTakeFirst();
    chosen = validate(row?.up_value ?? converter.language);
  } else if (chosen === undefined) {
    for (const { code } of acceptedLanguages(ctx.acceptLanguage)) {
      chosen = validate(code);
      if (chosen !== undefined) break;
    }
  }
  return chosen ?? converter.language;
}
