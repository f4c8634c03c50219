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
