import { commentFormatterFor } from '../../api/comment-format.js';
import { apiError, cannotUseWith } from '../../api/errors.js';
import { renderMessage } from '../../api/messages/render.js';
import type { ModuleContext } from '../../api/module.js';
import type { ParamsOfList } from '../../api/params/descriptor.js';
import { mwToIso } from '../../api/params/timestamp.js';
import { resultSizeOf, sharedPrinted } from '../../api/request-state.js';
import { KeyedList, list, type ResultObject, withContent } from '../../api/result/tree.js';
import { outputNormalizer } from '../../api/text-normalize.js';
import { perStore, rowsCanBeKept } from '../../store/cache-toolkit.js';
import { contentTexts, type RevisionSlot, revisionSlots } from '../../store/content-cache.js';
import type { WikiStore } from '../../store/database.js';
import { escapeHtml } from '../../text/escape.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';
import { type DiffLabels, diffTableRows } from '../../text/text-diff.js';
import { expandWikitext } from '../../wikitext/preprocessor/expand.js';
import { preprocessToTree } from '../../wikitext/preprocessor/parse.js';
import { treeToXml } from '../../wikitext/preprocessor/tree.js';
import { wikitextSection } from '../../wikitext/sections.js';
import type { REVISION_CONTENT_PARAMETERS } from '../shared-parameters.js';
import { hasTag, tagsOf } from './change-tags.js';
import { canSeeField, DELETED_TEXT, HiddenFields } from './hidden-content.js';
import { contentPreSaveTransform, signerOf } from './pre-save-transform.js';
import { diffTargetOf, diffToRevision } from './revision-diffs.js';
import { expansionHost } from './template-expansion.js';

/** REV-COMMON, and the editor and tag filters of the modules that have them. */
type RevisionParams = ParamsOfList<typeof REVISION_CONTENT_PARAMETERS> & {
  tag?: string;
  user?: string;
  excludeuser?: string;
};

/** The columns of a revision (or deleted revision) row the output needs. */
export interface RevisionRow {
  revId: number;
  parentId: number | null;
  pageId: number;
  /** The page the revision belongs to (autocomment links, section errors). */
  namespace: number;
  dbKey: string;
  timestamp: string;
  /** Read only when the props show it (`flags`): see `revisionRowsQuery`. */
  minor?: number;
  deleted: number;
  /** Read only when the props show it (`size`). */
  len?: number | null;
  sha1: string;
  /** Read only when the props show it (`comment`, `parsedcomment`). */
  comment?: string;
  actorName: string;
  actorUser: number | null;
  /** The page's content model now, where the revision has a page (a diff to a text is read in it). */
  pageModel?: string | null;
}

/** The default serialisation format of each content model. */
const DEFAULT_FORMATS: Record<string, string> = {
  wikitext: 'text/x-wiki',
  javascript: 'text/javascript',
  css: 'text/css',
  'sanitized-css': 'text/css',
  json: 'application/json',
  GadgetDefinition: 'application/json',
  'Json.JsonConfig': 'application/json',
  text: 'text/plain',
  Scribunto: 'text/plain',
  'vue+xml': 'application/vue+xml',
};

export function defaultFormat(model: string): string {
  return DEFAULT_FORMATS[model] ?? 'text/plain';
}

/** MediaWiki keeps SHA-1 sums in base 36; the API shows them as 40 hex digits. */
export function base36ToHex(value: string): string {
  if (value === '') return '';
  let n = 0n;
  for (const ch of value.toLowerCase()) n = n * 36n + BigInt(Number.parseInt(ch, 36));
  return n.toString(16).padStart(40, '0');
}

export interface RevisionOutputOptions {
  /** The slots `rvslots` asked for; undefined for the legacy output without slots. */
  slots: string[] | undefined;
  /** Each revision is diffed (RevisionRequest's `diffs`; only in the legacy output). */
  diffs?: boolean;
  /**
   * Whether the caller leaves the items as they are (adds nothing to them): such items of
   * revisions with nothing hidden may be shared by answers (see `sharedItemsKey`).
   */
  unchanged?: boolean;
}

interface SlotRow {
  slot_revision_id: number;
  slot_role: string;
  content_size: number;
  content_sha1: string;
  content_model: string;
  content_text: string | null;
}

/**
 * Items of revisions made for earlier answers, frozen and printed once (`sharedPrinted`), by the
 * request's shape (`sharedItemsKey`) and revision id, with the row each was made from. An item is
 * taken only for the very row object it was made from: rows kept by the store's row cache
 * (store/row-cache.ts) are frozen and the same object from request to request until the store
 * changes, when every kept row is read again into a new object. So a changed revision (its
 * visibility, its page's title, its editor's name) never meets an item made before the change.
 * The item depends on nothing else: a revision's slots and texts never change, and the caller's
 * rights only decide hidden fields, which these revisions do not have.
 */
