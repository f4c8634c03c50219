/**
 * `action=compare`: the diff between two versions of content, each side a stored revision (by
 * id, or the current one of a page by title or page id), a text given in the request (alone, in
 * place of a revision's text or of one of its sections, pre-save transformed on request), or,
 * for the second side, the revision before, after or current relative to the first. The diff is
 * the engine's (`text/text-diff.ts`) in its table or inline layout; beside it, as asked, the two
 * revisions' ids, titles, sizes, timestamps, editors, comments and neighbours, with MediaWiki's
 * markers for what is hidden from the caller.
 */

import { defaultModel } from '../../import/xml/page-stream.js';
import {
  canSeeField,
  DELETED_COMMENT,
  DELETED_RESTRICTED,
  DELETED_TEXT,
  DELETED_USER,
} from '../../modules/support/hidden-content.js';
import { contentPreSaveTransform, signerOf } from '../../modules/support/pre-save-transform.js';
import { neighbour } from '../../modules/support/revision-diffs.js';
import { defaultFormat } from '../../modules/support/revision-output.js';
import { CONTENT_FORMATS } from '../../modules/values.js';
import type { Title } from '../../site/title.js';
import { contentTexts, revisionSlots } from '../../store/content-cache.js';
import { escapeHtml } from '../../text/escape.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';
import { type DiffType, diffBody } from '../../text/text-diff.js';
import { wikitextSection, wikitextSectionRange } from '../../wikitext/sections.js';
import { commentFormatterFor } from '../comment-format.js';
import { apiError, message, mutuallyExclusive, requireAtLeastOneOf } from '../errors.js';
import { type MessageParam, renderMessage } from '../messages/render.js';
import type { ParamDescriptor, TemplatedParamDescriptor } from '../params/descriptor.js';
import { mwToIso } from '../params/timestamp.js';
import type { RequestState } from '../request-state.js';
import { KeyedList, type ResultObject, withContent } from '../result/tree.js';

/** The slot roles this wiki knows. */
const SLOT_ROLES = ['main'] as const;
/**
 * The content models the wiki's content handlers read, and the formats they read them in, in the
 * handlers' order (errors list them so; paraminfo sorts them).
 */
const CONTENT_MODELS = ['GadgetDefinition', 'wikitext', 'javascript', 'json', 'css', 'text', 'unknown'] as const;
const COMPARE_FORMATS = CONTENT_FORMATS.filter((format) => format !== 'application/vue+xml');
const PROPS = ['diff', 'diffsize', 'rel', 'ids', 'title', 'user', 'comment', 'parsedcomment', 'size', 'timestamp'];

export const COMPARE_PARAMETERS = [
  { name: 'fromtitle', type: 'string' },
  { name: 'fromid', type: 'integer' },
  { name: 'fromrev', type: 'integer' },
  { name: 'fromslots', type: SLOT_ROLES, multi: true },
  { name: 'frompst', type: 'boolean' },
  { name: 'fromtext', type: 'text', deprecated: true },
  { name: 'fromcontentformat', type: COMPARE_FORMATS, deprecated: true },
  { name: 'fromcontentmodel', type: CONTENT_MODELS, deprecated: true },
  { name: 'fromsection', type: 'string', deprecated: true },
  { name: 'totitle', type: 'string' },
  { name: 'toid', type: 'integer' },
  { name: 'torev', type: 'integer' },
  { name: 'torelative', type: ['prev', 'next', 'cur'] },
  { name: 'toslots', type: SLOT_ROLES, multi: true },
  { name: 'topst', type: 'boolean' },
  { name: 'totext', type: 'text', deprecated: true },
  { name: 'tocontentformat', type: COMPARE_FORMATS, deprecated: true },
  { name: 'tocontentmodel', type: CONTENT_MODELS, deprecated: true },
  { name: 'tosection', type: 'string', deprecated: true },
  { name: 'prop', type: PROPS, multi: true, default: 'diff|ids|title' },
  { name: 'slots', type: SLOT_ROLES, multi: true, allspecifier: true },
  { name: 'difftype', type: ['table', 'inline'], default: 'table' },
] as const satisfies ParamDescriptor[];

