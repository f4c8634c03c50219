import { escapeXml, escapeXmlAttribute, escapeXmlText } from '../../text/escape.js';
import {
  BC_SUBELEMENTS,
  CONTENT,
  ELEMENT,
  KeyedList,
  type ResultArray,
  type ResultObject,
  type ResultValue,
  SUBELEMENTS,
  withContent,
} from '../result/tree.js';

/** The characters that may start an XML name as MediaWiki allows them (no `:`, reserved for namespaces, nor `_`, its escape). */
const NAME_START =
  'A-Za-z\\u{C0}-\\u{D6}\\u{D8}-\\u{F6}\\u{F8}-\\u{2FF}\\u{370}-\\u{37D}\\u{37F}-\\u{1FFF}\\u{200C}-\\u{200D}' +
  '\\u{2070}-\\u{218F}\\u{2C00}-\\u{2FEF}\\u{3001}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFFD}\\u{10000}-\\u{EFFFF}';
/** The characters that may follow. */
const NAME_CHAR = `${NAME_START}_\\-.0-9\\u{B7}\\u{300}-\\u{36F}\\u{203F}-\\u{2040}`;
const VALID_NAME = new RegExp(`^[${NAME_START}][${NAME_CHAR}]*$`, 'u');
/** Most keys: checked without the Unicode classes. */
const ASCII_NAME = /^[A-Za-z][-A-Za-z0-9_.]*$/;
const NOT_NAME_CHAR = new RegExp(`[^${NAME_CHAR}]`, 'gu');

/**
 * An XML name for a key, mangled as MediaWiki mangles it: a key that is no valid name gets a `_`
 * before it, and each character a name cannot hold (and `.`, the escape) becomes `.HEX.`.
 */
function xmlName(key: string): string {
  if (ASCII_NAME.test(key) || VALID_NAME.test(key)) return key;
  if (key === '') return '_';
  const escaped = key
    .replaceAll('.', '.2E.')
    .replace(NOT_NAME_CHAR, (ch) => `.${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase()}.`);
  return `_${escaped}`;
}

function scalarText(value: ResultValue): string {
  if (typeof value === 'boolean') return value ? '' : '';
  return value === null ? '' : String(value);
}

const XML_NAMESPACE = 'http://www.mediawiki.org/xml/api/';

/** Serialises a result tree as MediaWiki's XML format. */
export function toXml(root: ResultObject, options: { xslt?: string; includeNamespace?: boolean } = {}): string {
  const out: string[] = ['<?xml version="1.0"?>'];
  if (options.xslt) out.push(`<?xml-stylesheet href="${escapeXml(options.xslt)}" type="text/xsl" ?>`);
  // The namespace is the answer's last attribute, added as MediaWiki adds it when it prints.
  const api = options.includeNamespace && root.xmlns === undefined ? { ...root, xmlns: XML_NAMESPACE } : root;
  writeElement('api', api, out);
  return out.join('');
}

/**
 * The XML of an answer as the `xmlfm` page shows it, as MediaWiki prints it for people: each
 * element on a line of its own, indented by two spaces a level; an element holding text keeps it
 * on its line. Works on `toXml`'s output, where every `<` outside a tag is escaped.
 */
export function indentXml(xml: string): string {
  const out: string[] = [];
  /** For each open element, whether it has held an element. */
  const open: boolean[] = [];
  const indent = (depth: number) => `\n${'  '.repeat(depth)}`;
  let at = 0;
  while (at < xml.length) {
    const start = xml.indexOf('<', at);
    if (start < 0) {
      out.push(xml.slice(at));
      break;
    }
    if (start > at) out.push(xml.slice(at, start));
    const end = xml.indexOf('>', start);
    const tag = xml.slice(start, end + 1);
    at = end + 1;
    if (tag.startsWith('<?')) out.push(tag);
    else if (tag.startsWith('</')) {
      const heldElements = open.pop();
      out.push(heldElements ? `${indent(open.length)}${tag}` : tag);
    } else {
      if (open.length > 0) open[open.length - 1] = true;
      out.push(`${indent(open.length)}${tag}`);
      if (!tag.endsWith('/>')) open.push(false);
    }
  }
  return out.join('');
}

function writeElement(tag: string, value: ResultValue, out: string[], extraAttributes = ''): void {
  const name = xmlName(tag);
  if (value === null || typeof value !== 'object') {
    out.push(textElement(name, extraAttributes, scalarText(value), value === ''));
    return;
  }
  if (Array.isArray(value) || value instanceof KeyedList) {
    writeList(name, value, out, extraAttributes);
    return;
  }
  writeObject(name, value, out, extraAttributes);
}

/**
 * An element holding a text, whose white space is kept; an empty string closes itself (MediaWiki's
 * short tag), while another value printing as nothing (false, null) opens and closes.
 */
function textElement(name: string, attributes: string, text: string, emptyString: boolean): string {
  return emptyString
    ? `<${name}${attributes} xml:space="preserve" />`
    : `<${name}${attributes} xml:space="preserve">${escapeXmlText(text)}</${name}>`;
}

/** A list's element; without items it closes itself (`<search />`), as MediaWiki writes it. */
function writeList(name: string, value: ResultArray | KeyedList, out: string[], attributes: string): void {
  const empty = value instanceof KeyedList ? value.size === 0 : value.length === 0;
  if (empty) {
    out.push(`<${name}${attributes} />`);
    return;
  }
  if (value instanceof KeyedList && value.mode === 'bckvp') {
    writeList(name, value.bcForm(), out, attributes);
    return;
  }
  if (value instanceof KeyedList && value.namedKeys) {
    writeNamedList(name, value, out, attributes);
    return;
  }
  out.push(`<${name}${attributes}>`);
  writeItems(value, out);
  out.push(`</${name}>`);
}