interface SharedItem {
  row: RevisionRow;
  item: ResultObject;
  /** Its result size (mostly its text). */
  size: number;
}
interface SharedItems {
  byShape: Map<string, Map<number, SharedItem>>;
  count: number;
  size: number;
}
const sharedItemsOf = perStore((_: WikiStore): SharedItems => ({ byShape: new Map(), count: 0, size: 0 }));
/** Items kept per store, and their result size in all (mostly the texts); when full, all go. */
const SHARED_ITEMS_MAX = 5_000;
const SHARED_ITEMS_MAX_SIZE = 4 * 1024 * 1024;
/**
 * A larger item is not kept: a few such would fill the store's share, and its printing is a small
 * part of sending its text anyway.
 */
const SHARED_ITEM_MAX_SIZE = SHARED_ITEMS_MAX_SIZE / 32;

/**
 * The shape of the items a request makes, when they may be shared: everything of the request the
 * item of a revision with nothing hidden depends on. Undefined when they may not be: the caller
 * changes them, or they depend on more (a section, a content format asked for, change tags and
 * parsed comments, which can change while the revision does not), or the store keeps no rows.
 */
function sharedItemsKey(
  ctx: ModuleContext<RevisionParams>,
  props: Set<string>,
  options: RevisionOutputOptions,
): string | undefined {
  if (!options.unchanged || options.diffs || !rowsCanBeKept(ctx.store)) return undefined;
  if (ctx.params.section !== undefined || ctx.params.contentformat !== undefined) return undefined;
  if (props.has('tags') || props.has('parsedcomment')) return undefined;
  if (renderingAsked(ctx, props) !== undefined) return undefined;
  return `${[...props].sort().join('|')}\n${options.slots?.join('|') ?? '(legacy)'}`;
}

/** Reads what the revision props need for a batch and turns rows into answer items, in order. */
export async function revisionItems(
  ctx: ModuleContext<RevisionParams>,
  rows: readonly RevisionRow[],
  options: RevisionOutputOptions,
): Promise<ResultObject[]> {
  const shape = sharedItemsKey(ctx, new Set(ctx.params.prop), options);
  if (shape === undefined) return madeItems(ctx, rows, options);
  const shared = sharedItemsOf(ctx.store);
  let ofShape = shared.byShape.get(shape);
  const items: ResultObject[] = new Array(rows.length);
  const missing: RevisionRow[] = [];
  const missingAt: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as RevisionRow;
    const found = ofShape?.get(row.revId);
    if (found !== undefined && found.row === row) {
      items[i] = found.item;
    } else {
      missing.push(row);
      missingAt.push(i);
    }
  }
  if (missing.length === 0) return items;
  const made = await madeItems(ctx, missing, options);
  for (let j = 0; j < missing.length; j++) {
    const row = missing[j] as RevisionRow;
    let item = made[j] as ResultObject;
    // Only rows the row cache keeps (frozen) come back as the same object.
    const size =
      row.deleted === 0 && Object.isFrozen(row)
        ? resultSizeOf(item, outputNormalizer(ctx.site))
        : Number.POSITIVE_INFINITY;
    if (size <= SHARED_ITEM_MAX_SIZE) {
      item = sharedPrinted(item, size);
      if (shared.count >= SHARED_ITEMS_MAX || shared.size + size > SHARED_ITEMS_MAX_SIZE) {
        shared.byShape.clear();
        shared.count = 0;
        shared.size = 0;
        ofShape = undefined;
      }
      if (!ofShape) {
        ofShape = new Map();
        shared.byShape.set(shape, ofShape);
      }
      const before = ofShape.get(row.revId);
      if (before) {
        shared.count--;
        shared.size -= before.size;
      }
      ofShape.set(row.revId, { row, item, size });
      shared.count++;
      shared.size += size;
    }
    items[missingAt[j] as number] = item;
  }
  return items;
}

/** The slots of a batch of rows, with the texts of the slots asked for when `wantText`. */
async function slotsOfRows(
  ctx: ModuleContext<RevisionParams>,
  rows: readonly RevisionRow[],
  options: RevisionOutputOptions,
  wantText: boolean,
): Promise<Map<number, SlotRow[]>> {
  const slotsByRev = new Map<number, SlotRow[]>();
  if (rows.length === 0) return slotsByRev;
  // Slots and texts come through the store's caches: popular pages are read from it once.
  const slotsOf = await revisionSlots(ctx.store, rows);
  const asked = options.slots ?? ['main'];
  const withText: RevisionSlot[] = [];
  if (wantText) {
    for (const slots of slotsOf.values())
      for (const slot of slots) if (asked.includes(slot.slot_role)) withText.push(slot);
  }
  const texts = withText.length > 0 ? await contentTexts(ctx.store, withText) : undefined;
  for (const [revId, slots] of slotsOf) {
    // Copied field by field: spreading each cached slot cost measurably more (50 pages' contents
    // 691 → 652 µs in process once spelled out).
    slotsByRev.set(
      revId,
      slots.map(
        (slot): SlotRow => ({
          slot_revision_id: slot.slot_revision_id,
          slot_role: slot.slot_role,
          content_size: slot.content_size,
          content_sha1: slot.content_sha1,
          content_model: slot.content_model,
          content_text: texts?.get(slot.content_id) ?? null,
        }),
      ),
    );
  }
  return slotsByRev;
}

