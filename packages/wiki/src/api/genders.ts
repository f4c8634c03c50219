/**
 * Gendered titles: in languages with gendered names for the user namespaces, MediaWiki shows a
 * user page under the form matching the user's gender preference (`Benutzerin:Alice`). Modules
 * that list titles look the genders of a whole batch up at once, then format each title.
 */
import { type Gender, NS_USER, NS_USER_TALK, type TitleCodec } from '../site/title.js';
import type { WikiStore } from '../store/database.js';

/** SQL parameter lists stay well below the engines' limits. */
const BATCH = 500;

type TitleKey = { namespace: number; dbKey: string };

/** The user a page of a user namespace belongs to: the part before the first slash, with spaces. */
function userOf(dbKey: string): string {
  const slash = dbKey.indexOf('/');
  return (slash === -1 ? dbKey : dbKey.slice(0, slash)).replace(/_/g, ' ');
}

function defaultGender(codec: TitleCodec): Gender {
  const options = codec.site.settings.DefaultUserOptions as Record<string, unknown> | undefined;
  const value = options?.gender;
  return value === 'male' || value === 'female' ? value : 'unknown';
}

/** Formats titles of one batch, each in the form its gender asks for. */
export class TitleTexts {
  constructor(
    private readonly codec: TitleCodec,
    private readonly genders: ReadonlyMap<string, Gender>,
    private readonly fallback: Gender,
  ) {}

  /** `Namespace:Text` with spaces, gendered where the namespace has gendered names. */
  text(namespace: number, dbKey: string): string {
    if (namespace !== NS_USER && namespace !== NS_USER_TALK) {
      return this.codec.prefixedText({ namespace, dbKey, interwiki: '' });
    }
    const gender = this.genders.get(userOf(dbKey)) ?? this.fallback;
    return this.codec.genderPrefixedText({ namespace, dbKey, interwiki: '' }, gender);
  }
}

function hasGenderedNames(codec: TitleCodec): boolean {
  return (
    codec.genderNamespaceName(NS_USER, 'female') !== codec.namespaceName(NS_USER) ||
    codec.genderNamespaceName(NS_USER, 'male') !== codec.namespaceName(NS_USER)
  );
}

/** Looks up the genders the titles need (one query per 500 users, none when no title needs one). */
export async function titleTexts(store: WikiStore, codec: TitleCodec, titles: Iterable<TitleKey>): Promise<TitleTexts> {
  const fallback = defaultGender(codec);
  const users = new Set<string>();
  if (hasGenderedNames(codec)) {
    for (const t of titles) if (t.namespace === NS_USER || t.namespace === NS_USER_TALK) users.add(userOf(t.dbKey));
  }
  const genders = new Map<string, Gender>();
  const names = [...users];
  for (let i = 0; i < names.length; i += BATCH) {
    const rows = await store.db
      .selectFrom('user')
      .innerJoin('user_properties', 'up_user', 'user_id')
      .select(['user_name', 'up_value'])
      .where('up_property', '=', 'gender')
      .where('user_name', 'in', names.slice(i, i + BATCH))
      .execute();
    for (const row of rows) {
      if (row.up_value === 'male' || row.up_value === 'female') genders.set(row.user_name, row.up_value);
    }
  }
  return new TitleTexts(codec, genders, fallback);
}
