/**
 * The queries the api benchmark measures (api.bench.ts), by the part of the API whose targets
 * they check, for a wiki's subjects; the soak benchmark sends them too.
 */
import type { Query } from './api-measure.js';

const api = (params: Record<string, string>) =>
  new URLSearchParams({ action: 'query', format: 'json', formatversion: '2', ...params }).toString();

/** What a wiki's queries name: a category with 50 members, a page 50 pages link to, a user with 50 edits. */
export interface Subjects {
  category: string;
  linked: string;
  user: string;
}

export type Group = [issue: string, queries: Query[]];

/** What real clients send (requests, which mwclient and pywikibot use; axios, which mwn uses, adds br). */
const CLIENT_HEADERS = { 'accept-encoding': 'gzip, deflate' };
/** A client that asks for no compression. */
const IDENTITY_HEADERS = { 'accept-encoding': 'identity' };

/** The measured queries, by the issue that sets their targets. */
export function issueQueries({ category, linked, user }: Subjects): Group[] {
  const revisionContents = api({
    generator: 'allpages',
    gaplimit: '50',
    prop: 'revisions',
    rvprop: 'content|ids|timestamp|user',
    rvslots: 'main',
  });
  const groups: Group[] = [
    [
      'entry point and page modules',
      [
        ['meta=siteinfo', api({ meta: 'siteinfo' })],
        ['list=allpages&aplimit=50', api({ list: 'allpages', aplimit: '50' })],
        ['list=categorymembers&cmlimit=50', api({ list: 'categorymembers', cmtitle: category, cmlimit: '50' })],
        ['generator=allpages&gaplimit=50&prop=info', api({ generator: 'allpages', gaplimit: '50', prop: 'info' })],
        ['list=backlinks&bllimit=50', api({ list: 'backlinks', bltitle: linked, bllimit: '50' })],
      ],
    ],
    [
      'revisions, users, logs',
      [
        ['generator=allpages (50) prop=revisions content', revisionContents],
        ['list=recentchanges&rclimit=50', api({ list: 'recentchanges', rclimit: '50' })],
        ['list=usercontribs&uclimit=50', api({ list: 'usercontribs', ucuser: user, uclimit: '50' })],
        ['list=logevents&lelimit=50', api({ list: 'logevents', lelimit: '50' })],
      ],
    ],
    [
      'files',
      [['generator=allimages (50) prop=imageinfo', api({ generator: 'allimages', gailimit: '50', prop: 'imageinfo' })]],
    ],
    [
      'extension modules',
      [
        [
          'generator=allpages (20) prop=extracts',
          api({
            generator: 'allpages',
            gaplimit: '20',
            prop: 'extracts',
            exintro: '1',
            explaintext: '1',
            exlimit: '20',
          }),
        ],
        ['generator=allpages (20) prop=pageimages', api({ generator: 'allpages', gaplimit: '20', prop: 'pageimages' })],
      ],
    ],
    ['uncompressed', [['revisions content, Accept-Encoding: identity', revisionContents, IDENTITY_HEADERS]]],
  ];
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
  return groups
    .map(
      ([issue, queries]): Group => [
        issue,
        queries
          .filter(([label]) => !only || only.test(label))
          .map(([label, query, headers]): Query => [label, query, headers ?? CLIENT_HEADERS]),
      ],
    )
    .filter(([, queries]) => queries.length > 0);
}

/**
 * The reference wiki's subjects: its largest category (679 members), a page 148 pages link to, and
 * the local user with the most edits after the maintenance script (59). It has five files.
 */
export const REFERENCE_SUBJECTS: Subjects = {
  category: 'Kategorie:Seiten mit defekten Dateilinks',
  linked: 'Latveja',
  user: 'Alice',
};

/** More requests of the reference wiki, measured in process only. */
export const MORE_REFERENCE_QUERIES: Query[] = [
  ['generator=allpages&gaplimit=50', 'action=query&generator=allpages&gaplimit=50&format=json&formatversion=2'],
  [
    'prop=info|categories|links on 3 pages',
    'action=query&prop=info%7Ccategories%7Clinks&titles=Berlin%7CHamburg%7CM%C3%BCnchen&inprop=protection%7Curl%7Ctalkid&format=json&formatversion=2',
  ],
  [
    'list=allusers&aulimit=50 with groups and rights',
    'action=query&list=allusers&aulimit=50&auprop=groups%7Crights%7Ceditcount%7Cblockinfo&format=json&formatversion=2',
  ],
  [
    'list=users (5 names, every usprop)',
    'action=query&list=users&ususers=Alice%7CBob%7CDave%7CEve%7CNiemand&usprop=blockinfo%7Cgroups%7Cgroupmemberships%7Cimplicitgroups%7Crights%7Ceditcount%7Cregistration%7Cemailable%7Cgender%7Ccentralids%7Ccancreate&format=json&formatversion=2',
  ],
  ['list=blocks&bkip=198.51.100.77', 'action=query&list=blocks&bkip=198.51.100.77&format=json&formatversion=2'],
  [
    'list=watchlist&wllimit=50 (owner and token)',
    'action=query&list=watchlist&wlowner=Admin&wltoken=0123456789abcdef0123456789abcdef01234567&wlallrev=1&wllimit=50&wlprop=ids%7Ctitle%7Cflags%7Cuser%7Ccomment%7Ctimestamp%7Csizes%7Cloginfo&format=json&formatversion=2',
  ],
  ['paraminfo query+allpages', 'action=paraminfo&modules=query%2Ballpages&format=json&formatversion=2'],
  ['titles=3 pages (page set)', 'action=query&titles=Berlin%7CHamburg%7CM%C3%BCnchen&format=json&formatversion=2'],
  ['error: badvalue', 'action=query&list=allpages&apfilterredir=bogus&format=json'],
];
