/**
 * The page set of `action=query`: the pages named by `titles`, `pageids`, `revids` or produced by a
 * generator, resolved once (normalisation, redirects, missing and invalid titles, special pages,
 * interwiki titles) so that every prop module gets the same list.
 */
import { languageConverter } from '../site/mediawiki/language-variants.js';
import { localSpecialPageKey, specialPageExists } from '../site/mediawiki/special-page-aliases.js';
import {
  NS_MEDIA,
  NS_MEDIAWIKI,
  NS_SPECIAL,
  NS_USER,
  NS_USER_TALK,
  type Title,
  type TitleCodec,
} from '../site/title.js';
import { interwikiUrl } from '../site/urls.js';
import type { WikiStore } from '../store/database.js';
import { keptRows } from '../store/row-cache.js';
import { compareByteOrder } from '../text/byte-order.js';
import { escapeWikiText } from '../text/escape-wikitext.js';
import type { ApiMessage } from './errors.js';
import type { MessageCatalogue } from './messages/catalogue.js';
import { renderMessage } from './messages/render.js';
import { shippedMessage } from './messages/store.js';
import { rawUrlEncodeBytes, utf8Text } from './params/legacy-encoding.js';
import { cleanText, normalizeText, SentBytes } from './params/request.js';
import { splitMulti } from './params/validate.js';
import { byWholeNumber } from './result/numeric-order.js';
import { KeyedList, list, type ResultObject, type ResultValue } from './result/tree.js';

export interface PageRecord {
  pageid: number;
  ns: number;
  dbKey: string;
  /** Prefixed title with spaces. */
  title: string;
  isRedirect: boolean;
  /** The page has a single revision (`page_is_new`). */
  isNew: boolean;
  touched: string;
  latest: number;
  length: number;
  contentModel: string | null;
  lang: string | null;
}

export interface MissingTitle {
  fakeId: number;
  ns: number;
  dbKey: string;
  title: string;
  /** A special page or `Media:` title naming no special page or file. */
  missing?: boolean;
}

export interface InvalidTitle {
  fakeId: number;
  title: string;
  /** Why, as MediaWiki's message: the reason's key and parameters, the title last. */
  reason: ApiMessage;
}

export interface PageSetOptions {
  resolveRedirects: boolean;
  /**
   * `converttitles`: a title given (or a generator's) without a page is looked up in the other
   * script variants of the content language, as MediaWiki's `findVariantLink` does, and each hit
   * replaces it and is reported in a `converted` block. Languages without variants convert
   * nothing; of those with variants, the ones converted by tables alone (Chinese, Gan, Tajik,
   * Talysh, Serbian: `site/mediawiki/language-variants.ts`), redirect targets as well.
   */
  convertTitles: boolean;
  /** The store's message catalogue: a `MediaWiki:` title of one of its messages is known. */
  messages?: MessageCatalogue;
}

/** Batches of lookups stay within SQL parameter limits. */
const LOOKUP_BATCH = 200;

export class PageSet {
  private readonly goodById = new Map<number, PageRecord>();
  readonly missing: MissingTitle[] = [];
  readonly missingIds: number[] = [];
  readonly invalid: InvalidTitle[] = [];
  readonly special: MissingTitle[] = [];
  readonly interwiki: { title: string; iw: string }[] = [];
  readonly normalized: { from: string; to: string; fromencoded: boolean }[] = [];
  /** Titles without a page that `converttitles` found in another variant: from the given title to the page's. */
  readonly converted: { from: string; to: string }[] = [];
  readonly redirects: { from: string; to: string; tofragment?: string; tointerwiki?: string }[] = [];
  readonly badRevIds: number[] = [];
  /** Revision ids asked for by `revids` (or produced by a revision generator), by page. */
  readonly revisionIds = new Map<number, number[]>();
  /**
   * Deleted revision ids among them (callers with `deletedhistory` only), with the page id of the
   * title they were deleted from: a fake negative id when that title has no page now.
   */
  readonly deletedRevisionIds = new Map<number, number>();
  /** Extra fields for pages (the `index` of search generators), by prefixed title. */
  readonly extraFields = new Map<string, Record<string, string | number | boolean>>();
  private nextFakeId = -1;

