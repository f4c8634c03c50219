import { type Gender, NS_USER, NS_USER_TALK, type TitleCodec } from '../site/title.js';
import type { WikiStore } from '../store/database.js';

/**
 * The grammatical gender users chose (preference `gender`), which picks the namespace name their
 * user pages are shown with (`Benutzerin:Alice`). Users without the preference are `unknown`.
 */
export async function loadGenders(store: WikiStore, userNames: readonly string[]): Promise<Map<string, Gender>> {
  const genders = new Map<string, Gender>();
  const names = [...new Set(userNames)];
  for (let i = 0; i < names.length; i += 200) {
    const rows = await store.db
      .selectFrom('user')
      .innerJoin('user_properties', 'up_user', 'user_id')
      .select(['user_name', 'up_value'])
      .where('up_property', '=', 'gender')
      .where('user_name', 'in', names.slice(i, i + 200))
      .execute();
    for (const row of rows) {
      if (row.up_value === 'male' || row.up_value === 'female') genders.set(row.user_name, row.up_value);
    }
  }
  return genders;
}

/** The user a page of a user namespace belongs to: the part before the first slash, with spaces. */
export function userOf(dbKey: string): string {
  const slash = dbKey.indexOf('/');
  return (slash === -1 ? dbKey : dbKey.slice(0, slash)).replace(/_/g, ' ');
}

const isUserNamespace = (namespace: number) => namespace === NS_USER || namespace === NS_USER_TALK;

/** Formats the titles of one batch of rows, user pages in the form their user's gender asks for. */
export class TitleTexts {
  constructor(
    private readonly codec: TitleCodec,
    private readonly genders: ReadonlyMap<string, Gender>,
  ) {}

  /** `Namespace:Text` with spaces, gendered where the namespace has gendered names. */
  text(namespace: number, dbKey: string): string {
    const title = { namespace, dbKey, interwiki: '' };
    if (!isUserNamespace(namespace)) return this.codec.prefixedText(title);
    return this.codec.genderPrefixedText(title, this.genders.get(userOf(dbKey)) ?? 'unknown');
  }
}

/**
 * Looks up the genders a batch of titles needs, so that list modules format their titles with one
 * query at most (none when no title is a user page).
 */
export async function titleTexts(
  store: WikiStore,
  codec: TitleCodec,
  titles: Iterable<{ namespace: number; dbKey: string }>,
): Promise<TitleTexts> {
  const users: string[] = [];
  for (const t of titles) if (isUserNamespace(t.namespace)) users.push(userOf(t.dbKey));
  return new TitleTexts(codec, users.length > 0 ? await loadGenders(store, users) : new Map());
}
