import { UserError } from '@svc/common';
import type { Kysely } from 'kysely';
import type { WikiDatabase } from '../store/schema.js';

export class ImportRefused extends UserError {
  override name = 'ImportRefused';
}

function sameServer(a: string | null | undefined, b: string | undefined): boolean {
  if (!a || !b) return true;
  return a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
}

/**
 * One store holds one wiki. Refuses (ImportRefused) to import a wiki with another id or another
 * server into a store that already holds one, unless the import replaces it. Returns whether the
 * store already held this same wiki.
 */
export async function checkWikiIdentity(
  db: Kysely<WikiDatabase>,
  incoming: { wikiId: string; server?: string },
  replace: boolean,
): Promise<'empty' | 'same' | 'replaced'> {
  const stored = await db
    .selectFrom('site')
    .select(['site_wiki_id', 'site_server'])
    .where('site_id', '=', 1)
    .executeTakeFirst();
  if (!stored) return 'empty';
  if (stored.site_wiki_id === incoming.wikiId && sameServer(stored.site_server, incoming.server)) return 'same';
  if (replace) return 'replaced';
  const describe = (id: string, server: string | null | undefined) => (server ? `${id} at ${server}` : id);
  throw new ImportRefused(
    `this store holds the wiki ${describe(stored.site_wiki_id, stored.site_server)}, not ${describe(incoming.wikiId, incoming.server)}; ` +
      'give --replace to replace it (its content is deleted) or use another store',
  );
}