  constructor(
    private readonly store: WikiStore,
    private readonly titles: TitleCodec,
    private readonly options: PageSetOptions,
  ) {}

  get isEmpty(): boolean {
    return (
      this.good.size === 0 &&
      this.missing.length === 0 &&
      this.missingIds.length === 0 &&
      this.invalid.length === 0 &&
      this.special.length === 0 &&
      this.interwiki.length === 0 &&
      this.badRevIds.length === 0
    );
  }

  /** goodPages' list, made again after a page is added. */
  private sortedGood: readonly PageRecord[] | undefined;

  /** Pages that exist, by page id in ascending order (the order MediaWiki answers in). */
  goodPages(): readonly PageRecord[] {
    this.sortedGood ??= byWholeNumber([...this.goodById.values()], (page) => page.pageid);
    return this.sortedGood;
  }

  /**
   * Pages that exist in the order the set took them in (the titles as the database lists them, a
   * generator's pages in its order, redirect targets after): the order of MediaWiki's export.
   */
  goodPagesAsAdded(): readonly PageRecord[] {
    return [...this.goodById.values()];
  }

  /** Pages that exist, by page id. */
  get good(): ReadonlyMap<number, PageRecord> {
    return this.goodById;
  }

  private addGood(record: PageRecord): void {
    this.goodById.set(record.pageid, record);
    this.sortedGood = undefined;
  }

  /** Every title of the set that names a page of this wiki (existing or not). */
  allTitles(): { ns: number; dbKey: string; title: string; pageid: number }[] {
    return [
      ...this.goodPages().map((p) => ({ ns: p.ns, dbKey: p.dbKey, title: p.title, pageid: p.pageid })),
      ...this.missing.map((m) => ({ ns: m.ns, dbKey: m.dbKey, title: m.title, pageid: m.fakeId })),
    ];
  }

  /**
   * Adds titles as the client typed them. `sent` is the parameter as sent when it was not valid
   * NFC text: a title that cleaning changed is reported normalised from its sent form, encoded.
   */
  async addTitleStrings(inputs: readonly string[], sent?: string | SentBytes): Promise<void> {
    const wanted: Title[] = [];
    // Values that cleaning changed are reported first (MediaWiki records them as it reads the
    // parameter), from the sent form to the cleaned one; each title's own normalisation follows.
    if (sent !== undefined) {
      // The value is cleaned whole, then split, as MediaWiki compares the two value by value.
      const bytes = sent instanceof SentBytes;
      const cleanedValues = splitMulti(normalizeText(bytes ? sent.read() : sent));
      splitMulti(bytes ? sent.bytes : sent).forEach((original, i) => {
        const cleaned = cleanedValues[i] ?? '';
        // The sent form as text where it is valid NFC text, else encoded (its bytes, where not UTF-8).
        const text = bytes ? utf8Text(original) : original;
        if (text !== undefined && cleanText(text) === text) {
          if (cleaned !== text) this.addNormalized({ fromencoded: false, from: text, to: cleaned });
        } else {
          const from = text === undefined ? rawUrlEncodeBytes(original) : rawUrlEncode(original);
          this.addNormalized({ fromencoded: true, from, to: cleaned });
        }
      });
    }
    const parsedInputs = inputs.map((input) => ({ input, parsed: this.titles.parse(input) }));
    const given = new Map<Title, string>();
    for (const { input, parsed } of parsedInputs) {
      if (!parsed.ok) {
        // A byte limit is a number to the message (MediaWiki's numParam), the title its last parameter.
        const limits =
          parsed.reason === 'title-invalid-too-long' ? parsed.params.map((n) => ({ num: Number(n) })) : null;
        const params = [...(limits ?? parsed.params), escapeWikiText(input)];
        const reason = { code: parsed.reason, key: parsed.reason, params };
        this.invalid.push({ fakeId: this.nextFakeId--, title: input, reason });
        continue;
      }
      const title = this.localSpecial(parsed.title);
      const text = title.interwiki ? this.titles.prefixedText(title) : this.displayText(title);
      if (text !== input) this.addNormalized({ fromencoded: false, from: input, to: text });
      if (title.interwiki) {
        // Kept by its prefixed text, without the fragment: two forms of one title are one entry.
        if (!this.interwiki.some((i) => i.title === text)) this.interwiki.push({ title: text, iw: title.interwiki });
        continue;
      }
      // A fragment alone (`#Section`) names no page: reported normalised to "", then left out.
      if (title.dbKey === '') continue;
      wanted.push(title);
      given.set(title, input);
    }
    await this.resolveTitles(wanted, given);
  }