/** A side's text, section, format and model per slot, listed after the side's `slots`. */
const sideTemplates = (side: Side) =>
  [
    { name: `${side}text-{slot}`, templatevars: { slot: `${side}slots` }, type: 'text', follows: `${side}slots` },
    { name: `${side}section-{slot}`, templatevars: { slot: `${side}slots` }, type: 'string', follows: `${side}slots` },
    {
      name: `${side}contentformat-{slot}`,
      templatevars: { slot: `${side}slots` },
      type: COMPARE_FORMATS,
      follows: `${side}slots`,
    },
    {
      name: `${side}contentmodel-{slot}`,
      templatevars: { slot: `${side}slots` },
      type: CONTENT_MODELS,
      follows: `${side}slots`,
    },
  ] satisfies TemplatedParamDescriptor[];

export const COMPARE_TEMPLATED_PARAMETERS: readonly TemplatedParamDescriptor[] = [
  ...sideTemplates('from'),
  ...sideTemplates('to'),
];

type Side = 'from' | 'to';
type Params = Record<string, unknown>;

const SCOPE = { prefix: '', path: 'compare', name: 'compare' };

/** A stored revision (or a deleted one, from the archive) as the answer describes it. */
interface StoredRevision {
  id: number;
  /** The page's id now: 0 for a deleted page's revision. */
  pageId: number;
  namespace: number;
  dbKey: string;
  timestamp: string;
  len: number | null;
  deleted: number;
  sha1: string;
  comment: string;
  actorName: string;
  actorUser: number | null;
  archived: boolean;
}

/**
 * One side of the diff: its text and model; `revision`, the stored revision it is or is based
 * on (what `torelative` is relative to); `shown`, the revision the answer describes (none when
 * the request gave the text); `unchanged`, whether the text is the stored revision's own.
 */
interface DiffSide {
  text: string;
  model: string;
  revision: StoredRevision | undefined;
  shown: StoredRevision | undefined;
  unchanged: boolean;
}

export async function executeCompare(state: RequestState, result: ResultObject): Promise<void> {
  const params: Params = state.validator.readAll(
    COMPARE_PARAMETERS,
    { ...SCOPE, feature: 'action=compare' },
    COMPARE_TEMPLATED_PARAMETERS,
  );
  const given = (name: string) => params[name] !== undefined;
  const fromNames = ['fromtitle', 'fromid', 'fromrev', 'fromtext', 'fromslots'];
  if (!fromNames.some(given)) throw requireAtLeastOneOf(fromNames);
  const toNames = ['totitle', 'toid', 'torev', 'totext', 'torelative', 'toslots'];
  if (!toNames.some(given)) throw requireAtLeastOneOf(toNames);
  const compare = new Comparison(state, params);
  let from = await compare.side('from');
  let to: DiffSide;
  const relative = params.torelative as 'cur' | 'next' | 'prev' | undefined;
  if (relative !== undefined) [from, to] = await compare.relative(from, relative);
  else to = await compare.side('to');
  for (const side of [from, to]) {
    if (side.unchanged && side.revision && !canSeeField(state.user, side.revision.deleted, DELETED_TEXT)) {
      throw apiError('missingcontent', 'apierror-missingcontent-revid', [{ raw: side.revision.id }]);
    }
  }
  const type = params.difftype as DiffType;
  const sameRevision = from.unchanged && to.unchanged && from.revision?.id === to.revision?.id;
  const body = sameRevision ? '' : compare.diff(from, to, type);
  const answer: ResultObject = {};
  const props = new Set(params.prop as string[]);
  await compare.describe(answer, 'from', from.shown, props);
  await compare.describe(answer, 'to', to.shown, props);
  // The neighbours of the revisions compared as they are stored (not of a text or section).
  if (props.has('rel')) {
    if (from.unchanged && from.revision && !from.revision.archived) {
      const before = await compare.neighbour(from.revision, 'prev');
      if (before) answer.prev = before.id;
    }
    if (to.unchanged && to.revision && !to.revision.archived) {
      const after = await compare.neighbour(to.revision, 'next');
      if (after) answer.next = after.id;
    }
  }
  const slots = params.slots as string[] | undefined;
  if (props.has('diffsize')) answer.diffsize = slots === undefined || slots.length > 0 ? byteLength(body) : 0;
  if (props.has('diff')) {
    if (slots === undefined) withContent(Object.assign(answer, { body }), 'body');
    else {
      const bodies = new KeyedList('_v', 'kvp', 'diff');
      // A slot whose diff is empty is answered false (left out in formatversion 1).
      for (const role of slots) bodies.set(role, body === '' ? false : body);
      answer.bodies = bodies;
    }
  }
  // The diff is the reason the module exists: it is answered whatever its size. Nothing to
  // answer is an empty array, as PHP prints one.
  result.compare = Object.keys(answer).length === 0 ? [] : answer;
}