/** Makes the items of a batch of rows: reads what the revision props need, in order. */
async function madeItems(
  ctx: ModuleContext<RevisionParams>,
  rows: readonly RevisionRow[],
  options: RevisionOutputOptions,
): Promise<ResultObject[]> {
  const props = new Set(ctx.params.prop);
  const legacy = options.slots === undefined;
  const wantContent = props.has('content');
  const diffs = legacy && options.diffs === true;
  // Fields that live on a slot (in the legacy output: content and model of the main slot).
  const rendering = legacy ? renderingAsked(ctx, props) : undefined;
  const slotFields =
    wantContent ||
    props.has('slotsize') ||
    props.has('slotsha1') ||
    props.has('contentmodel') ||
    (legacy && (diffs || rendering !== undefined));
  const needSlots = slotFields || props.has('roles');
  const section = ctx.params.section;
  const sectionNumber = section === undefined ? undefined : parseSection(section);
  // A diff is made of the section's text: the text is read to find the section; a rendering reads it.
  const wantText =
    wantContent ||
    (diffs && (sectionNumber !== undefined || ctx.params.difftotext !== undefined)) ||
    (rendering !== undefined &&
      (sectionNumber !== undefined || rendering.parseTree !== undefined || rendering.expandTemplates));
  const formatParam = ctx.params.contentformat;

  const revIds = rows.map((r) => r.revId);
  const slotsByRev = needSlots ? await slotsOfRows(ctx, rows, options, wantText) : new Map<number, SlotRow[]>();

  const renderedByRev =
    rendering === undefined ? undefined : await renderedTexts(ctx, rows, slotsByRev, rendering, sectionNumber);
  const tagsByRev = props.has('tags') ? await tagsOfRevisions(ctx, revIds) : new Map<number, string[]>();

  const targets = diffs ? await diffTargetTexts(ctx, rows, slotsByRev) : undefined;
  let parsed: string[] | undefined;
  if (props.has('parsedcomment')) {
    parsed = await commentFormatterFor(ctx).format(
      rows.map((r) => ({ comment: r.comment ?? '', title: { namespace: r.namespace, dbKey: r.dbKey } })),
    );
  }

  // Diffs to other revisions, made once the items stand, in their order (see `diffsToRevisions`).
  const toRevisions: { item: ResultObject; row: RevisionRow }[] = [];
  const items = rows.map((row, index) => {
    const item: ResultObject = {};
    const hidden = new HiddenFields(ctx.user, row.deleted);
    if (props.has('ids')) {
      item.revid = row.revId;
      item.parentid = row.parentId ?? 0;
    }
    if (props.has('flags')) item.minor = row.minor !== 0;
    hidden.user(item, { name: row.actorName, id: row.actorUser ?? 0 }, props.has('user'), props.has('userid'));
    if (props.has('timestamp')) item.timestamp = mwToIso(row.timestamp);
    if (props.has('size')) item.size = row.len ?? 0;
    if (props.has('sha1') && hidden.text(item, 'sha1hidden')) item.sha1 = base36ToHex(row.sha1);
    const slots = (slotsByRev.get(row.revId) ?? []).sort(mainSlotFirst);
    // A plain list to MediaWiki: its items untagged (`<_v>`) in XML.
    if (props.has('roles'))
      item.roles = list(
        '_v',
        slots.map((s) => s.slot_role),
      );
    const wanted = slots.filter((s) => (options.slots ?? ['main']).includes(s.slot_role));
    if (legacy) {
      const main = wanted.find((s) => s.slot_role === 'main');
      // The main slot's fields stand on the revision itself.
      if (props.has('slotsize') && main) item.size = main.content_size;
      if (props.has('slotsha1') && main && hidden.text(item, 'sha1hidden')) item.sha1 = base36ToHex(main.content_sha1);
      if (props.has('contentmodel') && main) item.contentmodel = main.content_model;
      const rendered =
        rendering !== undefined && main && canSeeField(ctx.user, row.deleted, DELETED_TEXT)
          ? renderOrRefuse(ctx, item, rendering, main, row, sectionNumber, section, renderedByRev?.get(row.revId))
          : undefined;
      if (rendered === 'no content') hidden.text(item);
      // The expanded text, when shown, stands for the content.
      else if (rendered !== 'shown' && wantContent && main)
        addContent(ctx, item, main, hidden, row, sectionNumber, section, formatParam, true);
      // The diff of a text the caller may read, made while the module's budget of uncached
      // diffs lasts, as MediaWiki makes it (to another revision: once the items stand).
      // Without content, the text is still read for the diff, and marked when hidden.
      const diffable =
        diffs && main && (wantContent ? canSeeField(ctx.user, row.deleted, DELETED_TEXT) : hidden.text(item));
      if (diffable) {
        item.diff = diffOfText(ctx, row, main, sectionNumber, section, formatParam, targets);
        if (ctx.params.difftotext === undefined) toRevisions.push({ item, row });
      }
    } else if (slotFields) {
      // Keyed by role; in XML each slot is a <slot> element with the role as an attribute.
      const slotsList = new KeyedList('slot', 'kvp', 'role');
      for (const slot of wanted) {
        const out: ResultObject = {};
        if (props.has('slotsize')) out.size = slot.content_size;
        if (props.has('slotsha1') && hidden.text(out, 'sha1hidden')) out.sha1 = base36ToHex(slot.content_sha1);
        if (props.has('contentmodel') || wantContent) out.contentmodel = slot.content_model;
        if (wantContent) addContent(ctx, out, slot, hidden, row, sectionNumber, section, formatParam, false);
        slotsList.set(slot.slot_role, out);
      }
      item.slots = slotsList;
    }
    hidden.comment(
      item,
      row.comment ?? '',
      props.has('comment'),
      parsed ? () => (parsed as string[])[index] as string : undefined,
    );
    if (props.has('tags')) item.tags = list('tag', tagsByRev.get(row.revId) ?? []);
    hidden.finish(item);
    return item;
  });
  await diffsToRevisions(ctx, toRevisions);
  return items;
}

