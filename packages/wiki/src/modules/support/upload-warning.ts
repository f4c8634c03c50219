/**
 * What an upload under a file's name would meet (`iiprop=uploadwarning`), as MediaWiki's upload
 * form warns of it, checked in its order: the file exists; its description page exists without a
 * file; a file whose name differs only in the extension exists (`Karte.jpg` beside `Karte.png`);
 * the name is a thumbnail's (`120px-Karte.png`), of a file that exists or not; the name begins as
 * a camera names its pictures (`DSC_`, from the message `filename-prefix-blacklist`).
 *
 * The warning is its message in the answer's language, made HTML as MediaWiki's parser makes the
 * message's wikitext: links (the file's own name a self-link), the other file as a thumbnail,
 * lists and paragraphs (see `MessageRenderer`).
 */

import { CommentFormatter } from '../../api/comment-format.js';
import { userGender } from '../../api/gender.js';
import { fallbackChain, QQX, qqxText } from '../../api/messages/catalogue.js';
import { lookupMessages } from '../../api/messages/store.js';
import { transformMessageSync } from '../../api/messages/transform.js';
import type { ModuleContext } from '../../api/module.js';
import { localSpecialPageKey } from '../../site/mediawiki/special-page-aliases.js';
import { namespaceById } from '../../site/site.js';
import type { Title } from '../../site/title.js';
import { urlencodeTitle } from '../../site/urls.js';
import { escapeAttribute, escapeHtmlText } from '../../text/escape.js';
import { currentVersions } from './file-rows.js';
import { DEFAULT_THUMB_WIDTH, type FileVersion, fileUrl, thumbnailSize, thumbnailUrl, uploadBaseUrl } from './files.js';

const NS_FILE = 6;

type Warning =
  | { kind: 'exists' | 'page-exists' }
  /** A file of the same name with another extension (`other`, a stored name). */
  | { kind: 'exists-normalized'; other: string }
  /** The name is a thumbnail's, of the file `other` (a stored name), which exists. */
  | { kind: 'thumb'; other: string }
  /** The name is a thumbnail's (`badPart`: its `120px-`), of no file that exists. */
  | { kind: 'thumb-name'; badPart: string }
  | { kind: 'bad-prefix'; prefix: string };

/** A file asked about: its stored name, prefixed title and page id (negative when it has no page). */
export interface FileAsked {
  dbKey: string;
  title: string;
  pageid: number;
}

/**
 * MediaWiki's normal form of an extension: lower case, the usual of two spellings (`jpeg` is
 * `jpg`), and empty when it is not letters and digits.
 */
function normalizeExtension(extension: string): string {
  const lower = extension.toLowerCase();
  const usual: Record<string, string> = { htm: 'html', jpeg: 'jpg', mpeg: 'mpg', tiff: 'tif', ogv: 'ogg' };
  return usual[lower] ?? (/^[0-9a-z]+$/.test(lower) ? lower : '');
}

/** Whether a name is a thumbnail's: `12px-` or `123px-` at its start. */
function isThumbName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  const part = dot > 0 ? name.slice(0, dot) : name;
  return (part.slice(3, 6) === 'px-' || part.slice(2, 5) === 'px-') && /^[0-9]{2}/.test(part);
}

/**
 * The prefixes of camera-given names, from the message's lines: a line is a prefix, what follows a
 * `#` (with the character before it) a comment, a line beginning with `#` a comment.
 */
function cameraPrefixes(list: string | undefined): string[] {
  if (list === undefined || list === '-' || list.trim() === '') return [];
  const prefixes: string[] = [];
  for (let line of list.split('\n')) {
    const first = line.trim().charAt(0);
    if (first === '#' || first === '') continue;
    const comment = line.indexOf('#');
    if (comment > 0) line = line.slice(0, comment - 1);
    prefixes.push(line.trim());
  }
  return prefixes;
}

/** Which of the named files exist. */
async function existingFiles(ctx: ModuleContext, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  return new Set((await currentVersions(ctx.store, names)).keys());
}