const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

class Comparison {
  private guessed: Title | null | undefined;
  /** Revisions by id, each looked up once: the sides, the guesses of title and model ask again. */
  private readonly revisions = new Map<number, Promise<StoredRevision | undefined>>();

  constructor(
    private readonly state: RequestState,
    private readonly params: Params,
  ) {}

  /** One side as its parameters name it. */
  async side(side: Side): Promise<DiffSide> {
    const p = this.params;
    if (p[`${side}text`] !== undefined && p[`${side}slots`] !== undefined) {
      throw mutuallyExclusive([`${side}slots`, `${side}text`]);
    }
    if (p[`${side}section`] !== undefined && p[`${side}slots`] !== undefined) {
      throw mutuallyExclusive([`${side}slots`, `${side}section`]);
    }
    // The deprecated way: one text for the main slot.
    const legacyText = p[`${side}text`] as string | undefined;
    const slotText = (name: string) => (legacyText !== undefined ? undefined : p[`${side}${name}-main`]);
    const supplied = legacyText !== undefined || p[`${side}slots`] !== undefined;
    let title: Title | undefined;
    let revId = p[`${side}rev`] as number | undefined;
    if (revId === undefined && (p[`${side}title`] !== undefined || p[`${side}id`] !== undefined)) {
      title = await this.titleOf(side);
      const latest = await this.latestRevisionId(title);
      if (latest === undefined && !supplied) {
        throw apiError('missingtitle', 'apierror-missingtitle-byname', [escapeWikiText(this.prefixed(title))]);
      }
      revId = latest;
    }
    let revision: StoredRevision | undefined;
    if (revId !== undefined) {
      revision = await this.revision(revId);
      if (revision === undefined) throw apiError('nosuchrevid', 'apierror-nosuchrevid', [{ raw: revId }]);
      title = this.state.services.titles.make(revision.namespace, revision.dbKey);
      if (!supplied) return this.storedSide(side, revision);
    }
    title ??= (await this.guessTitle()) ?? undefined;
    const roles = legacyText !== undefined ? ['main'] : (p[`${side}slots`] as string[]);
    if (!roles.includes('main')) {
      // The main slot cannot be left out, and it is the only one: nothing changes.
      return { ...(await this.baseOf(revision)), revision, shown: undefined, unchanged: false };
    }
    const text = legacyText ?? (slotText('text') as string | undefined);
    if (text === undefined) throw apiError('compare-maintextrequired', 'apierror-compare-maintextrequired', [side]);
    const model =
      (slotText('contentmodel') as string | undefined) ??
      (legacyText !== undefined ? (p[`${side}contentmodel`] as string | undefined) : undefined) ??
      (await this.modelOf(revision, title));
    const format =
      (slotText('contentformat') as string | undefined) ??
      (legacyText !== undefined ? (p[`${side}contentformat`] as string | undefined) : undefined);
    // A text of no known model (`unknown`) is read in whatever format it is said to be in.
    if (format !== undefined && model !== 'unknown' && format !== defaultFormat(model)) {
      throw apiError('badformat', 'apierror-badformat-generic', [format, model]);
    }
    let content = text.replace(/\r\n?/g, '\n');
    if (p[`${side}pst`] === true) {
      if (title === undefined) throw apiError('compare-no-title', 'apierror-compare-no-title');
      content = await this.transformed(content, model, title);
    }
    const section = slotText('section') as string | undefined;
    if (section !== undefined && section !== '')
      content = await this.replacedSection(side, revision, section, content, model);
    const legacySection = p[`${side}section`] as string | undefined;
    if (legacySection !== undefined) content = this.sectionOf(side, content, model, legacySection);
    return { text: content, model, revision, shown: undefined, unchanged: false };
  }

