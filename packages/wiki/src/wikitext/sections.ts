/**
 * Sections of wikitext as MediaWiki's parser cuts them (`Parser::getSection`, used by `rvsection`,
 * `action=compare`'s sections and the raw action's `section`): the headings are those the
 * preprocessor finds at the top level of the text, so that a line of `=` inside `<pre>`,
 * `<nowiki>`, a comment or a template's argument is no heading. Section 0 is the text before the
 * first such heading; section n the heading numbered n among all the text's headings (those in
 * template arguments count, as in MediaWiki, though they start no section) with everything up to
 * the next top-level heading of the same or a higher level.
 */

import { preprocessToTree } from './preprocessor/parse.js';
import type { PPNode, PPTemplate } from './preprocessor/tree.js';

/** Where section `section` starts and ends in the text, its trailing white space included; undefined when there is none. */
export function wikitextSectionRange(text: string, given: number): { start: number; end: number } | undefined {
  if (!Number.isInteger(given)) return undefined;
  // MediaWiki reads a section as text split at `-` (`T-2`, a template's section) and takes its
  // last part, so a negative number names the section of that number.
  const section = Math.abs(given);
  const root = preprocessToTree(text);
  let offset = 0;
  let start: number | undefined = section === 0 ? 0 : undefined;
  let level = 0;
  for (const node of root) {
    if (typeof node !== 'string' && node.type === 'h') {
      if (section === 0) return { start: 0, end: offset };
      if (start === undefined && node.index === section) {
        start = offset;
        level = node.level;
      } else if (start !== undefined && node.level <= level) return { start, end: offset };
    }
    offset += nodeSource(node).length;
  }
  return start === undefined ? undefined : { start, end: text.length };
}

/** Section `section` of the text without its trailing white space (PHP's `rtrim`), or undefined when there is none. */
export function wikitextSection(text: string, section: number): string | undefined {
  const range = wikitextSectionRange(text, section);
  return range && text.slice(range.start, range.end).replace(/[ \t\n\r\0\v]+$/, '');
}

/** The text a node of the preprocessor's tree was read from. */
export function nodeSource(node: PPNode): string {
  if (typeof node === 'string') return node;
  switch (node.type) {
    case 'template':
    case 'tplarg':
      return callSource(node);
    case 'comment':
    case 'ignore':
      return node.text;
    case 'ext':
      if (node.inner === undefined) return `<${node.name}${node.attr}/>`;
      return `<${node.name}${node.attr}>${node.inner}${node.close ?? ''}`;
    case 'h':
      return nodesSource(node.children);
  }
}

function nodesSource(nodes: readonly PPNode[]): string {
  let out = '';
  for (const node of nodes) out += nodeSource(node);
  return out;
}

function callSource(node: PPTemplate): string {
  const braces = node.type === 'template' ? 2 : 3;
  let out = '{'.repeat(braces) + nodesSource(node.title);
  for (const part of node.parts) {
    out += '|';
    if (typeof part.name !== 'number') out += `${nodesSource(part.name)}=`;
    out += nodesSource(part.value);
  }
  return out + '}'.repeat(braces);
}