/**
 * The diff of a revision's text (its section if one is asked for): to `difftotext`, made while
 * the module's budget of uncached diffs lasts; to another revision, notcached until
 * `diffsToRevisions` makes it.
 */
function diffOfText(
  ctx: ModuleContext<RevisionParams>,
  row: RevisionRow,
  main: SlotRow,
  sectionNumber: number | undefined,
  section: string | undefined,
  formatParam: string | undefined,
  targets: ReadonlyMap<string, string> | undefined,
): ResultObject {
  const text =
    sectionNumber !== undefined
      ? sectionText(main.content_text ?? '', main.content_model, sectionNumber, section as string, row)
      : (main.content_text ?? '');
  const difftotext = ctx.params.difftotext;
  // Once the module's budget of uncached diffs is spent, any further one is not made, whatever
  // its format; before, a text to diff against is read in the content format asked for, which
  // the model must have. MediaWiki checks in this order.
  if (difftotext === undefined || diffBudgetSpent(ctx)) return { notcached: true };
  const model = row.pageModel ?? main.content_model;
  if (formatParam !== undefined && formatParam !== defaultFormat(model)) {
    // The text is read in the page's model as it is now, as MediaWiki reads it.
    warnBadFormat(ctx, formatParam, model, row);
    return { badcontentformat: true };
  }
  return diffToText(ctx, text, targets?.get(`${row.namespace}:${row.dbKey}`) ?? difftotext);
}

/**
 * `difftotext` as the page of the one diff to a text the module makes would store it with
 * `difftotextpst` (MediaWiki's pre-save transform for the page, by the caller, in the page's
 * content model), by page: the first revision with a main slot whose text the caller may read,
 * while the module's budget of uncached diffs lasts (see `diffOfText`). No other is transformed.
 */
async function diffTargetTexts(
  ctx: ModuleContext<RevisionParams>,
  rows: readonly RevisionRow[],
  slotsByRev: ReadonlyMap<number, readonly SlotRow[]>,
): Promise<Map<string, string> | undefined> {
  const { difftotext, difftotextpst } = ctx.params;
  if (difftotext === undefined || difftotextpst !== true || diffBudgetSpent(ctx)) return undefined;
  const row = rows.find(
    (r) =>
      slotsByRev.get(r.revId)?.some((slot) => slot.slot_role === 'main') &&
      canSeeField(ctx.user, r.deleted, DELETED_TEXT),
  );
  if (row === undefined) return undefined;
  const title = ctx.titles.make(row.namespace, row.dbKey);
  const signer = await signerOf(ctx.store, ctx.user);
  const text = await contentPreSaveTransform(difftotext, row.pageModel ?? 'wikitext', title, ctx, signer, ctx.now);
  return new Map([[`${row.namespace}:${row.dbKey}`, text]]);
}

/**
 * Makes the diffs to `diffto` of the items given, in order, while the module's budget of uncached
 * diffs lasts (a diff answered without comparing texts does not spend it); the others stay
 * notcached.
 */