  /** The second side relative to the first's revision; the first changes with `prev`. */
  async relative(from: DiffSide, relative: 'cur' | 'next' | 'prev'): Promise<[DiffSide, DiffSide]> {
    const base = from.revision;
    if (base === undefined) throw apiError('compare-relative-to-nothing', 'apierror-compare-relative-to-nothing');
    if (relative !== 'cur' && base.archived) {
      throw apiError('compare-relative-to-deleted', 'apierror-compare-relative-to-deleted', [relative]);
    }
    const title = this.prefixed(this.state.services.titles.make(base.namespace, base.dbKey));
    if (relative === 'prev') {
      const before = await this.neighbour(base, 'prev');
      if (before) return [await this.storedSide('from', before, false), from];
      this.warn('compare-no-prev', [escapeWikiText(title), { raw: base.id }]);
      return [{ text: '', model: from.model, revision: undefined, shown: undefined, unchanged: false }, from];
    }
    if (relative === 'next') {
      const after = await this.neighbour(base, 'next');
      if (after) return [from, await this.storedSide('to', after, false)];
      this.warn('compare-no-next', [escapeWikiText(title), { raw: base.id }]);
      return [from, { ...(await this.baseOf(base)), revision: undefined, shown: undefined, unchanged: false }];
    }
    const latest = await this.latestRevisionId({ namespace: base.namespace, dbKey: base.dbKey });
    const current = latest === undefined ? undefined : await this.revision(latest);
    if (current === undefined) throw apiError('nosuchrevid', 'apierror-missingrev-title', [escapeWikiText(title)]);
    return [from, await this.storedSide('to', current, false)];
  }

  /**
   * The diff of two sides' texts; a text of no model the engine reads (`unknown`) as the second
   * side gives MediaWiki's error row instead.
   */
  diff(from: DiffSide, to: DiffSide, type: DiffType): string {
    if (to.model === 'unknown' || from.model === 'unknown') {
      const text =
        from.model === to.model
          ? this.render('unsupported-content-diff', [to.model])
          : this.render('unsupported-content-diff2', [from.model, to.model]);
      return `<tr><td colspan="4" class="error">${escapeHtml(text)}</td></tr>`;
    }
    return diffBody(from.text, to.text, this.labels(), type);
  }

  private render(key: string, params: MessageParam[] = []): string {
    return renderMessage(key, params, this.state.userLanguage, this.state.storedMessages());
  }

  /** The line numbers and moved paragraphs' link titles of the diff, in the reader's language. */
  labels() {
    return {
      line: (n: number) => this.render('lineno', [{ num: n }]),
      moved: (to: 'new' | 'old') => escapeHtml(this.render(`diff-paragraph-moved-to${to}`)),
    };
  }