/** The first file (by name) whose name begins with `prefix`. */
async function firstFileWithPrefix(ctx: ModuleContext, prefix: string): Promise<string | undefined> {
  // The names from `prefix` up to the next name that no longer begins with it, as a range: the
  // prefix ends with `.`, and `/` comes next.
  const row = await ctx.store.db
    .selectFrom('image')
    .select('img_name')
    .where('img_name', '>=', prefix)
    .where('img_name', '<', `${prefix.slice(0, -1)}/`)
    .orderBy('img_name')
    .limit(1)
    .executeTakeFirst();
  return row?.img_name;
}

/** The warning an upload under `file`'s name would meet, if any. */
async function warningFor(
  ctx: ModuleContext,
  file: FileAsked,
  exists: boolean,
  prefixes: () => Promise<string[]>,
): Promise<Warning | undefined> {
  if (exists) return { kind: 'exists' };
  if (file.pageid > 0) return { kind: 'page-exists' };
  const name = file.dbKey;
  const dot = name.lastIndexOf('.');
  const part = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot + 1) : '';
  const normalized = normalizeExtension(extension);
  if (normalized !== extension) {
    const other = `${part}.${normalized}`;
    if ((await existingFiles(ctx, [other])).has(other)) return { kind: 'exists-normalized', other };
  }
  const similar = await firstFileWithPrefix(ctx, `${part}.`);
  if (similar !== undefined) return { kind: 'exists-normalized', other: similar };
  if (isThumbName(name)) {
    const original = ctx.titles.parseOrUndefined(`${part.slice(part.indexOf('-') + 1)}.${extension}`, {
      defaultNamespace: NS_FILE,
    });
    if (original?.namespace === NS_FILE && original.interwiki === '') {
      if ((await existingFiles(ctx, [original.dbKey])).has(original.dbKey)) {
        return { kind: 'thumb', other: original.dbKey };
      }
    }
    return { kind: 'thumb-name', badPart: name.slice(0, name.indexOf('-') + 1) };
  }
  const prefix = (await prefixes()).find((p) => part.startsWith(p));
  return prefix === undefined ? undefined : { kind: 'bad-prefix', prefix };
}

/** The message and its parameters (prefixed titles, or text) of a warning about `file`. */
function warningMessage(warning: Warning, file: FileAsked, titleOf: (dbKey: string) => string): [string, string[]] {
  switch (warning.kind) {
    case 'exists':
      return ['fileexists', [file.title]];
    case 'page-exists':
      return ['filepageexists', [file.title]];
    case 'exists-normalized':
      return ['fileexists-extension', [file.title, titleOf(warning.other)]];
    case 'thumb':
      // The thumbnail's original first, as MediaWiki has it.
      return ['fileexists-thumbnail-yes', [titleOf(warning.other), file.title]];
    case 'thumb-name':
      return ['file-thumbnail-no', [warning.badPart]];
    case 'bad-prefix':
      return ['filename-bad-prefix', [warning.prefix]];
  }
}

/**
 * The upload warning of each file, as HTML (empty where an upload meets none), by stored name.
 * `current` holds the current versions of the files that exist.
 */
export async function uploadWarnings(
  ctx: ModuleContext,
  files: readonly FileAsked[],
  current: ReadonlyMap<string, FileVersion>,
): Promise<Map<string, string>> {
  let prefixList: Promise<string[]> | undefined;
  const prefixes = () => {
    prefixList ??= lookupMessages(
      ctx.store,
      ['filename-prefix-blacklist'],
      ctx.site.language,
      ctx.site.language,
      ctx.messages,
    ).then((found) => cameraPrefixes(found.get('filename-prefix-blacklist')?.text));
    return prefixList;
  };
  const warnings: [FileAsked, Warning | undefined][] = [];
  for (const file of files) warnings.push([file, await warningFor(ctx, file, current.has(file.dbKey), prefixes)]);

  const titleOf = (dbKey: string) => ctx.titles.prefixedText({ namespace: NS_FILE, dbKey, interwiki: '' });
  const messages = warnings.map(([file, warning]) => warning && warningMessage(warning, file, titleOf));
  const keys = new Set(['thumbnail-more', ...messages.flatMap((m) => (m ? [m[0]] : []))]);
  const texts = await lookupMessages(
    ctx.store,
    [...keys],
    ctx.language,
    ctx.site.language,
    ctx.messages,
    fallbackChain(ctx.language, ctx.storedMessages),
  );
  const renderer = new MessageRenderer(ctx, (key) => texts.get(key)?.text, current);

  const html = new Map<string, string>();
  for (const [i, [file]] of warnings.entries()) {
    const message = messages[i];
    const page = ctx.titles.parseOrUndefined(file.title) as Title;
    html.set(file.dbKey, message ? await renderer.render(message[0], message[1], page) : '');
  }
  return html;
}