async function diffsToRevisions(
  ctx: ModuleContext<RevisionParams>,
  pending: readonly { item: ResultObject; row: RevisionRow }[],
): Promise<void> {
  const diffto = ctx.params.diffto;
  if (diffto === undefined || pending.length === 0) return;
  const target = diffTargetOf(diffto);
  for (const { item, row } of pending) {
    if (diffBudgetSpent(ctx)) return;
    const made = await diffToRevision(ctx, row, target, diffLabels(ctx));
    item.diff = made.diff;
    if (made.made) diffsMade.set(ctx, (diffsMade.get(ctx) ?? 0) + 1);
  }
}

/** What a REV-COMMON request asks for, read once by each revision module. */
export interface RevisionRequest {
  props: Set<string>;
  /** The revisions' texts are read: for the content, the parse tree or diffs. */
  readsTexts: boolean;
  wantContent: boolean;
  /** The slots `slots` names; undefined when the request has no `slots` (the legacy output). */
  slots: string[] | undefined;
  /**
   * Each revision is diffed (`diffto` naming a revision the caller may read, or `difftotext`):
   * its content is read as for `prop=content`, with `section` applied.
   */
  diffs: boolean;
  /**
   * How many revisions to list: `limit` (`max` recorded in the answer's `limits`), or with
   * `batch` as many as a batch may hold; 50 rather than 500 when content is read (for diffs too).
   */
  limit: number;
}

/**
 * Reads the REV-COMMON parameters as MediaWiki does before it lists anything, in its order:
 * `slots` refuses the legacy parameters and `prop=parsetree`; `diffto` must name a revision (a
 * hidden one is dropped with a warning); then the legacy output is announced when slot fields or
 * diffs are asked for without `slots`. The rendering this server does not implement is refused
 * where MediaWiki would render the first text (see `renderingAsked`). Not as a generator, which
 * reads none of them.
 */
export async function readRevisionRequest(
  ctx: ModuleContext<RevisionParams>,
  { batch = false }: { batch?: boolean } = {},
): Promise<RevisionRequest> {
  const p = ctx.params;
  const props = new Set(p.prop);
  const slots = ctx.requestHas('slots') ? p.slots : undefined;
  if (ctx.generator) {
    return { props, readsTexts: false, wantContent: props.has('content'), slots, diffs: false, limit: p.limit ?? 10 };
  }
  if (slots !== undefined) {
    if (props.has('parsetree')) throw cannotUseWith(ctx.paramName('prop=parsetree'), ctx.paramName('slots'));
    const legacy = [
      'expandtemplates',
      'generatexml',
      'parse',
      'diffto',
      'difftotext',
      'difftotextpst',
      'contentformat',
    ] as const;
    for (const name of legacy) {
      const value = p[name];
      if (value !== undefined && value !== false) throw cannotUseWith(ctx.paramName(name), ctx.paramName('slots'));
    }
  }
  const diffs = p.difftotext !== undefined || (p.diffto !== undefined && (await diffToReadable(ctx, p.diffto)));
  const readsContent = props.has('content') || props.has('parsetree') || diffs;
  // Parsing the content read (`parse`) allows one revision a request, for any user.
  const size: RevisionLimitSize = readsContent ? (p.parse === true ? 'parsed' : 'content') : 'plain';
  const limit = batch ? revisionBatchLimit(ctx, size) : revisionListLimit(ctx, size);
  const slotWork = readsContent || ['contentmodel', 'slotsize', 'slotsha1'].some((name) => props.has(name));
  if (slots === undefined && slotWork) {
    ctx.warn('apiwarn-deprecation-missingparam', [ctx.paramName('slots')], 'deprecation', {
      feature: `${ctx.feature}&!${ctx.paramName('slots')}`,
    });
  }
  return { props, readsTexts: readsContent, wantContent: props.has('content'), slots, diffs, limit };
}

/**
 * Whether `diffto` leaves a revision to diff against: a revision number, `prev`, `next` or `cur`;
 * a number other than 0 must name a revision, whose text the caller may read (else a warning,
 * and no diffs).
 */
async function diffToReadable(ctx: ModuleContext<RevisionParams>, diffto: string): Promise<boolean> {
  if (!/^(?:\d+|prev|next|cur)$/.test(diffto)) throw apiError('diffto', 'apierror-baddiffto', [ctx.ownParamName('')]);
  if (!/^\d+$/.test(diffto) || Number(diffto) === 0) return true;
  const revId = Number(diffto);
  const row = await ctx.store.db
    .selectFrom('revision')
    .select('rev_deleted')
    .where('rev_id', '=', revId)
    .executeTakeFirst();
  // The value as given (MediaWiki's messages show it so, not as a formatted number).
  if (!row) throw apiError('nosuchrevid', 'apierror-nosuchrevid', [diffto]);
  if (canSeeField(ctx.user, row.rev_deleted, DELETED_TEXT)) return true;
  ctx.warn('apiwarn-difftohidden', [String(revId)]);
  return false;
}