  /** The fields of a side's revision the props ask for, and the markers of what is hidden. */
  async describe(answer: ResultObject, side: Side, rev: StoredRevision | undefined, props: ReadonlySet<string>) {
    if (rev === undefined) return;
    if (props.has('ids')) {
      answer[`${side}id`] = rev.pageId;
      answer[`${side}revid`] = rev.id;
    }
    if (props.has('title')) {
      answer[`${side}ns`] = rev.namespace;
      answer[`${side}title`] = this.prefixed(this.state.services.titles.make(rev.namespace, rev.dbKey));
    }
    if (props.has('size')) answer[`${side}size`] = rev.len ?? 0;
    if (props.has('timestamp')) answer[`${side}timestamp`] = mwToIso(rev.timestamp);
    // The markers are named with the side, in the order MediaWiki gives them; `suppressed` only
    // where something is hidden.
    const user = this.state.user;
    const isHidden = (field: number) => (rev.deleted & field) !== 0;
    if (isHidden(DELETED_TEXT)) answer[`${side}texthidden`] = true;
    if (isHidden(DELETED_USER)) answer[`${side}userhidden`] = true;
    if (props.has('user') && canSeeField(user, rev.deleted, DELETED_USER)) {
      answer[`${side}user`] = rev.actorName;
      answer[`${side}userid`] = rev.actorUser ?? 0;
    }
    if (isHidden(DELETED_COMMENT)) answer[`${side}commenthidden`] = true;
    // Either comment prop gives the parsed comment too, as MediaWiki does.
    if ((props.has('comment') || props.has('parsedcomment')) && canSeeField(user, rev.deleted, DELETED_COMMENT)) {
      if (props.has('comment')) answer[`${side}comment`] = rev.comment;
      const [parsed] = await commentFormatterFor(this.state.services).format([
        { comment: rev.comment, title: { namespace: rev.namespace, dbKey: rev.dbKey } },
      ]);
      answer[`${side}parsedcomment`] = parsed;
    }
    const anyHidden = isHidden(DELETED_TEXT) || isHidden(DELETED_USER) || isHidden(DELETED_COMMENT);
    if (anyHidden && isHidden(DELETED_RESTRICTED)) answer[`${side}suppressed`] = true;
    if (rev.archived) answer[`${side}archive`] = true;
  }

  /** The revision before (or after) `rev` on its page, by timestamp and then id. */
  async neighbour(rev: StoredRevision, direction: 'prev' | 'next'): Promise<StoredRevision | undefined> {
    const db = this.state.services.store.db;
    const id = await neighbour(db, { id: rev.id, page: rev.pageId, timestamp: rev.timestamp }, direction);
    return id === undefined ? undefined : this.revision(id);
  }

  private warn(code: string, params: MessageParam[]): void {
    this.state.warn(SCOPE.path, message(code, `apiwarn-${code}`, params));
  }

  private prefixed(title: Pick<Title, 'namespace' | 'dbKey'>): string {
    return this.state.services.titles.prefixedText({ ...title, interwiki: '' });
  }

  /**
   * A side that is a stored revision, or (deprecated `section`) one of its sections; a revision
   * relative to the first side is always whole (`withSection` false).
   */
  private async storedSide(side: Side, revision: StoredRevision, withSection = true): Promise<DiffSide> {
    const { text, model } = await this.baseOf(revision);
    const section = withSection ? (this.params[`${side}section`] as string | undefined) : undefined;
    if (section === undefined) return { text, model, revision, shown: revision, unchanged: true };
    if (!canSeeField(this.state.user, revision.deleted, DELETED_TEXT)) {
      throw apiError('missingcontent', 'apierror-missingcontent-revid-role', [{ raw: revision.id }, 'main']);
    }
    return { text: this.sectionOf(side, text, model, section), model, revision, shown: revision, unchanged: false };
  }

  /** The main slot's text and model of a revision; nothing for none. */
  private async baseOf(revision: StoredRevision | undefined): Promise<{ text: string; model: string }> {
    if (revision === undefined) return { text: '', model: 'wikitext' };
    const { store } = this.state.services;
    const slots = (await revisionSlots(store, [{ revId: revision.id, sha1: revision.sha1 }])).get(revision.id) ?? [];
    const main = slots.find((slot) => slot.slot_role === 'main');
    if (main === undefined) return { text: '', model: defaultModel(revision.namespace, revision.dbKey) };
    return { text: (await contentTexts(store, [main])).get(main.content_id) ?? '', model: main.content_model };
  }

