import type { Gender } from '../site/title.js';
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
