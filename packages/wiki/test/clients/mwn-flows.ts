/**
 * The flows bots run, through mwn against one wiki: what mwn saw, as plain data, one entry per flow
 * (a flow that throws records its error). The same flows as pywikibot-flows.py and
 * mwclient-flows.py; client-flows.test.ts runs them against our server and MediaWiki.
 */
import { Mwn } from 'mwn';

export interface FlowAccount {
  user: string;
  password: string;
  botApp: string;
  botPassword: string;
}

type Flow = (bot: Mwn) => Promise<unknown>;

const pick = (item: Record<string, any>, keys: readonly string[]) =>
  Object.fromEntries(keys.map((key) => [key, item[key] ?? null]));

/** Search in every namespace: `*`, which mwn's parameter types do not foresee. */
const EVERY_NAMESPACE = { srnamespace: '*' as unknown as number };

const FLOWS: Record<string, Flow> = {
  async site(bot) {
    await bot.getSiteInfo();
    const { query } = await bot.query({ meta: 'siteinfo', siprop: 'general|namespaces' });
    const general = query?.general;
    return {
      sitename: general.sitename,
      mainpage: general.mainpage,
      lang: general.lang,
      namespaces: bot.Title.idNameMap,
      generator: general.generator,
    };
  },
  async read(bot) {
    const pages = await bot.read(['Berlin', 'Gibt es nicht', 'A.E. van Vogt', 'BRD', 'Vorlage:Infobox Stadt']);
    const unresolved = await bot.read('BRD', { redirects: false });
    return {
      pages: pages.map((p) => ({ ...pick(p, ['pageid', 'ns', 'title', 'missing']), revisions: p.revisions })),
      unresolved: { ...pick(unresolved, ['pageid', 'title', 'redirect']), text: unresolved.revisions?.[0]?.content },
      redirect: await new bot.Page('BRD').isRedirect(),
      target: await new bot.Page('BRD').getRedirectTarget(),
      exists: [await new bot.Page('Berlin').exists(), await new bot.Page('Gibt es nicht').exists()],
    };
  },
  async properties(bot) {
    const page = new bot.Page('Berlin');
    return {
      categories: await page.categories(),
      templates: await page.templates(),
      links: await page.links(),
      images: await page.images(),
      externallinks: await page.externallinks(),
      pageprops: (await bot.query({ titles: 'Berlin', prop: 'pageprops' })).query?.pages,
    };
  },
  async generators(bot) {
    const listed = async (params: Record<string, string | number>, key: string) =>
      (await bot.continuedQuery({ action: 'query', ...params }, 20)).flatMap((r) => r.query?.[key] ?? []);
    return {
      allpages: (await listed({ list: 'allpages', aplimit: 50, apnamespace: 0 }, 'allpages')).slice(0, 150),
      prefix: await bot.getPagesByPrefix('Ber'),
      categorymembers: (await new bot.Category('Stadt in Deutschland').members()).map((m) => m.title),
      backlinks: await new bot.Page('Berlin').backlinks(),
      embeddedin: await new bot.Page('Vorlage:Infobox Stadt').transclusions(),
      imageusage: await listed({ list: 'imageusage', iutitle: 'Datei:Beispiel.png' }, 'imageusage'),
      search: (await bot.search('Stadt', 'max', ['size', 'wordcount'], EVERY_NAMESPACE)).map((r) =>
        pick(r, ['ns', 'title', 'size', 'wordcount']),
      ),
      prefixsearch: await listed({ list: 'prefixsearch', pssearch: 'Ber', pslimit: 20 }, 'prefixsearch'),
      recentchanges: (await listed({ list: 'recentchanges', rclimit: 50 }, 'recentchanges')).slice(0, 100),
      usercontribs: (await new bot.User('Alice').contribs()).map((c) =>
        pick(c, ['title', 'revid', 'parentid', 'timestamp', 'comment', 'size']),
      ),
      logevents: (await new bot.Page('Berlin').logs(['type', 'user', 'timestamp', 'details'], 50)).map((e) =>
        pick(e, ['type', 'action', 'user', 'timestamp', 'params']),
      ),
      userlogs: (await new bot.User('Admin').logs({ lelimit: 50 })).map((e) => pick(e, ['logid', 'type', 'action'])),
      allrevisions: await listed(
        { list: 'allrevisions', arvlimit: 20, arvprop: 'ids|timestamp|user|size' },
        'allrevisions',
      ),
    };
  },
  async compare(bot) {
    // Diffs (action=compare): revisions with their fields, and a text against a page, inline.
    const revisions = await bot.request({
      action: 'compare',
      fromrev: 248,
      torev: 260,
      prop: 'diff|diffsize|ids|title|user|comment|size|timestamp|rel',
    });
    const text = await bot.request({
      action: 'compare',
      fromslots: 'main',
      'fromtext-main': 'Berlin ist eine Stadt.\n\n== Geschichte ==',
      totitle: 'Berlin',
      difftype: 'inline',
    });
    return { revisions: revisions.compare, text: text.compare };
  },
  async random(bot) {
    // Random pages differ from server to server: what is compared is their kind and number.
    const { query } = await bot.query({ list: 'random', rnlimit: 5, rnnamespace: 0 });
    return { count: query?.random.length, namespaces: [...new Set(query?.random.map((r: any) => r.ns))] };
  },
  async lists(bot) {
    // Several pages a request, messages, a page's and a category's lists, a file's users and history,
    // titles as mwn normalises them by the site's namespaces.
    const berlin = new bot.Page('Berlin');
    const category = new bot.Category('Stadt');
    const file = new bot.File('Beispiel.png');
    const batches = await bot.massQuery(
      { action: 'query', prop: 'info', titles: ['Berlin', 'München', 'Köln', 'Hamburg', 'Gibt es nicht'] },
      'titles',
    );
    return {
      massQuery: batches.map((batch) => batch.query?.pages),
      // Interface messages this service ships (the store the tests serve holds no catalogue of the
      // source's messages), and one no wiki has.
      messages: await bot.getMessages([
        'Mainpage',
        'Edit',
        'Recentchanges',
        'Whatlinkshere',
        'Toc',
        'Lastmodifiedat',
        'No-such-message',
      ]),
      categories: await berlin.categories(),
      templates: await berlin.templates(),
      links: await berlin.links(),
      categoryPages: (await category.pages()).map((p) => p.title),
      subcategories: (await category.subcats()).map((p) => p.title),
      inCategory: await bot.getPagesInCategory('Stadt in Deutschland'),
      fileUsages: await file.usages(),
      fileHistory: await file.history(['timestamp', 'user', 'size', 'sha1'], 10),
      user: await new bot.User('Alice').info(),
      contributions: (await new bot.User('Bob').contribs()).length,
      templateBacklinks: await new bot.Page('Vorlage:Infobox Stadt').backlinks(),
      titles: ['berlin', 'Benutzer:alice', 'Datei:foo bar.png', 'Talk:x', 'WP:Hilfe'].map((t) =>
        new bot.Title(t).toText(),
      ),
      allcategories: await bot.request({ action: 'query', list: 'allcategories', aclimit: 20, acprop: 'size|hidden' }),
      alllinks: await bot.request({ action: 'query', list: 'alllinks', allimit: 20, alunique: 1 }),
      images: await bot.request({
        action: 'query',
        prop: 'images|imageinfo',
        titles: 'Berlin|Datei:Beispiel.png',
        iiprop: 'url|size|mime',
      }),
    };
  },
  async history(bot) {
    const page = new bot.Page('Berlin');
    return {
      revisions: await page.history(['ids', 'timestamp', 'user', 'comment', 'size', 'sha1', 'flags'], 50),
      creator: await page.getCreator(),
    };
  },
  async files(bot) {
    const { query } = await bot.query({
      titles: 'Datei:Beispiel.png|Datei:Logo.svg|Datei:Karte.png',
      prop: 'imageinfo|revisions',
      iiprop: 'timestamp|user|size|dimensions|sha1|mime|url|comment',
      iilimit: 10,
      rvprop: 'content',
      rvslots: 'main',
    });
    return { pages: query?.pages, file: new bot.File('Beispiel.png').getNameText() };
  },
};