/**
 * What bounds a request's revisions: none read with their content (`plain`), content read
 * (`content`), or content read and parsed (`parsed`).
 */
export type RevisionLimitSize = 'plain' | 'content' | 'parsed';

/** The most revisions a request may list, for a user without and with high limits. */
function revisionLimits(size: RevisionLimitSize): { max: number; highmax: number } {
  if (size === 'parsed') return { max: 1, highmax: 1 };
  return size === 'content' ? { max: 50, highmax: 500 } : { max: 500, highmax: 5000 };
}

/**
 * Without content a batch may hold 500 revisions (5000 with high limits), with content 50 (500),
 * with parsed content 1.
 */
export function revisionBatchLimit(ctx: ModuleContext<unknown>, size: RevisionLimitSize): number {
  const { max, highmax } = revisionLimits(size);
  return ctx.user.rights.has('apihighlimits') ? highmax : max;
}

/** A requested limit within the batch limit, with MediaWiki's warning when it had to be lowered. */
export function clampRevisionLimit(ctx: ModuleContext<unknown>, requested: number, size: RevisionLimitSize): number {
  const curmax = revisionBatchLimit(ctx, size);
  if (requested <= curmax) return requested;
  ctx.warn('paramvalidator-outofrange-minmax', [ctx.paramName('limit'), String(requested), 1, curmax], 'outofrange', {
    min: 1,
    curmax,
    ...revisionLimits(size),
  });
  return curmax;
}

/**
 * `limit` as the revision modules read it when they list revisions (not as a generator): 10 by
 * default (1 when parsing), `max` meaning the batch limit for the request, recorded in the
 * answer's `limits`; larger values are lowered with a warning.
 */
export function revisionListLimit(ctx: ModuleContext<{ limit?: number }>, size: RevisionLimitSize): number {
  if (ctx.rawParam('limit')?.trim() === 'max') {
    const max = revisionBatchLimit(ctx, size);
    ctx.recordLimit(max);
    return max;
  }
  return clampRevisionLimit(ctx, ctx.params.limit ?? (size === 'parsed' ? 1 : 10), size);
}

/**
 * Which of the columns that only some props show the request needs: every value read costs, as
 * the driver makes each one a JavaScript value (50 pages' contents with ids, timestamps and users:
 * 3 % fewer instructions a request without these three).
 */
function optionalRevisionColumns(ctx: ModuleContext<RevisionParams>) {
  const props = ctx.params.prop;
  return {
    minor: props.includes('flags'),
    len: props.includes('size'),
    comment: props.includes('comment') || props.includes('parsedcomment'),
  };
}

/** The optional columns the request needs, as part of its query's name (one shape for each). */
export function revisionColumnsKey(ctx: ModuleContext<RevisionParams>): string {
  const { minor, len, comment } = optionalRevisionColumns(ctx);
  return `${minor ? 'm' : ''}${len ? 'l' : ''}${comment ? 'c' : ''}`;
}

/**
 * Revisions with the columns of a RevisionRow (the optional ones when the props show them),
 * restricted to those with `tag` when it is given.
 */
export function revisionRowsQuery(ctx: ModuleContext<RevisionParams>) {
  const { minor, len, comment } = optionalRevisionColumns(ctx);
  const query = ctx.store.db
    .selectFrom('revision')
    .innerJoin('actor', 'actor_id', 'rev_actor')
    .innerJoin('page', 'page_id', 'rev_page')
    .select([
      'rev_id as revId',
      'rev_parent_id as parentId',
      'rev_page as pageId',
      'page_namespace as namespace',
      'page_title as dbKey',
      'rev_timestamp as timestamp',
      'rev_deleted as deleted',
      'rev_sha1 as sha1',
      'actor_name as actorName',
      'actor_user as actorUser',
      'page_content_model as pageModel',
    ])
    .$if(minor, (q) => q.select('rev_minor_edit as minor'))
    .$if(len, (q) => q.select('rev_len as len'))
    .$if(comment, (q) => q.select('rev_comment as comment'));
  const tag = ctx.params.tag;
  if (tag === undefined) return query;
  return query.where(revisionHasTag(tag));
}

/**
 * The editor the `user` or `excludeuser` parameter names, as an actor id: `nobody` when `user`
 * names someone who never edited (the list is empty), undefined when neither parameter is given.
 */
export async function editorFilter(
  ctx: ModuleContext<RevisionParams>,
): Promise<{ actorId: number; exclude: boolean } | 'nobody' | undefined> {
  const name = ctx.params.user ?? ctx.params.excludeuser;
  if (name === undefined) return undefined;
  const exclude = ctx.params.user === undefined;
  const actor = await ctx.store.db
    .selectFrom('actor')
    .select('actor_id')
    .where('actor_name', '=', name)
    .executeTakeFirst();
  if (!actor) return exclude ? undefined : 'nobody';
  return { actorId: actor.actor_id, exclude };
}