  /** A normalisation, once for each form given (a title given twice is reported once). */
  private addNormalized(entry: { from: string; to: string; fromencoded: boolean }): void {
    if (!this.normalized.some((n) => n.from === entry.from && n.fromencoded === entry.fromencoded))
      this.normalized.push(entry);
  }

  /** Adds titles a generator produced (already normalised). */
  async addTitles(titles: readonly Pick<Title, 'namespace' | 'dbKey'>[]): Promise<void> {
    await this.resolveTitles(titles.map((t) => this.titles.make(t.namespace, t.dbKey)));
  }

  /** Adds pages a generator read from the `page` table itself (with PAGE_COLUMNS): no second lookup. */
  async addPageRows(rows: readonly PageRow[]): Promise<void> {
    await this.addFoundPages(rows.map((row) => this.toRecord(row)));
  }

  /**
   * Adds pages by id: in the order given (a generator's), or `byId` as MediaWiki's lookup of
   * `pageids=` gives them.
   */
  async addPageIds(ids: readonly number[], order: 'given' | 'byId' = 'given'): Promise<void> {
    const rows = await this.fetchPagesById(ids);
    if (order === 'byId') rows.sort((a, b) => a.pageid - b.pageid);
    const found = new Set(rows.map((r) => r.pageid));
    for (const id of ids) if (!found.has(id) && !this.missingIds.includes(id)) this.missingIds.push(id);
    await this.addFoundPages(rows);
  }

  /**
   * Adds the pages of revisions. Ids that name no revision but a deleted one add the title it was
   * deleted from when `seeDeleted` (the caller has `deletedhistory`), as MediaWiki does; the rest
   * are bad revision ids.
   */
  async addRevisionIds(revids: readonly number[], seeDeleted = false): Promise<void> {
    const pageIds: number[] = [];
    const remaining: number[] = [];
    for (let i = 0; i < revids.length; i += LOOKUP_BATCH) {
      const batch = revids.slice(i, i + LOOKUP_BATCH);
      const rows = await this.store.db
        .selectFrom('revision')
        .select(['rev_id', 'rev_page'])
        .where('rev_id', 'in', batch)
        .execute();
      const byId = new Map(rows.map((r) => [r.rev_id, r.rev_page]));
      for (const revid of batch) {
        const page = byId.get(revid);
        if (page === undefined) {
          remaining.push(revid);
          continue;
        }
        const list = this.revisionIds.get(page) ?? [];
        list.push(revid);
        this.revisionIds.set(page, list);
        if (!pageIds.includes(page)) pageIds.push(page);
      }
    }
    // By page id, as MediaWiki's lookup of the revisions' pages gives them.
    // (A redirect among them is followed where the set resolves redirects: a revision generator's.)
    const rows = (await this.fetchPagesById(pageIds)).sort((a, b) => a.pageid - b.pageid);
    await this.addFoundPages(rows);
    if (remaining.length > 0 && seeDeleted) await this.addDeletedRevisionIds(remaining);
    else this.badRevIds.push(...remaining);
  }

