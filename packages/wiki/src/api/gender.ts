import type { Gender, TitleCodec } from '../site/title.js';
import type { WikiStore } from '../store/database.js';

/**
 * Titles of user pages are written with the namespace name of their user's grammatical gender
 * (`Benutzerin:Alice`), as MediaWiki writes them wherever it shows a title. The one place that
 * knows the genders is the title codec: `useUserGenders` gives it the genders users chose
 * (preference `gender`) when the server starts, and every `prefixedText` (page set, lists, props)
 * is then gendered without a query of its own. Only users who chose a gender have a preference
 * row, so the map stays small even on a large wiki; users without one are `unknown`.
 */
export async function loadUserGenders(store: WikiStore): Promise<Map<string, Gender>> {
  const rows = await store.db
    .selectFrom('user_properties')
    .innerJoin('user', 'user.user_id', 'user_properties.up_user')
    .select(['user.user_name as name', 'user_properties.up_value as value'])
    .where('user_properties.up_property', '=', 'gender')
    .execute();
  const genders = new Map<string, Gender>();
  for (const row of rows) {
    if (row.value === 'male' || row.value === 'female') genders.set(row.name, row.value);
  }
  return genders;
}

/** Makes the codec write user-namespace titles in the form of their user's gender. */
export async function useUserGenders(codec: TitleCodec, store: WikiStore): Promise<void> {
  const genders = await loadUserGenders(store);
  GENDERS.set(codec, genders);
  codec.useGenders((name) => genders.get(name) ?? 'unknown');
}

const GENDERS = new WeakMap<TitleCodec, ReadonlyMap<string, Gender>>();

/** A user's gender as the codec knows it (`{{GENDER:}}` of messages): `unknown` without a choice. */
export function userGender(codec: TitleCodec, userName: string): Gender {
  return GENDERS.get(codec)?.get(userName.replace(/_/g, ' ')) ?? 'unknown';
}

/** A stored title (`namespace`, `dbKey` with underscores) as shown: `Benutzerin:Alice/Entwurf`. */
export function titleText(codec: TitleCodec, namespace: number, dbKey: string): string {
  return codec.prefixedText({ namespace, dbKey, interwiki: '' });
}
