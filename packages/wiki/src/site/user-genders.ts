/**
 * The genders users chose in their preferences, which decide how titles of their user pages are
 * written in languages with gendered user namespaces (`Benutzerin:Alice`). Only users who chose a
 * gender have a preference row, so the map stays small even on a large wiki.
 */
import type { WikiStore } from '../store/database.js';
import type { Gender } from './title.js';

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