/** A condition for a query over `revision`: the revision carries the change tag `tag`. */
export function revisionHasTag(tag: string) {
  return hasTag('revision', tag);
}

/** The change tags of revisions, by revision id, each list in name order: one query. */
export function tagsOfRevisions(
  ctx: ModuleContext<unknown>,
  revIds: readonly number[],
): Promise<Map<number, string[]>> {
  return tagsOf(ctx, 'revision', revIds);
}

function mainSlotFirst(a: SlotRow, b: SlotRow): number {
  if (a.slot_role === b.slot_role) return 0;
  if (a.slot_role === 'main') return -1;
  if (b.slot_role === 'main') return 1;
  return a.slot_role < b.slot_role ? -1 : 1;
}

/**
 * A section id as MediaWiki reads it: the number after the last `-` (`T-2` is 2), read as PHP reads
 * an integer from text (leading digits; none is 0, the lead), so any value names some section.
 */
function parseSection(section: string): number {
  const index = section.slice(section.lastIndexOf('-') + 1);
  const digits = /^\s*\+?(\d+)/.exec(index);
  return digits ? Number(digits[1]) : 0;
}

/** `contentformat`, `contentmodel` (legacy) and the content of a slot, or its hidden marker. */
/** What a legacy request asks to render of each text it reads. */
interface Rendering {
  /** The parse tree (`prop=parsetree`, or `generatexml` with the content): the parameter to name. */
  parseTree?: string;
  /** The content with its templates expanded (`expandtemplates` without `parse`). */
  expandTemplates: boolean;
  /** The content as HTML (`parse`). */
  parse: boolean;
}

/**
 * The rendering a legacy request asks for, which needs MediaWiki's parser (undefined for none):
 * these parameters matter only where the text is read and, but for the parse tree, shown.
 */
function renderingAsked(ctx: ModuleContext<RevisionParams>, props: Set<string>): Rendering | undefined {
  const p = ctx.params;
  const content = props.has('content');
  const parseTree = props.has('parsetree')
    ? ctx.paramName('prop=parsetree')
    : content && p.generatexml === true
      ? ctx.paramName('generatexml')
      : undefined;
  const parse = content && p.parse === true;
  const expandTemplates = content && p.expandtemplates === true && !parse;
  if (parseTree === undefined && !parse && !expandTemplates) return undefined;
  return { parseTree, expandTemplates, parse };
}

/** The parse tree and the expanded text of each revision's wikitext (its section), as the rendering asks. */
async function renderedTexts(
  ctx: ModuleContext<RevisionParams>,
  rows: readonly RevisionRow[],
  slotsByRev: Map<number, SlotRow[]>,
  rendering: Rendering,
  sectionNumber: number | undefined,
): Promise<Map<number, RenderedText>> {
  const out = new Map<number, RenderedText>();
  if (rendering.parseTree === undefined && !rendering.expandTemplates) return out;
  for (const row of rows) {
    const main = slotsByRev.get(row.revId)?.find((slot) => slot.slot_role === 'main');
    if (main?.content_model !== 'wikitext' || main.content_text === null) continue;
    if (!canSeeField(ctx.user, row.deleted, DELETED_TEXT)) continue;
    const text = sectionNumber === undefined ? main.content_text : wikitextSection(main.content_text, sectionNumber);
    if (text === undefined) continue;
    const rendered: RenderedText = {};
    if (rendering.parseTree !== undefined) rendered.parseTree = treeToXml(preprocessToTree(text));
    if (rendering.expandTemplates) {
      rendered.expanded = await expandWikitext(
        text,
        expansionHost(ctx, ctx.titles.make(row.namespace, row.dbKey), row.pageId),
      );
    }
    out.set(row.revId, rendered);
  }
  return out;
}

/** A revision's text rendered: its parse tree (XML) and its text with templates expanded. */
interface RenderedText {
  parseTree?: string;
  expanded?: string;
}

/**
 * The rendering of one revision's readable text, in MediaWiki's order: the section is found first
 * (nosuchsection), then the parse tree and the expansion are shown (the expanded text as the
 * content, without format and model). This service does not make HTML: `parse` is refused
 * (unsupportedparameter) rather than answered with unrendered text; what MediaWiki does not render
 * (a parse tree or an expansion of a text that is no wikitext) gets its warning. 'no content' when
 * the content is not to be shown, 'shown' when the expanded text was shown as the content.
 */
