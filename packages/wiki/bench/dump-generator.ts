/**
 * Generates a MediaWiki XML dump of N pages whose wikitext follows the enwiki sample's shape: the
 * pages' sizes, link, template, category and reference counts, and the share of redirects are
 * drawn from the sample's own pages, and the running text between the markup is cut from the
 * sample's own prose (its words in their order), so that words are as frequent and as repeated
 * within a page as in real articles. Links point to other generated pages (and some to missing
 * ones), so the link tables fill as for a real wiki. Deterministic for a given seed.
 */

import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createGunzip } from 'node:zlib';
import { readDump } from '../src/import/xml/dump-reader.js';

interface PageShape {
  bytes: number;
  links: number;
  templates: number;
  categories: number;
  refs: number;
  redirect: boolean;
}

export interface SampleModel {
  shapes: PageShape[];
  /** Distinct words of the sample, for titles, link targets and template names. */
  words: string[];
  /** The words of the sample's articles in their order, markup characters left out. */
  prose: string[];
}

/** Reads the shapes of the sample's pages, a vocabulary and the running text of its articles. */
export async function sampleModel(gzippedDump: string): Promise<SampleModel> {
  const shapes: PageShape[] = [];
  const words = new Set<string>();
  const prose: string[] = [];
  const input = createReadStream(gzippedDump).pipe(createGunzip());
  for await (const event of readDump(input, gzippedDump)) {
    if (event.type !== 'revision') continue;
    const text = event.revision.text ?? '';
    shapes.push({
      bytes: Buffer.byteLength(text),
      links: (text.match(/\[\[/g) ?? []).length,
      templates: (text.match(/\{\{/g) ?? []).length,
      categories: (text.match(/\[\[Category:/g) ?? []).length,
      refs: (text.match(/<ref[ >]/g) ?? []).length,
      redirect: /^\s*#REDIRECT/i.test(text),
    });
    if (words.size < 20_000) for (const w of text.match(/\b[A-Za-z]{3,12}\b/g) ?? []) words.add(w);
    if (!shapes[shapes.length - 1]!.redirect) for (const w of text.match(/[A-Za-z0-9]+/g) ?? []) prose.push(w);
  }
  return { shapes, words: [...words], prose };
}

/** Size of the pool of common categories (see pageText). */
const COMMON_CATEGORIES = 1000;

/** A small fast PRNG (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function titleOf(i: number, words: string[]): string {
  return `${words[i % words.length]} ${words[(i * 7919) % words.length]} ${i}`;
}

/**
 * The sample's prose with a section heading now and then: filler text is cut from it. (Words
 * drawn one by one from the vocabulary made pages of which three words in four were distinct and
 * the hundred commonest words a twelfth of the text; in the sample's articles they are a quarter
 * and over a third, here two in five and a third, the numbered link targets making the rest.)
 */
function wordSoup(prose: string[], rnd: () => number): string {
  const parts: string[] = [];
  for (const word of prose) {
    parts.push(word);
    if (rnd() < 0.01) parts.push('\n\n== Section ==\n');
  }
  return parts.join(' ');
}

/** The page's wikitext, already escaped for XML (the words and markup hold no other `&`, `<`, `>`). */
function pageText(shape: PageShape, pages: number, model: SampleModel, soup: string, rnd: () => number): string {
  const { words } = model;
  const pick = () => words[Math.floor(rnd() * words.length)]!;
  const target = () => titleOf(Math.floor(rnd() * pages * 1.1), words);
  // As in a real wiki, a few categories are large: half the memberships go to a pool of common
  // categories, the first of which are the most used; the rest are nearly unique.
  const category = () => {
    if (rnd() >= 0.5) return `${pick()} ${pick()}`;
    const k = Math.floor(COMMON_CATEGORIES * rnd() ** 3);
    return `${words[k % words.length]} ${words[(k * 31 + 7) % words.length]}`;
  };
  if (shape.redirect) return `#REDIRECT [[${target()}]]`;
  const items: string[] = [];
  const bodyLinks = Math.max(0, shape.links - shape.categories);
  for (let i = 0; i < bodyLinks; i++) items.push(rnd() < 0.4 ? `[[${target()}|${pick()}]]` : `[[${target()}]]`);
  for (let i = 1; i < shape.templates; i++) items.push(`{{${pick()}|${pick()}}}`);
  for (let i = 0; i < shape.refs; i++) {
    // Written escaped, as it stands in the XML.
    items.push(
      `&lt;ref&gt;{{cite web|url=https://www.${pick()}.com/${pick()}/${Math.floor(rnd() * 1e6)}|title=${pick()}}}&lt;/ref&gt;`,
    );
  }
  // Shuffle the markup through the text.
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  const head = `{{Infobox ${pick()}\n| name = ${pick()} ${pick()}\n| website = [http://www.${pick()}.org/ ${pick()}]\n}}\n`;
  const categories = Array.from({ length: shape.categories }, () => `\n[[Category:${category()}]]`).join('');
  const markup = items.reduce((sum, item) => sum + item.length + 1, head.length + categories.length);
  const gap = Math.max(1, Math.floor((shape.bytes - markup) / (items.length + 1)));
  const parts: string[] = [head];
  // The page's running text reads on through the prose from a place of its own, as an article
  // keeps to its subject (and so repeats its words).
  let at = Math.floor(rnd() * soup.length);
  const filler = () => {
    if (at + gap > soup.length) at = 0;
    parts.push(soup.slice(at, at + gap));
    at += gap;
  };
  for (const item of items) {
    filler();
    parts.push(' ', item);
  }
  filler();
  parts.push(categories);
  return parts.join('');
}

/** A small PNG of its own colour for each generated file, so that file metadata is read from real images. */
async function generatedPng(k: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const width = 40 + (k % 200);
  const height = 30 + ((k * 7) % 150);
  const background = { r: (k * 37) % 256, g: (k * 91) % 256, b: (k * 53) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/**
 * Writes a dump of `pages` pages to `file`, followed by `files` File: pages each with an upload of
 * a small generated PNG (its bytes in the dump, as exports made with --include-files hold them);
 * returns the dump's size in bytes.
 */
export async function writeGeneratedDump(
  file: string,
  pages: number,
  model: SampleModel,
  { seed = 1, files = 0 }: { seed?: number; files?: number } = {},
): Promise<number> {
  const rnd = random(seed);
  const soup = wordSoup(model.prose, rnd);
  const out = createWriteStream(file, { highWaterMark: 1 << 20 });
  let bytes = 0;
  const write = async (s: string) => {
    bytes += Buffer.byteLength(s);
    if (!out.write(s)) await once(out, 'drain');
  };
  await write(`<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/" version="0.10" xml:lang="en">
  <siteinfo>
    <sitename>Benchwiki</sitename>
    <dbname>benchwiki</dbname>
    <base>https://bench.example.org/wiki/Main_Page</base>
    <generator>MediaWiki 1.39.0</generator>
    <case>first-letter</case>
    <namespaces>
      <namespace key="0" case="first-letter" />
      <namespace key="1" case="first-letter">Talk</namespace>
      <namespace key="2" case="first-letter">User</namespace>
      <namespace key="6" case="first-letter">File</namespace>
      <namespace key="10" case="first-letter">Template</namespace>
      <namespace key="14" case="first-letter">Category</namespace>
    </namespaces>
  </siteinfo>
`);
  for (let i = 0; i < pages; i++) {
    const shape = model.shapes[Math.floor(rnd() * model.shapes.length)]!;
    const text = pageText(shape, pages, model, soup, rnd);
    const seconds = 1_400_000_000 + i * 60;
    const timestamp = new Date(seconds * 1000).toISOString().replace('.000', '');
    await write(`  <page>
    <title>${escapeHtml(titleOf(i, model.words))}</title>
    <ns>0</ns>
    <id>${i + 1}</id>
    <revision>
      <id>${i + 1}</id>
      <timestamp>${timestamp}</timestamp>
      <contributor>
        <username>Editor ${i % 997}</username>
        <id>${(i % 997) + 1}</id>
      </contributor>
      <comment>generated</comment>
      <model>wikitext</model>
      <format>text/x-wiki</format>
      <text xml:space="preserve">${text}</text>
    </revision>
  </page>
`);
  }
  for (let k = 0; k < files; k++) {
    const id = pages + k + 1;
    const seconds = 1_400_000_000 + (pages + k) * 60;
    const timestamp = new Date(seconds * 1000).toISOString().replace('.000', '');
    const name = `Bench image ${k}.png`;
    const png = await generatedPng(k);
    const contributor = `<contributor>
        <username>Editor ${k % 997}</username>
        <id>${(k % 997) + 1}</id>
      </contributor>`;
    await write(`  <page>
    <title>File:${name}</title>
    <ns>6</ns>
    <id>${id}</id>
    <revision>
      <id>${id}</id>
      <timestamp>${timestamp}</timestamp>
      ${contributor}
      <comment>generated upload</comment>
      <model>wikitext</model>
      <format>text/x-wiki</format>
      <text xml:space="preserve">A generated image.

[[Category:Bench images]]</text>
    </revision>
    <upload>
      <timestamp>${timestamp}</timestamp>
      ${contributor}
      <comment>generated upload</comment>
      <filename>${name}</filename>
      <size>${png.length}</size>
      <contents encoding="base64">${png.toString('base64')}</contents>
    </upload>
  </page>
`);
  }
  await write('</mediawiki>\n');
  out.end();
  await once(out, 'finish');
  return bytes;
}

// `node --import tsx bench/dump-generator.ts FILE PAGES [FILES]` writes a dump of the enwiki
// sample's shape to FILE, which may be a named pipe another process imports from as it is written.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, pages, files = '0'] = process.argv.slice(2);
  if (!file || !Number.isInteger(Number(pages)) || !Number.isInteger(Number(files))) {
    throw new Error('usage: dump-generator.ts FILE PAGES [FILES]');
  }
  const sample = fileURLToPath(
    new URL('../test/fixtures/dumps/enwiki-pages-articles1-shortened.xml.gz', import.meta.url),
  );
  await writeGeneratedDump(file, Number(pages), await sampleModel(sample), { files: Number(files) });
}