/** A PHP integer key, which MediaWiki's XML printer gives an item element rather than a name. */
const INTEGER_KEY = /^(?:0|-?[1-9]\d{0,17})$/;

/** An item's value with a boolean as MediaWiki's XML printer writes it as text. */
const itemValue = (value: ResultValue): ResultValue =>
  typeof value === 'boolean' ? (value ? 'true' : 'false') : value;

/**
 * A list whose keys are names and numbers (`KeyedList.namedKeys`): a plain list when its keys are
 * 0, 1, ..., n - 1, else its named entries as an object's attributes and children, then the
 * numbered ones as items with their key in `_idx`.
 */
function writeNamedList(name: string, value: KeyedList, out: string[], attributes: string): void {
  if (!value.printsKeyed(1)) {
    out.push(`<${name}${attributes}>`);
    for (const item of value.arrayItems()) writeItem(value.element, itemValue(item), out, '');
    out.push(`</${name}>`);
    return;
  }
  const named: ResultObject = {};
  const indexed: [string, ResultValue][] = [];
  for (const [key, item] of value.entries) {
    if (INTEGER_KEY.test(key)) indexed.push([key, itemValue(item)]);
    else named[key] = item;
  }
  writeObject(name, named, out, attributes, { element: value.element, items: indexed });
}

function writeItems(value: ResultArray | KeyedList, out: string[]): void {
  if (value instanceof KeyedList) {
    // A list with keys 0, 1, 2, ... is a plain list to MediaWiki's XML printer too (no `_idx`),
    // but for a `bcassoc` one, which it keeps keyed.
    const keyed = value.mode === 'bcassoc' || value.printsKeyed(1);
    if (!keyed) {
      // As a list: in the order of the keys, as MediaWiki sorts an array it makes a list.
      for (const item of value.arrayItems()) writeItem(value.element, item, out, '');
      return;
    }
    const keyName = value.mode === 'kvp' ? value.keyAttribute : '_idx';
    for (const [key, item] of value.entries) {
      const attribute = ` ${keyName}="${escapeXmlAttribute(key)}"`;
      // A pair's plain value is its element's content, as MediaWiki writes one (`xml:space`;
      // a boolean as `true` or `false`).
      if (value.mode === 'kvp' && (item === null || typeof item !== 'object')) {
        const name = value.element === '_v' ? '_v' : xmlName(value.element);
        const content = typeof item === 'boolean' ? String(item) : item;
        writeObject(name, withContent({ value: content }, 'value'), out, attribute);
      } else if (value.mode === 'kvp' && isPlainObject(item) && !(keyName in item)) {
        // A pair whose value is an object is merged with its key, which comes after its fields
        // (`<slot contentmodel="wikitext" role="main">`).
        writeItem(value.element, { ...item, [keyName]: key }, out, '');
      } else writeItem(value.element, item, out, attribute);
    }
  } else {
    const element = (value as ResultArray)[ELEMENT] ?? '_v';
    for (const item of value) writeItem(element, item, out, '');
  }
}

function isPlainObject(value: ResultValue): value is ResultObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof KeyedList);
}

function writeItem(element: string, item: ResultValue, out: string[], idx: string): void {
  // The default element name is MediaWiki's own, not a key to mangle.
  const name = element === '_v' ? element : xmlName(element);
  if (isPlainObject(item)) {
    writeObject(name, item, out, idx);
  } else if (Array.isArray(item) || item instanceof KeyedList) {
    writeList(name, item, out, idx);
  } else if (item === null || item === '') {
    // Nothing to print closes itself, as MediaWiki's `Xml::element` writes an empty text.
    out.push(`<${name}${idx} />`);
  } else {
    out.push(`<${name}${idx}>${escapeXmlText(scalarText(item))}</${name}>`);
  }
}

function writeObject(
  name: string,
  object: ResultObject,
  out: string[],
  extraAttributes: string,
  indexed: { element: string; items: [string, ResultValue][] } = { element: '_v', items: [] },
): void {
  const content = object[CONTENT];
  const sub = object[SUBELEMENTS];
  let attributes = extraAttributes;
  const children: [string, ResultValue][] = [];
  let text: string | undefined;
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (value === undefined) continue;
    if (key === content) {
      text = scalarText(value);
    } else if (value !== null && typeof value === 'object') {
      children.push([key, value]);
    } else if (sub?.includes(key) || object[BC_SUBELEMENTS]?.includes(key)) {
      children.push([key, value]);
    } else if (typeof value === 'boolean') {
      if (value) attributes += ` ${xmlName(key)}=""`;
    } else if (value !== null) {
      // A null prints no attribute, as in MediaWiki.
      attributes += ` ${xmlName(key)}="${escapeXmlAttribute(scalarText(value))}"`;
    }
  }
  if (text === undefined && children.length === 0 && indexed.items.length === 0) {
    out.push(`<${name}${attributes} />`);
    return;
  }
  if (text !== undefined && children.length === 0 && indexed.items.length === 0) {
    out.push(textElement(name, attributes, text, object[content as string] === ''));
    return;
  }
  out.push(`<${name}${attributes}>`);
  for (const [key, value] of children) writeElement(key, value, out);
  for (const [key, value] of indexed.items)
    writeItem(indexed.element, value, out, ` _idx="${escapeXmlAttribute(key)}"`);
  // Beside elements, the content is an element of its own, named by its key, after them.
  if (text !== undefined) {
    out.push(textElement(xmlName(content as string), '', text, object[content as string] === ''));
  }
  out.push(`</${name}>`);
}