/** The block elements that end a paragraph where a line holds them (MediaWiki's two lists). */
const BLOCK_OPEN = /<(?:table|h[1-6]|pre|tr|p|ul|ol|dl|li|\/tr|\/td|\/th)/i;
const BLOCK_CLOSE = /<(?:\/table|\/h[1-6]|td|th|\/?blockquote|\/?div|hr|\/pre|\/p|\/li|\/ul|\/ol|\/dl|\/?center)/i;

/** The width of the box where a file that does not exist would be shown as a thumbnail. */
const MISSING_THUMB_WIDTH = 180;

/** What stands for a thumbnail until the lines are laid out: an element of its own. */
const THUMB_START = '<div class="thumb ';

/**
 * Interface messages as HTML, as MediaWiki's parser makes the wikitext of a message shown on a
 * page (`page`): parameters put in and `{{GENDER:}}` and the like expanded; internal links
 * (`[[:Datei:X]]`: to the page itself a self-link, to a missing page a red link), files as
 * thumbnails (`[[Datei:X|thumb]]`), `''` and `'''`; lines laid out in paragraphs and lists, and a
 * paragraph's text before a thumbnail closed as the HTML tidying does; one paragraph alone loses
 * its `<p>`.
 */
class MessageRenderer {
  private readonly links: CommentFormatter;

  constructor(
    private readonly ctx: ModuleContext,
    private readonly text: (key: string) => string | undefined,
    /** File versions already read (the files asked about), not read again for their thumbnails. */
    private readonly known: ReadonlyMap<string, FileVersion>,
  ) {
    this.links = new CommentFormatter(ctx.store, ctx.titles, ctx.site, ctx.language, ctx.messages);
  }

  async render(key: string, params: readonly string[], page: Title): Promise<string> {
    // The pseudo-language shows the key with its parameters: `(fileexists: Datei:X.png)`.
    const template =
      this.ctx.language === QQX
        ? qqxText(
            key,
            params.map((_, i) => `$${i + 1}`),
          )
        : (this.text(key) ?? `⧼${key}⧽`);
    const wikitext = this.expand(
      template.replace(/\$(\d+)/g, (whole, n: string) => params[Number(n) - 1] ?? whole),
      page,
    );
    const lines = await this.inline(wikitext, page);
    return stripOuterParagraph(blockLevels(lines));
  }

  /** A message's text with `{{GENDER:}}`, `{{int:}}` and the like expanded, shown on `page`. */
  private expand(text: string, page: Title | undefined): string {
    const { site } = this.ctx;
    return transformMessageSync(text, {
      siteName: site.siteName,
      server: this.ctx.server,
      scriptPath: site.scriptPath,
      language: this.ctx.language,
      contentLanguage: site.language,
      page: page
        ? { fullTitle: this.ctx.titles.prefixedText(page), text: page.dbKey.replace(/_/g, ' '), namespace: '' }
        : { fullTitle: '', text: '', namespace: '' },
      readerName: this.ctx.user.name,
      gender: (name) => userGender(this.ctx.titles, name),
      message: (other) => this.text(other),
    });
  }

