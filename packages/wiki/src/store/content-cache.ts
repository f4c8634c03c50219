/**
 * Revision texts kept in memory between requests, so that answers that show the same contents
 * again (the latest revisions of popular pages) read them once. A content row's text never changes
 * under its id in MediaWiki's model; the cache still checks each hit against the row's stored
 * SHA-1, so a store rewritten by another import cannot serve a stale text. Whoever wants to know
 * which texts are kept (the JSON printer, `api/format/prepared-json.ts`, which then splices in
 * their escaped form instead of escaping them again) registers with `observeKeptTexts`: the store
 * knows nothing of formats.
 */
import { BoundedMap, perStore } from './cache-toolkit.js';
import type { WikiStore } from './database.js';

/** Told when the cache keeps a text and when it lets it go. */
export interface KeptTextObserver {
  kept(text: string): void;
  dropped(text: string): void;
}

let observer: KeptTextObserver | undefined;

/** Registers the one observer of kept texts (the JSON printer does so when it is loaded). */
export function observeKeptTexts(next: KeptTextObserver): void {
  observer = next;
}

/**
 * Characters of text kept per store (UTF-16 in memory: about twice as many bytes, plus their JSON
 * forms as text and as UTF-8 bytes, made when first sent, and those bytes gzip-compressed, about a
 * third of them, made when first sent compressed).
 */
export const CONTENT_CACHE_CHARS = 8 * 1024 * 1024;

/** Batches of lookups stay within SQL parameter limits. */
const LOOKUP_BATCH = 500;

interface Entry {
  sha1: string;
  text: string;
}

export class ContentCache {
  /** In least recently used order, within the budget of characters. */
  private readonly entries: BoundedMap<number, Entry>;

  constructor(private readonly budget = CONTENT_CACHE_CHARS) {
    this.entries = new BoundedMap<number, Entry>({
      maxEntries: Number.POSITIVE_INFINITY,
      weigh: (entry) => entry.text.length,
      maxWeight: budget,
      dropped: (entry) => observer?.dropped(entry.text),
    });
  }

  get(id: number, sha1: string): string | undefined {
    const entry = this.entries.get(id);
    return entry && entry.sha1 === sha1 ? entry.text : undefined;
  }

  set(id: number, sha1: string, text: string): void {
    if (text.length > this.budget) return;
    this.entries.set(id, { sha1, text });
    observer?.kept(text);
  }

  get size(): number {
    return this.entries.size;
  }
}

export const contentCacheOf = perStore((_: WikiStore) => new ContentCache());

/** The texts of content rows by id: from the cache, the others read in one query per batch. */
export async function contentTexts(
  store: WikiStore,
  rows: readonly { content_id: number; content_sha1: string }[],
): Promise<Map<number, string>> {
  const cache = contentCacheOf(store);
  const texts = new Map<number, string>();
  const missing: number[] = [];
  for (const row of rows) {
    const text = cache.get(row.content_id, row.content_sha1);
    if (text === undefined) missing.push(row.content_id);
    else texts.set(row.content_id, text);
  }
  for (let i = 0; i < missing.length; i += LOOKUP_BATCH) {
    const read = await store.db
      .selectFrom('content')
      .select(['content_id', 'content_sha1', 'content_text'])
      .where('content_id', 'in', missing.slice(i, i + LOOKUP_BATCH))
      .execute();
    for (const row of read) {
      const text = row.content_text ?? '';
      cache.set(row.content_id, row.content_sha1, text);
      texts.set(row.content_id, text);
    }
  }
  return texts;
}

/** A slot of a revision with its content row's fields (not its text). */
export interface RevisionSlot {
  slot_revision_id: number;
  slot_role: string;
  content_id: number;
  content_size: number;
  content_sha1: string;
  content_model: string;
}

/** Revisions whose slots are kept per store (a revision has one or a few). */
export const SLOT_CACHE_REVISIONS = 50_000;

/**
 * The slots of revisions by revision id, every role. A revision's slots never change; hits are
 * checked against the revision's SHA-1 (`rev_sha1`/`ar_sha1`), and revisions without one are
 * always read from the store.
 */
export class RevisionSlotCache {
  private readonly entries: BoundedMap<number, { sha1: string; slots: RevisionSlot[] }>;

  constructor(capacity = SLOT_CACHE_REVISIONS) {
    this.entries = new BoundedMap({ maxEntries: capacity });
  }

  get(revId: number, sha1: string): RevisionSlot[] | undefined {
    if (sha1 === '') return undefined;
    const entry = this.entries.get(revId);
    return entry && entry.sha1 === sha1 ? entry.slots : undefined;
  }

  set(revId: number, sha1: string, slots: RevisionSlot[]): void {
    if (sha1 !== '') this.entries.set(revId, { sha1, slots });
  }
}

const slotCacheOf = perStore((_: WikiStore) => new RevisionSlotCache());

/** The slots of revisions (every role), from the cache or in one query per batch. */
export async function revisionSlots(
  store: WikiStore,
  revisions: readonly { revId: number; sha1: string }[],
): Promise<Map<number, RevisionSlot[]>> {
  const cache = slotCacheOf(store);
  const found = new Map<number, RevisionSlot[]>();
  const missing = new Map<number, string>();
  for (const { revId, sha1 } of revisions) {
    const slots = cache.get(revId, sha1);
    if (slots) found.set(revId, slots);
    else missing.set(revId, sha1);
  }
  const ids = [...missing.keys()];
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const rows = await store.db
      .selectFrom('slots')
      .innerJoin('content', 'content_id', 'slot_content_id')
      .select(['slot_revision_id', 'slot_role', 'content_id', 'content_size', 'content_sha1', 'content_model'])
      .where('slot_revision_id', 'in', ids.slice(i, i + LOOKUP_BATCH))
      .execute();
    for (const row of rows) {
      const list = found.get(row.slot_revision_id) ?? [];
      list.push(row);
      found.set(row.slot_revision_id, list);
    }
  }
  for (const [revId, sha1] of missing) cache.set(revId, sha1, found.get(revId) ?? []);
  return found;
}
