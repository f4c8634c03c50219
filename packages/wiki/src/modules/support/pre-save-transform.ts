/**
 * The pre-save transform: what MediaWiki makes of a wikitext before it stores it. Calls written
 * with `subst:` or `safesubst:` are expanded (nothing else is), signatures (`~~~`, `~~~~`,
 * `~~~~~`) become the editor's signature and the time, links written with the pipe trick get
 * their label (`[[Seite (Begriff)|]]` is `[[Seite (Begriff)|Seite]]`, `[[|Seite]]` takes the
 * context of the page's own title), line ends become `\n` and trailing white space goes. The
 * inside of comments and extension tags (`<nowiki>`, `<pre>`, `<ref>`) is left alone.
 */
import { readerDateFormatter } from '../../api/messages/dates.js';
import type { RequestUser } from '../../api/module.js';
import type { Title } from '../../site/title.js';
import type { WikiStore } from '../../store/database.js';
import { escapeWikiText } from '../../text/escape-wikitext.js';
import { toMwTimestamp } from '../../text/timestamps.js';
import { Expander, PROTECTED_TAGS } from '../../wikitext/preprocessor/expand.js';
import { preprocessToTree } from '../../wikitext/preprocessor/parse.js';
import { type ExpansionServices, expansionHost } from './template-expansion.js';

/** Characters a title may hold (the pipe trick reads targets of them). */
const TITLE_CHAR = String.raw`[ %!"$&'()*,\-./0-9:;=?@A-Z\\^_\x60a-z~+\u0080-\uFFFF]`;
/** Characters of a namespace prefix. */
const NAMESPACE_CHAR = String.raw`[ _0-9A-Za-z\u0080-\uFFFF-]`;
/** A link's prefix: a namespace, a leading colon, both, or nothing. */
const LINK_PREFIX = `(:?${NAMESPACE_CHAR}+:|:|)`;

/** `[[x (y)|]]`, with ASCII or full-width parentheses, and `[[x, y|]]` (or `x (y), z`): label `x`. */
const PIPE_TRICKS = [
  new RegExp(String.raw`\[\[${LINK_PREFIX}(${TITLE_CHAR}+?)( ?\(${TITLE_CHAR}+\))\|\]\]`, 'g'),
  new RegExp(String.raw`\[\[${LINK_PREFIX}(${TITLE_CHAR}+?)( ?（${TITLE_CHAR}+）)\|\]\]`, 'g'),
  new RegExp(
    String.raw`\[\[${LINK_PREFIX}(${TITLE_CHAR}+?)( ?\(${TITLE_CHAR}+\)|)((?:, |，)${TITLE_CHAR}+|)\|\]\]`,
    'g',
  ),
];
/**
 * What may be a link written with the forward pipe trick: no brackets or bars before `|]]`, and
 * no longer than a title can be (with a namespace and a context) many times over.
 */
const PIPE_TRICK_LINK = /\[\[[^[\]|]{1,1024}\|\]\]/g;
/** `[[|x]]`: the link takes the context of the page's title. */
const REVERSE_PIPE_TRICK = new RegExp(String.raw`\[\[\|(${TITLE_CHAR}+)\]\]`, 'g');
/** A title's namespace prefix and its context in parentheses, or after a comma. */
const PARENTHESIS_CONTEXT = new RegExp(String.raw`^(${NAMESPACE_CHAR}+:|)${TITLE_CHAR}+?( \(${TITLE_CHAR}+\))$`);
const COMMA_CONTEXT = new RegExp(`^(${NAMESPACE_CHAR}+:|)${TITLE_CHAR}+?(, ${TITLE_CHAR}+|)$`);

/** The editor whose signature a save writes, and its signature preferences. */
export interface Signer {
  user: RequestUser;
  /** The `nickname` preference; `fancy`: it is wikitext of its own (`fancysig`). */
  nickname?: string;
  fancy?: boolean;
}

/** The caller as a save signs for it: its name and its signature preferences. */
export async function signerOf(store: WikiStore, user: RequestUser): Promise<Signer> {
  if (user.anonymous) return { user };
  const rows = await store.db
    .selectFrom('user_properties')
    .select(['up_property', 'up_value'])
    .where('up_user', '=', user.id)
    .where('up_property', 'in', ['nickname', 'fancysig'])
    .execute();
  const preference = (name: string) => rows.find((row) => row.up_property === name)?.up_value ?? undefined;
  const fancy = preference('fancysig');
  return {
    user,
    nickname: preference('nickname') ?? undefined,
    fancy: fancy !== undefined && fancy !== '' && fancy !== '0',
  };
}