  /** Each line with its links, thumbnails and emphasis made HTML. */
  private async inline(wikitext: string, page: Title): Promise<string[]> {
    const linkPattern = /\[\[([^[\]|]+)(?:\|([^[\]]*))?\]\]/g;
    const targets: Title[] = [];
    const files: string[] = [];
    for (const match of wikitext.matchAll(linkPattern)) {
      const target = this.ctx.titles.parseOrUndefined(match[1].trim().replace(/^:/, ''));
      if (target === undefined || target.interwiki !== '') continue;
      targets.push(target);
      if (target.namespace === NS_FILE && !match[1].trim().startsWith(':') && !this.known.has(target.dbKey)) {
        files.push(target.dbKey);
      }
    }
    const [existing, read] = await Promise.all([
      this.links.existingPages(targets.filter((t) => t.namespace >= 0)),
      files.length > 0 ? currentVersions(this.ctx.store, files) : new Map<string, FileVersion>(),
    ]);
    const versions = (dbKey: string) => this.known.get(dbKey) ?? read.get(dbKey);
    const moreLabel = this.expand(this.text('thumbnail-more') ?? 'Enlarge', undefined);
    return wikitext.split('\n').map((line) => {
      const linked = escapeText(line).replace(linkPattern, (whole, rawTarget: string, options?: string) => {
        const written = decodeEntities(rawTarget).trim();
        const target = this.ctx.titles.parseOrUndefined(written.replace(/^:/, ''));
        if (target === undefined || target.interwiki !== '') return whole;
        if (target.namespace === NS_FILE && !written.startsWith(':')) {
          const version = versions(target.dbKey);
          return version ? this.thumbnail(target, version, moreLabel) : this.missingThumbnail(target);
        }
        const label = options ?? escapeHtmlText(written.replace(/^:/, ''));
        if (target.namespace === page.namespace && target.dbKey === page.dbKey && !target.fragment) {
          return `<a class="mw-selflink selflink">${label}</a>`;
        }
        return this.links.link(target, label, existing);
      });
      return emphasis(linked);
    });
  }

  /**
   * A file that does not exist where its thumbnail would be: a box of the width MediaWiki gives such
   * a file (180 pixels), holding a red link to upload it.
   */
  private missingThumbnail(title: Title): string {
    const { site } = this.ctx;
    const upload = `${namespaceById(site, -1)?.name ?? 'Special'}:${localSpecialPageKey('Upload', site)}`;
    const href = `${site.scriptPath}/index.php?title=${urlencodeTitle(upload)}&wpDestFile=${urlencodeTitle(title.dbKey)}`;
    const name = escapeHtmlText(this.ctx.titles.prefixedText(title));
    return (
      `${THUMB_START}tright"><div class="thumbinner" style="width:${MISSING_THUMB_WIDTH + 2}px;">` +
      `<a href="${escapeAttribute(href)}" class="new" title="${escapeAttribute(this.ctx.titles.prefixedText(title))}">${name}</a>  ` +
      '<div class="thumbcaption"></div></div></div>'
    );
  }

  /** A file as a thumbnail at the default width, with the link to enlarge it, floating right. */
  private thumbnail(title: Title, version: FileVersion, moreLabel: string): string {
    const { site } = this.ctx;
    const base = uploadBaseUrl(site, '');
    const original = fileUrl(base, version.name);
    const source = { width: version.width, height: version.height, mime: version.mime };
    const href = escapeAttribute(site.articlePath.replace('$1', urlencodeTitle(this.ctx.titles.prefixedDbKey(title))));
    const alt = escapeAttribute(title.dbKey.replace(/_/g, ' '));
    if (source.width <= 0 || source.height <= 0) {
      return `${THUMB_START}tright"><div class="thumbinner"><a href="${href}" class="image">${alt}</a></div></div>`;
    }
    const urlOf = (size: { width: number; scaled: boolean }) =>
      size.scaled ? thumbnailUrl(base, version.name, version.mime, size.width) : original;
    const size = thumbnailSize(source, DEFAULT_THUMB_WIDTH, -1);
    const src = urlOf(size);
    // Larger renderings for denser screens, each address once (the first factor that gives it).
    const denser: string[] = [];
    const seen = new Set([src]);
    for (const factor of [1.5, 2]) {
      const url = urlOf(thumbnailSize(source, Math.round(size.width * factor), -1));
      if (seen.has(url)) continue;
      seen.add(url);
      denser.push(`${url} ${factor}x`);
    }
    const srcset = denser.length > 0 ? ` srcset="${escapeAttribute(denser.join(', '))}"` : '';
    return (
      `${THUMB_START}tright"><div class="thumbinner" style="width:${size.width + 2}px;">` +
      `<a href="${href}" class="image"><img alt="${alt}" src="${escapeAttribute(src)}" decoding="async" ` +
      `width="${size.width}" height="${size.height}" class="thumbimage"${srcset} /></a>  ` +
      `<div class="thumbcaption"><div class="magnify"><a href="${href}" class="internal" ` +
      `title="${escapeAttribute(moreLabel)}"></a></div></div></div></div>`
    );
  }
}