  /** The model of a text given for a side: its revision's, its page's, a guess, or wikitext. */
  private async modelOf(revision: StoredRevision | undefined, title: Title | undefined): Promise<string> {
    if (revision !== undefined) return (await this.baseOf(revision)).model;
    if (title !== undefined) return this.pageModel(title);
    for (const side of ['from', 'to'] as const) {
      const id = this.params[`${side}rev`] as number | undefined;
      const rev = id === undefined ? undefined : await this.revision(id);
      if (rev) return (await this.baseOf(rev)).model;
    }
    const guess = await this.guessTitle();
    if (guess) return this.pageModel(guess);
    for (const name of ['fromcontentmodel-main', 'tocontentmodel-main', 'fromcontentmodel', 'tocontentmodel']) {
      const model = this.params[name] as string | undefined;
      if (model !== undefined) return model;
    }
    this.warn('compare-nocontentmodel', ['wikitext']);
    return 'wikitext';
  }

  /** A page's content model, or the default one of its title when it does not exist. */
  private async pageModel(title: Pick<Title, 'namespace' | 'dbKey'>): Promise<string> {
    const row = await this.state.services.store.db
      .selectFrom('page')
      .select('page_content_model')
      .where('page_namespace', '=', title.namespace)
      .where('page_title', '=', title.dbKey)
      .executeTakeFirst();
    return row?.page_content_model ?? defaultModel(title.namespace, title.dbKey);
  }