/**
 * `text` of content model `model` as a save of it on `title` by `signer` would store it: wikitext,
 * CSS and JavaScript transformed as wikitext (signatures and `subst:` work in user scripts too),
 * other models by `textPreSaveTransform`.
 */
export async function contentPreSaveTransform(
  text: string,
  model: string,
  title: Title,
  services: ExpansionServices,
  signer: Signer,
  now = new Date(),
): Promise<string> {
  if (model === 'wikitext' || model === 'css' || model === 'javascript') {
    return preSaveTransform(text, title, services, signer, now);
  }
  return textPreSaveTransform(text, model);
}

/**
 * The transform of a text of a model other than wikitext, CSS and JavaScript: line ends and
 * trailing white space as for wikitext; JSON, when valid, written out again indented with tabs,
 * else left as it is.
 */
export function textPreSaveTransform(text: string, model: string): string {
  if (model !== 'json' && model !== 'GadgetDefinition') return text.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
  try {
    return JSON.stringify(JSON.parse(text), null, '\t');
  } catch {
    return text;
  }
}

/** `text` as a save of it on the page `title` by `signer` would store it, at `now`. */
export async function preSaveTransform(
  text: string,
  title: Title,
  services: ExpansionServices,
  signer: Signer,
  now = new Date(),
): Promise<string> {
  const host = expansionHost(services, title);
  const expander = new Expander(host, false, true);
  let out = await expander.expand(preprocessToTree(text.replace(/\r\n?/g, '\n')), expander.rootFrame());
  const signature = await signatureOf(signer, new Expander(host));
  // In the content language's format, as MediaWiki signs (its time zone, UTC here).
  const date = `${readerDateFormatter(services.site.language, undefined)(toMwTimestamp(now))} (UTC)`;
  out = out.replace(/~{5}|~{4}|~{3}/g, (tildes) =>
    tildes.length === 5 ? date : tildes.length === 4 ? `${signature} ${date}` : signature,
  );
  // The context of `[[|x]]` is read from the title without its namespace.
  out = withPipeTricks(out, title.dbKey.replace(/_/g, ' '));
  out = out.replace(PROTECTED_TAGS, (_, n: string) => expander.protectedTags[Number(n)] ?? '');
  return out.replace(/\s+$/, '');
}

/**
 * A link written with the forward pipe trick (`[[x (y)|]]`, `[[x, y|]]`) with its label, as
 * written when it is none.
 */
function labelled(link: string): string {
  let out = link;
  out = out.replace(
    PIPE_TRICKS[0] as RegExp,
    (_, prefix, target, context) => `[[${prefix}${target}${context}|${target}]]`,
  );
  out = out.replace(
    PIPE_TRICKS[1] as RegExp,
    (_, prefix, target, context) => `[[${prefix}${target}${context}|${target}]]`,
  );
  return out.replace(
    PIPE_TRICKS[2] as RegExp,
    (_, prefix, target, context, comma) => `[[${prefix}${target}${context}${comma}|${target}]]`,
  );
}

/** The links written with the pipe trick given their labels, on a page named `pageTitle` (no namespace). */
function withPipeTricks(text: string, pageTitle: string): string {
  // Each link written with the trick is read alone: the patterns, tried over the whole text, take
  // time growing with the square of a long run of title characters.
  const out = text.replace(PIPE_TRICK_LINK, labelled);
  const parenthesis = PARENTHESIS_CONTEXT.exec(pageTitle);
  const comma = parenthesis ? undefined : COMMA_CONTEXT.exec(pageTitle);
  const [namespace, context] = parenthesis
    ? [parenthesis[1] ?? '', parenthesis[2] ?? '']
    : comma && `${comma[1]}${comma[2]}` !== ''
      ? [comma[1] ?? '', comma[2] ?? '']
      : [undefined, undefined];
  return out.replace(REVERSE_PIPE_TRICK, (_, label: string) =>
    namespace === undefined ? `[[${label}]]` : `[[${namespace}${label}${context}|${label}]]`,
  );
}

/**
 * The signature `~~~` writes: the user's own wikitext (`fancysig`), or the message's links to
 * the user's pages (to the contributions of an IP address), expanded by `expander`.
 */
async function signatureOf(signer: Signer, expander: Expander): Promise<string> {
  const name = signer.user.name;
  // A signature within a signature is not expanded.
  const nickname = (signer.nickname ?? '').replace(/~{3,}/g, '');
  if (signer.fancy === true && nickname !== '') return nickname;
  const key = signer.user.anonymous ? 'signature-anon' : 'signature';
  const message = await expander.message(key, [escapeWikiText(name), escapeWikiText(nickname || name)]);
  return expander.expand(preprocessToTree(message), expander.rootFrame());
}