/** The flows that need an account, each with the name and password it logs in with. */
const ACCOUNT_FLOWS: Record<string, (account: FlowAccount) => { username: string; password: string }> = {
  login_user_password: (a) => ({ username: a.user, password: a.password }),
  login_bot_password: (a) => ({ username: `${a.user}@${a.botApp}`, password: a.botPassword }),
};

export const MWN_FLOWS = [...Object.keys(FLOWS), ...Object.keys(ACCOUNT_FLOWS)];

async function recorded(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

/** Runs every flow against the wiki at `apiUrl`. */
export async function runMwnFlows(apiUrl: string, account: FlowAccount): Promise<Record<string, unknown>> {
  const bot = new Mwn({ apiUrl, userAgent: 'client-flows/1.0', silent: true, maxRetries: 0 });
  const seen: Record<string, unknown> = {};
  for (const [name, flow] of Object.entries(FLOWS)) seen[name] = await recorded(() => flow(bot));
  for (const [name, credentials] of Object.entries(ACCOUNT_FLOWS)) {
    seen[name] = await recorded(async () => {
      const session = new Mwn({ apiUrl, userAgent: 'client-flows/1.0', silent: true, maxRetries: 0 });
      const login = await session.login(credentials(account));
      const info = await session.userinfo({ uiprop: ['groups', 'rights', 'editcount'] });
      const watchlist = await session.query({ list: 'watchlistraw', wrlimit: 'max' });
      const recent = await session.query({ list: 'watchlist', wllimit: 30, wlprop: 'ids|title|timestamp|user' });
      await session.logout();
      const after = await session.userinfo();
      return {
        login: pick(login, ['result', 'lgusername', 'lguserid']),
        userinfo: { ...pick(info, ['id', 'name', 'editcount']), groups: info.groups, rights: info.rights.length },
        // MediaWiki answers watchlistraw beside `query`, not in it.
        watchlistraw: (watchlist as unknown as Record<string, unknown>).watchlistraw,
        watchlist: recent.query?.watchlist,
        afterLogout: pick(after, ['id', 'name', 'anon']),
      };
    });
  }
  return seen;
}