  /** Deleted revisions: their titles join the set (existing or missing); unknown ids are bad. */
  private async addDeletedRevisionIds(revids: readonly number[]): Promise<void> {
    const found = new Map<number, { namespace: number; dbKey: string }>();
    for (let i = 0; i < revids.length; i += LOOKUP_BATCH) {
      const rows = await this.store.db
        .selectFrom('archive')
        .select(['ar_rev_id', 'ar_namespace', 'ar_title'])
        .where('ar_rev_id', 'in', revids.slice(i, i + LOOKUP_BATCH))
        .execute();
      for (const row of rows) found.set(row.ar_rev_id, { namespace: row.ar_namespace, dbKey: row.ar_title });
    }
    await this.resolveTitles([...found.values()].map((t) => this.titles.make(t.namespace, t.dbKey)));
    for (const revid of revids) {
      const title = found.get(revid);
      const pageId = title ? this.idOfTitle(title.namespace, title.dbKey) : undefined;
      if (pageId === undefined) {
        this.badRevIds.push(revid);
        continue;
      }
      this.deletedRevisionIds.set(revid, pageId);
      const list = this.revisionIds.get(pageId) ?? [];
      list.push(revid);
      this.revisionIds.set(pageId, list);
    }
  }

  /** The page id (or fake id of a missing title) the set holds for a title. */
  idOfTitle(namespace: number, dbKey: string): number | undefined {
    for (const page of this.good.values()) if (page.ns === namespace && page.dbKey === dbKey) return page.pageid;
    return this.missing.find((m) => m.ns === namespace && m.dbKey === dbKey)?.fakeId;
  }

  /** Revision ids of the set that name revisions of existing history (not deleted ones). */
  liveRevisionIds(): number[] {
    const live: number[] = [];
    for (const ids of this.revisionIds.values())
      for (const id of ids) if (!this.deletedRevisionIds.has(id)) live.push(id);
    return live;
  }

  /** A special page is named by its local name, whichever alias was given (a generator's too). */
  private localSpecial(title: Title): Title {
    if (title.namespace !== NS_SPECIAL || title.interwiki) return title;
    const local = localSpecialPageKey(title.dbKey, this.titles.site);
    return local === title.dbKey ? title : this.titles.make(NS_SPECIAL, local);
  }

  /**
   * MediaWiki's `findVariantLink` for the titles without a page: the title as given (its text where
   * a generator gave it) in each variant of the content language, the first that names a page
   * taking its place. Returns the pages found, each missing title it replaces recorded as converted.
   * Where the language's converter keeps user pages' titles (Serbian, Kazakh, ...), a title in the
   * User or User talk namespace is not looked up in other variants.
   */
  private async convertedPages(
    missing: readonly Title[],
    given: ReadonlyMap<Title, string> | undefined,
  ): Promise<{ rows: PageRecord[]; replaced: Set<Title> }> {
    const converter = languageConverter(this.titles.site.language);
    const replaced = new Set<Title>();
    if (converter === undefined || !converter.converts || missing.length === 0) return { rows: [], replaced };
    const candidates = new Map<Title, Title[]>();
    for (const title of missing) {
      if (converter.keepsUserTitles && (title.namespace === NS_USER || title.namespace === NS_USER_TALK)) continue;
      const link = given?.get(title) ?? this.titles.prefixedText(title);
      const forms: Title[] = [];
      for (const variant of converter.variants) {
        const text = converter.autoConvert(link, variant);
        if (text === link) continue;
        const parsed = this.titles.parse(text, { defaultNamespace: title.namespace });
        if (parsed.ok && !parsed.title.interwiki && parsed.title.namespace >= 0) forms.push(parsed.title);
      }
      if (forms.length > 0) candidates.set(title, forms);
    }
    if (candidates.size === 0) return { rows: [], replaced };
    const found = await this.fetchPagesByTitle([...candidates.values()].flat());
    const byKey = new Map(found.map((row) => [`${row.ns}:${row.dbKey}`, row]));
    const rows: PageRecord[] = [];
    for (const [title, forms] of candidates) {
      const hit = forms.map((form) => byKey.get(`${form.namespace}:${form.dbKey}`)).find((row) => row !== undefined);
      if (hit === undefined) continue;
      replaced.add(title);
      const from = this.displayText(title);
      if (!this.converted.some((c) => c.from === from)) this.converted.push({ from, to: hit.title });
      if (!rows.includes(hit)) rows.push(hit);
    }
    return { rows, replaced };
  }