function renderOrRefuse(
  ctx: ModuleContext<RevisionParams>,
  item: ResultObject,
  rendering: Rendering,
  main: SlotRow,
  row: RevisionRow,
  sectionNumber: number | undefined,
  section: string | undefined,
  rendered: RenderedText | undefined,
): 'no content' | 'shown' | undefined {
  if (sectionNumber !== undefined)
    sectionText(main.content_text ?? '', main.content_model, sectionNumber, section as string, row);
  const model = main.content_model;
  const refuse = (name: string) => apiError('unsupportedparameter', 'apierror-unsupportedparameter', [name]);
  const title = () => escapeWikiText(ctx.titles.prefixedText(ctx.titles.make(row.namespace, row.dbKey)));
  if (rendering.parseTree !== undefined) {
    if (model === 'wikitext') item.parsetree = rendered?.parseTree ?? '';
    else {
      ctx.warn('apierror-parsetree-notwikitext-title', [title(), model], 'parsetree-notwikitext');
      item.badcontentformatforparsetree = true;
    }
  }
  if (rendering.expandTemplates) {
    if (model === 'wikitext') {
      item.content = rendered?.expanded ?? '';
      withContent(item, 'content');
      return 'shown';
    }
    ctx.warn('apierror-templateexpansion-notwikitext', [title(), model]);
    item.badcontentformat = true;
    return 'no content';
  }
  if (rendering.parse) throw refuse(ctx.paramName('parse'));
  return undefined;
}

function addContent(
  ctx: ModuleContext<RevisionParams>,
  out: ResultObject,
  slot: SlotRow,
  hidden: HiddenFields,
  row: RevisionRow,
  sectionNumber: number | undefined,
  section: string | undefined,
  formatParam: string | undefined,
  legacy: boolean,
): void {
  if (!hidden.text(out)) return;
  const model = slot.content_model;
  let text = slot.content_text ?? '';
  if (sectionNumber !== undefined) text = sectionText(text, model, sectionNumber, section as string, row);
  const format = formatParam ?? defaultFormat(model);
  // A format the model has no serialisation in gives no content, and a warning.
  if (format !== defaultFormat(model)) {
    warnBadFormat(ctx, format, model, row);
    out.badcontentformat = true;
    return;
  }
  out.contentformat = format;
  if (legacy) out.contentmodel = model;
  out.content = text;
  withContent(out, 'content');
}

/**
 * Section `sectionNumber` of a slot's text (`section` as the request gave it), or MediaWiki's
 * error: a text of another model than wikitext has no sections.
 */
function sectionText(text: string, model: string, sectionNumber: number, section: string, row: RevisionRow): string {
  const part = model === 'wikitext' ? wikitextSection(text, sectionNumber) : undefined;
  if (part === undefined) {
    throw apiError('nosuchsection', 'apierror-nosuchsection-what', [
      escapeWikiText(section),
      // The id as it is, not as a formatted number (MediaWiki's plain parameter).
      { message: 'revid', params: [{ raw: row.revId }] },
    ]);
  }
  return part;
}

/** How many diffs each module's run has made: MediaWiki makes one a module, uncached ones. */
const diffsMade = new WeakMap<object, number>();

/** Whether the module's run has made as many uncached diffs as MediaWiki allows. */
const diffBudgetSpent = (ctx: object): boolean => (diffsMade.get(ctx) ?? 0) >= MAX_UNCACHED_DIFFS;

/**
 * The diff of a revision's text to `target` (`difftotext`, transformed for the page with
 * `difftotextpst`), counted against the module's budget of uncached diffs, which the caller has
 * checked (`diffBudgetSpent`). The line numbers are named in the reader's language.
 */
function diffToText(ctx: ModuleContext<RevisionParams>, text: string, target: string): ResultObject {
  diffsMade.set(ctx, (diffsMade.get(ctx) ?? 0) + 1);
  return withContent({ body: diffTableRows(text, target, diffLabels(ctx)) }, 'body');
}

/** The line numbers and moved paragraphs' link titles of a diff, in the reader's language. */
function diffLabels(ctx: ModuleContext<RevisionParams>): DiffLabels {
  const message = (key: string, params: { num: number }[] = []) =>
    renderMessage(key, params, ctx.userLanguage, ctx.storedMessages);
  return {
    line: (n) => message('lineno', [{ num: n }]),
    moved: (to) => escapeHtml(message(`diff-paragraph-moved-to${to}`)),
  };
}

/** MediaWiki's `$wgAPIMaxUncachedDiffs`. */
const MAX_UNCACHED_DIFFS = 1;

/** MediaWiki's warning that a revision's text has no serialisation in `format`. */
function warnBadFormat(ctx: ModuleContext<RevisionParams>, format: string, model: string, row: RevisionRow): void {
  const title = ctx.titles.prefixedText(ctx.titles.make(row.namespace, row.dbKey));
  ctx.warn('apierror-badformat', [format, model, escapeWikiText(title)], 'badformat');
}
