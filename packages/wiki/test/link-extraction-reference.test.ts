/**
 * Link extraction against MediaWiki's own link tables: the reference wiki imported the ltgwiki and
 * enwiki sample dumps, and its tables (extracted into a fixture) hold what MediaWiki's parser
 * recorded for those pages, with templates expanded. What we extract without expanding templates
 * must be among MediaWiki's rows (precision), and should find most of them (recall).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TitleCodec } from '../src/site/title.js';
import { extractLinks, type PageLinks } from '../src/wikitext/extract-links.js';
import { readFixtureDump, readGzipJson } from './helpers/fixtures.js';
import { germanSite } from './helpers/german-site.js';

interface ReferencePage {
  wiki: string;
  ns: number;
  title: string;
  links: string[];
  templates: string[];
  categories: string[];
  images: string[];
  langlinks: string[];
  iwlinks: string[];
  extlinks: string[];
  props: string[];
  redirect?: [number, string, string, string];
}

const codec = new TitleCodec(germanSite());
const reference = readGzipJson<ReferencePage[]>('reference-links.json.gz');
const byKey = new Map(reference.map((p) => [`${p.wiki}:${p.ns}:${p.title}`, p]));

type Kind = 'links' | 'templates' | 'categories' | 'images' | 'langlinks' | 'iwlinks' | 'extlinks';

function ours(links: PageLinks): Record<Kind, string[]> {
  return {
    links: links.links.map((l) => `${l.namespace}:${l.dbKey}`),
    templates: links.templates.map((l) => `${l.namespace}:${l.dbKey}`),
    categories: links.categories.map((c) => c.name),
    images: links.images,
    langlinks: links.languageLinks.map((l) => `${l.language}:${l.title}`),
    iwlinks: links.interwikiLinks.map((l) => `${l.prefix}:${l.title}`),
    extlinks: links.externalLinks,
  };
}

function theirs(page: ReferencePage): Record<Kind, string[]> {
  return { ...page, categories: page.categories.map((c) => c.slice(0, c.indexOf('|'))) };
}

describe('link extraction compared with MediaWiki’s link tables', () => {
  test('the ltgwiki and enwiki pages: ours are in MediaWiki’s tables, most of theirs are in ours', async () => {
    const kinds: Kind[] = ['links', 'templates', 'categories', 'images', 'langlinks', 'iwlinks', 'extlinks'];
    const counts = Object.fromEntries(kinds.map((k) => [k, { ours: 0, matched: 0, theirs: 0, found: 0 }]));
    const extra: string[] = [];
    let pages = 0;
    let redirectsAgree = 0;
    let redirects = 0;
    for (const [file, wiki] of [
      ['ltgwiki-pages-articles-sample2004.xml', 'ltgwiki'],
      ['enwiki-pages-articles1-shortened.xml', 'enwiki'],
    ] as const) {
      let text = '';
      for await (const event of readFixtureDump(file)) {
        if (event.type === 'revision') text = event.revision.text ?? '';
        if (event.type !== 'page-end') continue;
        const { page } = event;
        const key = page.namespace === 0 ? page.title : page.title.slice(page.title.indexOf(':') + 1);
        const ref = byKey.get(`${wiki}:${page.namespace}:${key.replace(/ /g, '_')}`);
        if (!ref) continue;
        pages++;
        const extracted = extractLinks(text, { namespace: page.namespace, dbKey: ref.title }, codec);
        const mine = ours(extracted);
        const their = theirs(ref);
        for (const kind of kinds) {
          const theirSet = new Set(their[kind]);
          const mineSet = new Set(mine[kind]);
          counts[kind]!.ours += mineSet.size;
          counts[kind]!.theirs += theirSet.size;
          for (const item of mineSet) {
            if (theirSet.has(item)) counts[kind]!.matched++;
            else if (extra.length < 40) extra.push(`${wiki} ${ref.title} ${kind} ${item}`);
          }
          for (const item of theirSet) if (mineSet.has(item)) counts[kind]!.found++;
        }
        if (ref.redirect || extracted.redirect) {
          redirects++;
          const r = extracted.redirect;
          if (r && ref.redirect && r.namespace === ref.redirect[0] && r.dbKey === ref.redirect[1]) redirectsAgree++;
        }
      }
    }
    const lines = kinds.map((k) => {
      const c = counts[k]!;
      const precision = c.ours ? (100 * c.matched) / c.ours : 100;
      const recall = c.theirs ? (100 * c.found) / c.theirs : 100;
      return `${k.padEnd(10)} ours ${String(c.ours).padStart(6)}  in MediaWiki's ${precision.toFixed(1).padStart(5)}%   theirs ${String(c.theirs).padStart(6)}  found by us ${recall.toFixed(1).padStart(5)}%`;
    });
    process.stdout.write(`\n${pages} pages, redirects agreeing ${redirectsAgree}/${redirects}\n${lines.join('\n')}\n`);
    if (process.env.SHOW_EXTRA) process.stdout.write(`${extra.join('\n')}\n`);
    assert.ok(pages > 2000, `${pages} pages compared`);
    assert.equal(redirectsAgree, redirects);
  });
});
