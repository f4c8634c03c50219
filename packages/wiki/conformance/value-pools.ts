/**
 * The values requests are made of: titles, page and revision ids, users of the reference wiki,
 * asked once of the reference MediaWiki (the same data serves both sides, so the pools are the same
 * whichever side is asked), plus the fixed edge cases no listing returns (missing, invalid,
 * special, interwiki titles; unknown ids and users).
 */
export interface ValuePools {
  /** Existing pages of several namespaces, with their prefixed titles. */
  titles: string[];
  redirects: string[];
  pageids: number[];
  revids: number[];
  users: string[];
  categories: string[];
  files: string[];
}

/** Titles that exercise MediaWiki's title handling rather than the data. */
export const EDGE_TITLES: readonly string[] = [
  'Gibt es nicht',
  'gibt es nicht',
  'Diskussion:Fehlt',
  'Talk:Fehlt',
  'User:Alice',
  'benutzer:alice',
  'Benutzerin:Alice',
  'Project:Hauptseite',
  'Image:Beispiel.png',
  'File:Beispiel.png',
  'Media:Beispiel.png',
  'Datei:Gibt es nicht.png',
  'Spezial:Letzte Änderungen',
  'Special:RecentChanges',
  'Special:Gibtsnicht',
  'Spezial:Suche',
  'Medium:Logo.svg',
  'en:Foo',
  'wikipedia:Berlin',
  'commons:Datei:Beispiel.png',
  'EN:foo_bar_#Ein Abschnitt',
  ':sv:Världsgeografi#Lista över länder',
  ':Berlin',
  'Berlin#Geschichte',
  '#Nur Abschnitt',
  'Ber_lin',
  '  Berlin  ',
  'Köln',
  'Ko\u0308ln',
  '<Ungültig>',
  'Ungültig[1]',
  'A{B}',
  '',
  'Kategorie:',
  'Diskussion:',
  'Benutzer:127.0.0.1',
  'Benutzer:Alice/Unterseite',
  '..',
  './Punkt',
  'x'.repeat(256),
  'Hauptseite%20Neu',
  'MediaWiki:Mainpage',
  'Vorlage:Info',
  'Kategorie:Afrika',
  'Hilfe:Gibtsnicht',
  'Testwiki:Über',
  '~~~',
  '\u200eBerlin',
];

export const EDGE_USERS: readonly string[] = [
  'Gibtsnicht',
  'alice',
  'Frank_Neu',
  'Frank Neu',
  'Frank',
  '127.0.0.1',
  '192.0.2.0/24',
  '#1',
  'imported>MartinHarper',
  'imported>Foo_bar',
  'a>b>c',
  '<>',
  'x#y>z',
  'Benutzer:Bob',
  'A<B',
  '',
];

interface ApiJson {
  query?: Record<string, { title?: string; pageid?: number; name?: string; revisions?: { revid: number }[] }[]>;
}

async function ask<T = ApiJson>(base: string, params: Record<string, string>): Promise<T> {
  const url = `${base}?${new URLSearchParams({ ...params, format: 'json', formatversion: '2' })}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`value pools: ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The pools, read from the api.php at `base` (the reference MediaWiki). */
export async function loadValuePools(base: string): Promise<ValuePools> {
  const titles: string[] = [];
  const pageids: number[] = [];
  for (const ns of ['0', '1', '2', '4', '6', '8', '10', '14']) {
    const answer = await ask(base, { action: 'query', list: 'allpages', apnamespace: ns, aplimit: '40' });
    for (const row of answer.query?.allpages ?? []) {
      titles.push(row.title as string);
      pageids.push(row.pageid as number);
    }
  }
  const redirects = (
    await ask(base, { action: 'query', list: 'allredirects', arlimit: '30', arunique: '1' })
  ).query?.allredirects?.map((r) => r.title as string);
  const redirectPages = (
    await ask(base, { action: 'query', list: 'allpages', apfilterredir: 'redirects', aplimit: '30' })
  ).query?.allpages?.map((r) => r.title as string);
  const revisions = await ask(base, { action: 'query', list: 'allrevisions', arvlimit: '60' });
  const oldRevisions = await ask(base, { action: 'query', list: 'allrevisions', arvlimit: '30', arvdir: 'newer' });
  const revids = [...(revisions.query?.allrevisions ?? []), ...(oldRevisions.query?.allrevisions ?? [])].flatMap(
    (page) => (page.revisions ?? []).map((r) => r.revid),
  );
  const users = (await ask(base, { action: 'query', list: 'allusers', aulimit: '50' })).query?.allusers?.map(
    (u) => u.name as string,
  );
  const categories = (await ask(base, { action: 'query', list: 'allcategories', aclimit: '40' })).query?.allcategories;
  const files = (await ask(base, { action: 'query', list: 'allimages', ailimit: '20' })).query?.allimages?.map(
    (f) => f.title as string,
  );
  return {
    titles,
    redirects: [...(redirectPages ?? []), ...(redirects ?? [])],
    pageids,
    revids,
    users: users ?? [],
    categories: (categories ?? []).map((c) => String((c as Record<string, unknown>).category)),
    files: files ?? [],
  };
}

/**
 * What the reference MediaWiki (1.39) knows of the query modules: per module, its parameters and,
 * for enums, their values. The module reference this service follows is newer; what 1.39 lacks
 * cannot be compared and is left out of the requests.
 */
export type ReferenceModules = Map<string, Map<string, readonly string[] | undefined>>;

interface ParamInfoJson {
  paraminfo?: { modules?: { name: string; parameters: { name: string; type: unknown }[] }[] };
}

export async function loadReferenceModules(base: string, names: readonly string[]): Promise<ReferenceModules> {
  const known: ReferenceModules = new Map();
  for (let i = 0; i < names.length; i += 50) {
    const modules = names
      .slice(i, i + 50)
      .map((n) => `query+${n}`)
      .join('|');
    const answer = await ask<ParamInfoJson>(base, { action: 'paraminfo', modules });
    for (const m of answer.paraminfo?.modules ?? []) {
      const params = new Map<string, readonly string[] | undefined>();
      for (const p of m.parameters) params.set(p.name, Array.isArray(p.type) ? (p.type as string[]) : undefined);
      known.set(m.name, params);
    }
  }
  return known;
}
