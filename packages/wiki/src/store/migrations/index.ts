import type { Migration } from 'kysely';
import * as m0001 from './0001_wiki_store.js';
import * as m0002 from './0002_sessions.js';
import * as m0013 from './0013_search_index.js';
import * as m0014 from './0014_linter.js';
import * as m0015 from './0015_search_wordcount.js';
import * as m0016 from './0016_link_tables_without_rowid.js';
import * as m0017 from './0017_search_index_tables.js';
import * as m0100 from './0100_deferred_builds.js';
import * as m0149 from './0149_replica_state.js';
import * as m0150 from './0150_message_catalogue.js';
import * as m0151 from './0151_language_data.js';
import * as m0152 from './0152_deferred_build_tables.js';
import * as m0153 from './0153_search_words_by_language.js';

/** Every migration, keyed by a name that sorts in the order they apply. */
export const migrations: Record<string, Migration> = {
  '0001_wiki_store': m0001,
  '0002_sessions': m0002,
  '0013_search_index': m0013,
  '0014_linter': m0014,
  '0015_search_wordcount': m0015,
  '0016_link_tables_without_rowid': m0016,
  '0017_search_index_tables': m0017,
  '0100_deferred_builds': m0100,
  '0149_replica_state': m0149,
  '0150_message_catalogue': m0150,
  '0151_language_data': m0151,
  '0152_deferred_build_tables': m0152,
  '0153_search_words_by_language': m0153,
};