  /**
   * The titles looked up that `rows` has no page for; with `converttitles`, those found under
   * another variant's title are not among them, their pages added to `rows`.
   */
  private async withoutPages(
    titles: readonly Title[],
    rows: PageRecord[],
    given: ReadonlyMap<Title, string> | undefined,
  ): Promise<Set<Title>> {
    const found = new Set(rows.map((r) => `${r.ns}:${r.dbKey}`));
    const missing = new Set(titles.filter((title) => !found.has(`${title.namespace}:${title.dbKey}`)));
    if (!this.options.convertTitles || missing.size === 0) return missing;
    const converted = await this.convertedPages([...missing], given);
    for (const title of converted.replaced) missing.delete(title);
    for (const row of converted.rows) if (!found.has(`${row.ns}:${row.dbKey}`)) rows.push(row);
    return missing;
  }

  private async resolveTitles(wanted: readonly Title[], given?: ReadonlyMap<Title, string>): Promise<void> {
    const pending: Title[] = [];
    for (const entry of wanted) {
      const title = this.localSpecial(entry);
      if (title.namespace === NS_SPECIAL || title.namespace === NS_MEDIA) {
        const text = this.displayText(title);
        if (!this.special.some((s) => s.title === text)) {
          const fakeId = this.nextFakeId--;
          const exists =
            title.namespace === NS_SPECIAL
              ? specialPageExists(title.dbKey, this.titles.site.language)
              : await this.fileExists(title.dbKey);
          const entry: MissingTitle = { fakeId, ns: title.namespace, dbKey: title.dbKey, title: text };
          if (!exists) entry.missing = true;
          this.special.push(entry);
        }
        continue;
      }
      pending.push(title);
    }
    const rows = await this.fetchPagesByTitle(pending);
    const missing = await this.withoutPages(pending, rows, given);
    // The namespaces come in the order they first appear among all titles looked up, found or not.
    this.addMissing(byNamespaceGroups(pending).filter((title) => missing.has(title)));
    await this.addFoundPages(rows);
  }

  /**
   * Titles without a page get the next fake ids as MediaWiki's link batch gives them: namespace by
   * namespace (in the order the namespaces first came), each in the order its titles came.
   */
  private addMissing(titles: readonly Title[]): void {
    for (const title of byNamespaceGroups(titles)) {
      const text = this.displayText(title);
      if (this.missing.some((m) => m.title === text)) continue;
      this.missing.push({ fakeId: this.nextFakeId--, ns: title.namespace, dbKey: title.dbKey, title: text });
    }
  }