  /** The page a side names by `title` or `id`. */
  private async titleOf(side: Side): Promise<Title> {
    const { titles, store } = this.state.services;
    const text = this.params[`${side}title`] as string | undefined;
    if (text !== undefined) {
      const title = titles.parseOrUndefined(text);
      if (title === undefined || title.interwiki !== '') {
        throw apiError('invalidtitle', 'apierror-invalidtitle', [escapeWikiText(text)]);
      }
      return title;
    }
    const id = this.params[`${side}id`] as number;
    const row = await store.db
      .selectFrom('page')
      .select(['page_namespace', 'page_title'])
      .where('page_id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw apiError('nosuchpageid', 'apierror-nosuchpageid', [{ raw: id }]);
    return titles.make(row.page_namespace, row.page_title);
  }

  /**
   * The page a text without a revision is taken for (its model, the pre-save transform): the
   * first of either side's revision, title or page id that names one.
   */
  private async guessTitle(): Promise<Title | null> {
    this.guessed ??= await this.firstNamedTitle();
    return this.guessed;
  }

  private async firstNamedTitle(): Promise<Title | null> {
    const { titles } = this.state.services;
    for (const side of ['from', 'to'] as const) {
      const id = this.params[`${side}rev`] as number | undefined;
      const rev = id === undefined ? undefined : await this.revision(id);
      if (rev) return titles.make(rev.namespace, rev.dbKey);
      const text = this.params[`${side}title`] as string | undefined;
      const title = text === undefined ? undefined : titles.parseOrUndefined(text);
      if (title && title.interwiki === '') return title;
      if (this.params[`${side}id`] !== undefined) {
        const byId = await this.titleOf(side).catch(() => undefined);
        if (byId) return byId;
      }
    }
    return null;
  }

  private async latestRevisionId(title: Pick<Title, 'namespace' | 'dbKey'>): Promise<number | undefined> {
    const row = await this.state.services.store.db
      .selectFrom('page')
      .select('page_latest')
      .where('page_namespace', '=', title.namespace)
      .where('page_title', '=', title.dbKey)
      .executeTakeFirst();
    return row && row.page_latest > 0 ? row.page_latest : undefined;
  }

  /** A revision by id; a deleted one too for callers who may read deleted texts. */
  private revision(id: number): Promise<StoredRevision | undefined> {
    let found = this.revisions.get(id);
    if (found === undefined) {
      found = this.loadRevision(id);
      this.revisions.set(id, found);
    }
    return found;
  }

  private async loadRevision(id: number): Promise<StoredRevision | undefined> {
    const db = this.state.services.store.db;
    const row = await db
      .selectFrom('revision')
      .innerJoin('page', 'page_id', 'rev_page')
      .innerJoin('actor', 'actor_id', 'rev_actor')
      .select([
        'rev_id as id',
        'page_id as pageId',
        'page_namespace as namespace',
        'page_title as dbKey',
        'rev_timestamp as timestamp',
        'rev_len as len',
        'rev_deleted as deleted',
        'rev_sha1 as sha1',
        'rev_comment as comment',
        'actor_name as actorName',
        'actor_user as actorUser',
      ])
      .where('rev_id', '=', id)
      .executeTakeFirst();
    if (row) return { ...row, comment: row.comment ?? '', archived: false };
    const rights = this.state.user.rights;
    if (!rights.has('deletedtext') && !rights.has('undelete')) return undefined;
    const archived = await db
      .selectFrom('archive')
      .innerJoin('actor', 'actor_id', 'ar_actor')
      .leftJoin('page', (join) =>
        join.onRef('page_namespace', '=', 'ar_namespace').onRef('page_title', '=', 'ar_title'),
      )
      .select([
        'ar_rev_id as id',
        'page_id as pageId',
        'ar_namespace as namespace',
        'ar_title as dbKey',
        'ar_timestamp as timestamp',
        'ar_len as len',
        'ar_deleted as deleted',
        'ar_sha1 as sha1',
        'ar_comment as comment',
        'actor_name as actorName',
        'actor_user as actorUser',
      ])
      .where('ar_rev_id', '=', id)
      .executeTakeFirst();
    return archived && { ...archived, pageId: archived.pageId ?? 0, comment: archived.comment ?? '', archived: true };
  }

  /** The text with the pre-save transform a save of it on `title` by the caller would make. */
  private async transformed(text: string, model: string, title: Title): Promise<string> {
    const { state } = this;
    const { store, titles, site, messages, languages } = state.services;
    const services = { store, titles, site, server: state.server, messages, languages };
    return contentPreSaveTransform(text, model, title, services, await signerOf(store, state.user));
  }

  /** A revision's text with one section (or `new`, one more) replaced by `content`. */
  private async replacedSection(
    side: Side,
    revision: StoredRevision | undefined,
    section: string,
    content: string,
    model: string,
  ): Promise<string> {
    if (revision === undefined) throw apiError(`compare-no${side}revision`, `apierror-compare-no${side}revision`);
    if (!canSeeField(this.state.user, revision.deleted, DELETED_TEXT)) {
      throw apiError('missingcontent', 'apierror-missingcontent-revid-role', [{ raw: revision.id }, 'main']);
    }
    const base = await this.baseOf(revision);
    if (base.model !== 'wikitext') throw apiError('sectionsnotsupported', 'apierror-sectionsnotsupported', [model]);
    // A section of another model cannot be put into the revision's text.
    if (model !== base.model) throw apiError('sectionreplacefailed', 'apierror-sectionreplacefailed');
    return replaceSection(base.text, section, content);
  }

  /** Section `section` of a side's text (deprecated `section`), or MediaWiki's error. */
  private sectionOf(side: Side, text: string, model: string, section: string): string {
    const part = model === 'wikitext' ? wikitextSection(text, sectionNumber(section)) : undefined;
    if (part === undefined) {
      throw apiError(`nosuch${side}section`, `apierror-compare-nosuch${side}section`, [escapeWikiText(section)]);
    }
    return part;
  }
}

/** A section id as MediaWiki reads it: the number after the last `-` (`T-2`), 0 for no number. */
function sectionNumber(section: string): number {
  const last = section.slice(section.lastIndexOf('-') + 1);
  const digits = /^\s*\d+/.exec(last);
  return digits ? Number(digits[0]) : 0;
}

/**
 * `text` with section `section` replaced by `content` (followed by an empty line where more text
 * follows), or, for `new`, with `content` added after an empty line. A section that is not there
 * leaves the text as it is.
 */
export function replaceSection(text: string, section: string, content: string): string {
  if (section === 'new') return text.trim() === '' ? content : `${text}\n\n${content}`;
  const range = wikitextSectionRange(text, sectionNumber(section));
  if (range === undefined) return text;
  const after = text.slice(range.end);
  return `${text.slice(0, range.start)}${content === '' ? '' : `${content}\n\n`}${after}`.replace(/\s+$/, '');
}
