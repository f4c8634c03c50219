import { type DatabaseTarget, type OpenDatabase, openMigratedDatabase } from '@svc/common';
import { migrations } from './migrations/index.js';
import type { WikiDatabase } from './schema.js';

export type WikiStore = OpenDatabase<WikiDatabase>;

/** Opens the wiki database and brings its schema up to date. */
export function openWikiStore(target: DatabaseTarget): Promise<WikiStore> {
  return openMigratedDatabase<WikiDatabase>(target, migrations);
}
