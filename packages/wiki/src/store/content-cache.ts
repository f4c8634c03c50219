/**
 * Revision texts kept in memory between requests, so that answers that show the same contents
 * again (the latest revisions of popular pages) read them once. A content row's text never changes
 * under its id in MediaWiki's model; the cache still checks each hit against the row's stored
 * SHA-1, so a store rewritten by another import cannot serve a stale text. Whoever wants to know
 * which texts are kept (the JSON printer, `api/format/prepared-json.ts`, which then splices in
 * their escaped form instead of escaping them again) registers with `observeKeptTexts`: the store
 * knows nothing of formats.
 */
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
  /** In least recently used order (a hit moves its entry to the end). */
  private readonly entries = new Map<number, Entry>();
  private chars = 0;

  constructor(private readonly budget = CONTENT_CACHE_CHARS) {}

  get(id: number, sha1: string): string | undefined {
    const entry = this.entries.get(id);
    if (!entry || entry.sha1 !== sha1) return undefined;
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.text;
  }

  set(id: number, sha1: string, text: string): void {
    if (text.length > this.budget) return;
    const old = this.entries.get(id);
    if (old) this.remove(id, old);
    this.entries.set(id, { sha1, text });
    this.chars += text.length;
    observer?.kept(text);
    for (const [oldest, entry] of this.entries) {
      if (this.chars <= this.budget) break;
      this.remove(oldest, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(id: number, entry: Entry): void {
    this.entries.delete(id);
    this.chars -= entry.text.length;
    observer?.dropped(entry.text);
  }
}

const caches = new WeakMap<WikiStore, ContentCache>();

export function contentCacheOf(store: WikiStore): ContentCache {
  let cache = caches.get(store);
  if (!cache) {
    cache = new ContentCache();
    caches.set(store, cache);
  }
  return cache;
}

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
  private readonly entries = new Map<number, { sha1: string; slots: RevisionSlot[] }>();

  constructor(private readonly capacity = SLOT_CACHE_REVISIONS) {}

  get(revId: number, sha1: string): RevisionSlot[] | undefined {
    if (sha1 === '') return undefined;
    const entry = this.entries.get(revId);
    if (!entry || entry.sha1 !== sha1) return undefined;
    this.entries.delete(revId);
    this.entries.set(revId, entry);
    return entry.slots;
  }

  set(revId: number, sha1: string, slots: RevisionSlot[]): void {
    if (sha1 === '') return;
    this.entries.delete(revId);
    this.entries.set(revId, { sha1, slots });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as number;
      this.entries.delete(oldest);
    }
  }
}

const slotCaches = new WeakMap<WikiStore, RevisionSlotCache>();

/** The slots of revisions (every role), from the cache or in one query per batch. */
export async function revisionSlots(
  store: WikiStore,
  revisions: readonly { revId: number; sha1: string }[],
): Promise<Map<number, RevisionSlot[]>> {
  let cache = slotCaches.get(store);
  if (!cache) {
    cache = new RevisionSlotCache();
    slotCaches.set(store, cache);
  }
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