  /** Whether the file a `Media:` title names exists. */
  private async fileExists(dbKey: string): Promise<boolean> {
    const row = await this.store.db
      .selectFrom('image')
      .select('img_name')
      .where('img_name', '=', dbKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async addFoundPages(rows: PageRecord[]): Promise<void> {
    if (!this.options.resolveRedirects) {
      for (const row of rows) this.addGood(row);
      return;
    }
    let current = rows;
    // A target met before (a page of the set, or a redirect resolved already, as in a chain or a
    // loop) is not added again, as MediaWiki skips titles its set knows.
    const met = new Set(rows.map((r) => r.pageid));
    // Pages the set has read (redirects too), by title: MediaWiki looks none of them up again.
    const seen = new Set(rows.map((r) => `${r.ns}:${r.dbKey}`));
    while (current.length > 0) {
      const redirects = current.filter((r) => r.isRedirect);
      for (const row of current) if (!row.isRedirect) this.addGood(row);
      if (redirects.length === 0) break;
      const targets = await this.store.db
        .selectFrom('redirect')
        .selectAll()
        .where(
          'rd_from',
          'in',
          redirects.map((r) => r.pageid),
        )
        .execute();
      const byFrom = new Map(targets.map((t) => [t.rd_from, t]));
      const next: Title[] = [];
      // Redirects resolve in the order of the redirect table's key, the source page's id.
      for (const source of [...redirects].sort((a, b) => a.pageid - b.pageid)) {
        const target = byFrom.get(source.pageid);
        if (!target) {
          this.addGood(source);
          continue;
        }
        const interwiki = target.rd_interwiki ?? '';
        const title = this.titles.make(target.rd_namespace, target.rd_title, '', interwiki);
        const entry: { from: string; to: string; tofragment?: string; tointerwiki?: string } = {
          from: source.title,
          to: interwiki ? this.titles.prefixedText(title) : this.displayText(title),
        };
        if (target.rd_fragment) entry.tofragment = target.rd_fragment;
        if (interwiki) {
          entry.tointerwiki = interwiki;
          this.interwiki.push({ title: entry.to, iw: interwiki });
        } else {
          next.push(title);
        }
        this.redirects.push(entry);
      }
      const nextRows = await this.fetchPagesByTitle(next);
      // A target without a page is looked up in the other variants too, as a title given is.
      const missing = await this.withoutPages(next, nextRows, undefined);
      // The namespaces come in the order they first appear among the targets the set did not
      // hold before, as MediaWiki looks up only those.
      const held = new Set(seen);
      for (const page of this.good.values()) held.add(`${page.ns}:${page.dbKey}`);
      for (const m of this.missing) held.add(`${m.ns}:${m.dbKey}`);
      const looked = next.filter((title) => !held.has(`${title.namespace}:${title.dbKey}`));
      for (const row of nextRows) seen.add(`${row.ns}:${row.dbKey}`);
      this.addMissing(byNamespaceGroups(looked).filter((title) => missing.has(title)));
      current = nextRows.filter((r) => !this.good.has(r.pageid) && !met.has(r.pageid));
      for (const r of current) met.add(r.pageid);
    }
  }

  private async fetchPagesByTitle(titles: readonly Title[]): Promise<PageRecord[]> {
    const out: PageRecord[] = [];
    const keyOf = (namespace: number, dbKey: string) => `${namespace}:${dbKey}`;
    for (let i = 0; i < titles.length; i += LOOKUP_BATCH) {
      const batch = titles.slice(i, i + LOOKUP_BATCH);
      const byKey = new Map(batch.map((t) => [keyOf(t.namespace, t.dbKey), t]));
      const read = (keys: readonly string[]) => this.readPagesByTitle(keys.map((key) => byKey.get(key) as Title));
      // Kept between requests by title (store/row-cache.ts), where the store keeps rows; a title
      // without a page is looked up each time.
      const keys = [...byKey.keys()];
      const rows =
        (await keptRows<PageRow, string>(
          this.store,
          'page by title',
          keys,
          (row) => keyOf(row.page_namespace, row.page_title),
          read,
        )) ?? (await read(keys));
      for (const row of rows) out.push(this.toRecord(row));
    }
    // In the order of MediaWiki's lookup by title, which the answer's order follows in
    // formatversion 1 and XML: namespaces as they first appear, titles by their bytes in each.
    const rank = new Map(byNamespaceGroups(titles).map((t, at) => [t.namespace, at]));
    return out.sort((a, b) => (rank.get(a.ns) ?? 0) - (rank.get(b.ns) ?? 0) || compareByteOrder(a.dbKey, b.dbKey));
  }

  /** The page rows of these titles, in no particular order. */
  private readPagesByTitle(batch: readonly Title[]): Promise<PageRow[]> {
    return this.store.db
      .selectFrom('page')
      .select(PAGE_COLUMNS)
      .where((eb) => {
        // One IN list per namespace: SQLite reads it from the title index about twice as fast as
        // a disjunction of one (namespace, title) pair per title.
        const byNamespace = new Map<number, string[]>();
        for (const t of batch) {
          const keys = byNamespace.get(t.namespace);
          if (keys) keys.push(t.dbKey);
          else byNamespace.set(t.namespace, [t.dbKey]);
        }
        return eb.or(
          [...byNamespace].map(([namespace, keys]) =>
            eb.and([eb('page_namespace', '=', namespace), eb('page_title', 'in', keys)]),
          ),
        );
      })
      .execute();
  }

  private async fetchPagesById(ids: readonly number[]): Promise<PageRecord[]> {
    const out: PageRecord[] = [];
    for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
      for (const row of await pageRowsById(this.store, ids.slice(i, i + LOOKUP_BATCH))) out.push(this.toRecord(row));
    }
    return out;
  }

  /** The title as MediaWiki shows it (user pages with the namespace name of the user's gender). */
  displayText(title: Pick<Title, 'namespace' | 'dbKey' | 'interwiki'>): string {
    return this.titles.prefixedText(title);
  }

  private toRecord(row: PageRow): PageRecord {
    return {
      pageid: row.page_id,
      ns: row.page_namespace,
      dbKey: row.page_title,
      title: this.displayText({ namespace: row.page_namespace, dbKey: row.page_title, interwiki: '' }),
      isRedirect: Boolean(row.page_is_redirect),
      isNew: Boolean(row.page_is_new),
      touched: row.page_touched,
      latest: row.page_latest,
      length: row.page_len,
      contentModel: row.page_content_model,
      lang: row.page_lang,
    };
  }

  /** Writes the set's blocks into the `query` object, as MediaWiki orders and shapes them. */
  writeInto(
    query: ResultObject,
    indexPageIds: boolean,
    interwikiUrls = false,
    /** An invalid title's reason as the error format gives a message (English text by default). */
    formatReason: (reason: ApiMessage) => ResultValue = (reason) => renderMessage(reason.key, reason.params, 'en'),
  ): KeyedList | undefined {
    if (this.normalized.length > 0)
      query.normalized = list(
        'n',
        this.normalized.map((n) => ({ ...n })),
      );
    if (this.converted.length > 0)
      query.converted = list(
        'c',
        this.converted.map((c) => ({ ...c })),
      );
    if (this.interwiki.length > 0) {
      query.interwiki = list(
        'i',
        this.interwiki.map((i) => {
          const entry: ResultObject = { ...i };
          const url = interwikiUrls ? interwikiUrl(this.titles, i.iw, i.title.slice(i.iw.length + 1)) : undefined;
          if (url) entry.url = url;
          return entry;
        }),
      );
    }
    if (this.redirects.length > 0)
      query.redirects = list(
        'r',
        this.redirects.map((r) => {
          // A redirect the generator gave fields for (search's page and index) carries them before
          // where it leads, as MediaWiki merges a generator's data into its redirects.
          const fields = this.extraFields.get(r.from);
          return fields ? { ...fields, ...r } : { ...r };
        }),
      );
    if (this.badRevIds.length > 0) {
      const bad = new KeyedList('rev', 'default');
      for (const revid of this.badRevIds) bad.set(revid, { revid, missing: true });
      query.badrevids = bad;
    }
    // As MediaWiki adds them: missing titles, invalid titles, missing ids, special pages, then
    // the pages found; as a list (formatversion 2), in the order of their (fake) ids.
    const pages = new KeyedList('page', 'bcarray');
    for (const m of this.missing) {
      const entry: ResultObject = { ns: m.ns, title: m.title, missing: true };
      if (m.ns === NS_MEDIAWIKI && hasDefaultMessage(m.dbKey, this.options.messages)) entry.known = true;
      pages.set(m.fakeId, Object.assign(entry, this.extra(m.title)));
    }
    for (const inv of this.invalid)
      pages.set(inv.fakeId, { title: inv.title, invalidreason: formatReason(inv.reason), invalid: true });
    for (const id of this.missingIds) pages.set(id, { pageid: id, missing: true });
    for (const s of this.special) {
      const entry: ResultObject = { ns: s.ns, title: s.title, special: true };
      if (s.missing) entry.missing = true;
      // A search generator's special pages carry their position too.
      pages.set(s.fakeId, Object.assign(entry, this.extra(s.title)));
    }
    // Found pages in the order they were found (a generator's order, titles in index order),
    // which formatversion 1 keeps.
    const redirectedIndex = this.extraFields.size > 0 ? this.indexOfRedirectTargets() : undefined;
    for (const p of this.goodById.values()) {
      const entry: ResultObject = { pageid: p.pageid, ns: p.ns, title: p.title };
      // Search generators give pages extra fields; other page sets have none to look for.
      if (this.extraFields.size > 0) Object.assign(entry, this.extra(p.title));
      const index = redirectedIndex?.get(p.title);
      if (index !== undefined && (typeof entry.index !== 'number' || index < entry.index)) entry.index = index;
      pages.set(p.pageid, entry);
    }
    if (pages.size === 0) return undefined;
    if (indexPageIds) query.pageids = list('id', [...pages.entries.keys()]);
    query.pages = pages;
    return pages;
  }

  /**
   * The index a search generator's redirects give the pages they lead to (through a chain of them
   * too): the lowest of theirs, which replaces a page's own when lower, as MediaWiki merges a
   * generator's data about redirects into their targets.
   */
  private indexOfRedirectTargets(): Map<string, number> {
    const targetOf = new Map<string, string>();
    for (const r of this.redirects) if (r.tointerwiki === undefined) targetOf.set(r.from, r.to);
    const merged = new Map<string, number>();
    for (const r of this.redirects) {
      const index = this.extraFields.get(r.from)?.index;
      if (typeof index !== 'number') continue;
      let dest = r.from;
      const seen = new Set<string>();
      while (targetOf.has(dest)) {
        dest = targetOf.get(dest) as string;
        // A loop leaves the redirect where it is.
        if (seen.has(dest)) {
          dest = r.from;
          break;
        }
        seen.add(dest);
      }
      const before = merged.get(dest);
      if (before === undefined || index < before) merged.set(dest, index);
    }
    return merged;
  }

  private extra(title: string): Record<string, string | number | boolean> {
    return this.extraFields.get(title) ?? {};
  }
}

/** PHP's `rawurlencode`: as `encodeURIComponent`, with `!'()*` encoded too. */
function rawUrlEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Whether a `MediaWiki:` title without a page names a message the software ships (MediaWiki calls
 * such a page known): its key, or its key before a last `/suffix` (`Mainpage/xx`).
 */
function hasDefaultMessage(dbKey: string, catalogue: MessageCatalogue | undefined): boolean {
  if (shippedMessage(dbKey, 'en', catalogue) !== undefined) return true;
  const slash = dbKey.lastIndexOf('/');
  return slash > 0 && shippedMessage(dbKey.slice(0, slash), 'en', catalogue) !== undefined;
}

/**
 * Titles as MediaWiki's lookup by title takes them: grouped by namespace, the namespaces in the
 * order they first appear, the titles of each in the order given. Missing titles get their fake
 * ids in this order.
 */
function byNamespaceGroups<T extends { namespace: number }>(titles: readonly T[]): readonly T[] {
  // Mostly the titles share a namespace: they are in order already (Array.prototype.flat cost
  // more than the rest of a small page set's grouping).
  if (titles.every((title) => title.namespace === titles[0]?.namespace)) return titles;
  const groups = new Map<number, T[]>();
  for (const title of titles) {
    const group = groups.get(title.namespace);
    if (group) group.push(title);
    else groups.set(title.namespace, [title]);
  }
  const ordered: T[] = [];
  for (const group of groups.values()) for (const title of group) ordered.push(title);
  return ordered;
}

/** The `page` columns the page set needs; generators that select them can hand rows over directly. */
export const PAGE_COLUMNS = [
  'page_id',
  'page_namespace',
  'page_title',
  'page_is_redirect',
  'page_is_new',
  'page_touched',
  'page_latest',
  'page_len',
  'page_content_model',
  'page_lang',
] as const;

export interface PageRow {
  page_id: number;
  page_namespace: number;
  page_title: string;
  page_is_redirect: number;
  page_is_new: number;
  page_touched: string;
  page_latest: number;
  page_len: number;
  page_content_model: string | null;
  page_lang: string | null;
}

/**
 * Whole page rows of these ids, in their order (ids without a page left out). Where the store keeps
 * rows (store/row-cache.ts) they are kept between requests, and only pages not kept are read.
 */
export async function pageRowsById(store: WikiStore, ids: readonly number[]): Promise<PageRow[]> {
  const read = (wanted: readonly number[]) =>
    store.db.selectFrom('page').select(PAGE_COLUMNS).where('page_id', 'in', wanted).execute();
  const kept = await keptRows<PageRow>(store, 'page', ids, (row) => row.page_id, read);
  if (kept) return kept;
  const byId = new Map((await read(ids)).map((row) => [row.page_id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
