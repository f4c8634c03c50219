import type { Kysely } from 'kysely';

/**
 * The search index splits the words of Chinese, Cantonese, Gan and Japanese texts as MediaWiki's
 * does (characters, or runs of one script): a store in such a language has its index built again
 * by the follow-up of this migration (see `after-migrations.ts`); the tables stay as they are.
 */
export async function up(_db: Kysely<any>) {}

export async function down(_db: Kysely<any>) {}
