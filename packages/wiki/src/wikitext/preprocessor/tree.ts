/**
 * The preprocessor's tree of a wikitext: what MediaWiki's preprocessor finds before any expansion
 * (template calls, template arguments, comments, ignored inclusion tags, extension tags and
 * headings), and its XML form as `prop=parsetree` shows it.
 */

/** A node of the tree: literal text, or one of the elements. */
export type PPNode = string | PPTemplate | PPComment | PPIgnore | PPExtension | PPHeading;

/** An argument of a call: named (`name=value`) or numbered (`value`, its position among those). */
export interface PPPart {
  /** The name's nodes for `name=value`, or the position of a numbered argument. */
  name: PPNode[] | number;
  value: PPNode[];
}

/** `{{title|parts}}` (a template or parser function) or `{{{title|default}}}` (an argument). */
export interface PPTemplate {
  type: 'template' | 'tplarg';
  /** The call opens a line with all its braces (an inner call of `{{{{{x}}}}}` does not). */
  lineStart: boolean;
  title: PPNode[];
  parts: PPPart[];
}

/** An HTML comment, with the whitespace and line end it takes with it. */
export interface PPComment {
  type: 'comment';
  text: string;
}

/** Text left out by an inclusion rule (`<noinclude>` tags, `<includeonly>…</includeonly>`). */
export interface PPIgnore {
  type: 'ignore';
  text: string;
}

/** An extension tag (`<ref>`, `<nowiki>`, `<pre>`…): opaque to the preprocessor. */
export interface PPExtension {
  type: 'ext';
  /** The tag's name as written. */
  name: string;
  attr: string;
  /** The text between the tags; undefined for a self-closed tag. */
  inner: string | undefined;
  /** The closing tag as written; undefined when self-closed or running to the end. */
  close: string | undefined;
}

/** A heading line (`== x ==`): its level and its index among the text's headings. */
export interface PPHeading {
  type: 'h';
  level: number;
  index: number;
  children: PPNode[];
}

/** Text escaped as MediaWiki's tree writes it (`"` but not `'`). */
function escapeTreeText(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

function element(name: string, attributes: string, inner: string): string {
  return inner === '' ? `<${name}${attributes}/>` : `<${name}${attributes}>${inner}</${name}>`;
}

function nodesXml(nodes: readonly PPNode[]): string {
  let out = '';
  for (const node of nodes) out += nodeXml(node);
  return out;
}

function callXml(node: PPTemplate): string {
  let inner = element('title', '', nodesXml(node.title));
  for (const part of node.parts) {
    if (typeof part.name === 'number') {
      inner += element('part', '', `<name index="${part.name}"/>${element('value', '', nodesXml(part.value))}`);
    } else {
      const name = element('name', '', nodesXml(part.name));
      inner += element('part', '', `${name}<equals>=</equals>${element('value', '', nodesXml(part.value))}`);
    }
  }
  return element(node.type, node.lineStart ? ' lineStart="1"' : '', inner);
}

function nodeXml(node: PPNode): string {
  if (typeof node === 'string') return escapeTreeText(node);
  switch (node.type) {
    case 'template':
    case 'tplarg':
      return callXml(node);
    case 'comment':
    case 'ignore':
      return element(node.type, '', escapeTreeText(node.text));
    case 'ext': {
      let inner = element('name', '', escapeTreeText(node.name)) + element('attr', '', escapeTreeText(node.attr));
      if (node.inner !== undefined) inner += element('inner', '', escapeTreeText(node.inner));
      if (node.close !== undefined) inner += element('close', '', escapeTreeText(node.close));
      return element('ext', '', inner);
    }
    case 'h':
      return element('h', ` level="${node.level}" i="${node.index}"`, nodesXml(node.children));
  }
}

/** The tree as MediaWiki's XML parse tree (`<root>…</root>`). */
export function treeToXml(root: readonly PPNode[]): string {
  return element('root', '', nodesXml(root));
}
