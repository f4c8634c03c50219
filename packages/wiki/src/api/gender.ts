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

/** The genders chosen by the named users (`{{GENDER:}}` of messages); users without a choice are absent. */
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

/** Makes the codec write user-namespace titles in the form of their user's gender. */
export async function useUserGenders(codec: TitleCodec, store: WikiStore): Promise<void> {
  const genders = await loadUserGenders(store);
  codec.useGenders((name) => genders.get(name) ?? 'unknown');
}

/** A stored title (`namespace`, `dbKey` with underscores) as shown: `Benutzerin:Alice/Entwurf`. */
export function titleText(codec: TitleCodec, namespace: number, dbKey: string): string {
  return codec.prefixedText({ namespace, dbKey, interwiki: '' });
}

/**
 * @deprecated Kept for callers written against the former per-list lookup: titles are gendered by
 * the codec itself (`codec.prefixedText`), so this only forwards to it.
 */
export async function titleTexts(
  _store: WikiStore,
  codec: TitleCodec,
  _titles: Iterable<{ namespace: number; dbKey: string }>,
): Promise<{ text(namespace: number, dbKey: string): string }> {
  return { text: (namespace, dbKey) => titleText(codec, namespace, dbKey) };
}