/** A message's text with `&` escaped where it begins no character reference; tags stay. */
function escapeText(line: string): string {
  return line.replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#[0-9]+|#[xX][0-9a-fA-F]+);)/g, '&amp;');
}

function decodeEntities(text: string): string {
  return text.replace(/&amp;/g, '&');
}

/** `'''bold'''` and `''italic''` in one line. */
function emphasis(line: string): string {
  if (!line.includes("''")) return line;
  return line.replace(/'''(.+?)'''/g, '<b>$1</b>').replace(/''(.+?)''/g, '<i>$1</i>');
}

/**
 * Lines laid out as MediaWiki's block pass does for these texts: runs of text lines in a
 * paragraph, `*` and `#` lines as lists, a line holding a block element (a thumbnail) outside any
 * paragraph; then, as the HTML tidying does, text before a block element on its line in a
 * paragraph of its own.
 */
function blockLevels(lines: readonly string[]): string {
  let out = '';
  let paragraph = false;
  let list = '';
  const closeParagraph = (atEnd = false) => {
    if (!paragraph) return '';
    paragraph = false;
    return atEnd ? '</p>' : '</p>\n';
  };
  const closeList = () => {
    const closed = list === '' ? '' : `</li></${list === '*' ? 'ul' : 'ol'}>`;
    list = '';
    return closed;
  };
  lines.forEach((line, i) => {
    const last = i === lines.length - 1;
    const marker = /^[*#]/.exec(line)?.[0] ?? '';
    if (marker !== '') {
      const item = line.slice(1).trimStart();
      if (list === marker) out += `</li>\n<li>${item}`;
      else {
        out += closeList();
        out += closeParagraph();
        out += `<${marker === '*' ? 'ul' : 'ol'}><li>${item}`;
        list = marker;
      }
      return;
    }
    if (list !== '') out += `${closeList()}\n`;
    if (BLOCK_OPEN.test(line) || BLOCK_CLOSE.test(line)) {
      out += closeParagraph();
      out += wrapTextBeforeBlock(line);
      if (!last) out += '\n';
      return;
    }
    if (line.trim() === '') {
      out += closeParagraph();
      return;
    }
    if (!paragraph) {
      out += '<p>';
      paragraph = true;
    }
    out += `${line}\n`;
  });
  out += closeList();
  return out + closeParagraph(true);
}

/** A line's text before its first block element, in a paragraph closed where the element begins. */
function wrapTextBeforeBlock(line: string): string {
  const start = line.indexOf(THUMB_START);
  if (start <= 0 || line.slice(0, start).trim() === '') return line;
  return `<p>${line.slice(0, start)}</p>${line.slice(start)}`;
}

/** The HTML without its `<p>` when it is one paragraph and nothing else, as a message shown inline is. */
function stripOuterParagraph(html: string): string {
  const match = /^<p>([\s\S]*?)\n?<\/p>\n?$/.exec(html);
  return match && !match[1].includes('</p>') ? match[1] : html;
}
