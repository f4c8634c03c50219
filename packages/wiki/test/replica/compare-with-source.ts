/**
 * The comparison of a mirror with its source: each request of `replica-requests.ts` sent to both
 * (anonymously, continuation followed), compared by the conformance tester's comparison, the
 * differences the replica is known to have by design taken out.
 */
import { ApiSession } from '../../conformance/api-session.js';
import { compareRequest } from '../../conformance/compare-request.js';
import type { Difference } from '../../conformance/compare-trees.js';
import { type ReplicaRequest, replicaRequests } from './replica-requests.js';

/**
 * What a mirror cannot have, by path of the difference (a regular expression), and why.
 */
export const REPLICA_DIFFERENCES: Array<{ path: RegExp; request?: RegExp; reason: string }> = [
  {
    path: /^query\.extensions\[/,
    reason:
      "siteinfo's extensions: this service lists each extension by its name and type only, and no skins (the same for a wiki imported from its database)",
  },
  {
    path: /^query\.statistics\.jobs$/,
    reason: "the source's job queue: a mirror has none (it reads what the source's jobs changed)",
  },
  {
    path: /^\(top\)$/,
    request: /limit=max/,
    reason: 'where `limits` stands among the top keys with `…limit=max` (the same for an imported wiki)',
  },
  {
    path: /^query\.(exturlusage\[|pages\[\d+\]\.extlinks\[)/,
    request: /exturlusage|extlinks/,
    reason:
      "the order of one page's external links, and of pages sharing a link, follows `el_id`, which MediaWiki's API never shows: the mirror numbers links in the order it reads them",
  },
];
export interface ReplicaComparison {
  request: ReplicaRequest;
  differences: Difference[];
}

export async function compareWithSource(
  source: string,
  mirror: string,
  titles: string[],
): Promise<ReplicaComparison[]> {
  const ours = new ApiSession(mirror);
  const theirs = new ApiSession(source);
  const out: ReplicaComparison[] = [];
  for (const [number, request] of replicaRequests(titles).entries()) {
    const params = Object.entries(request) as [string, string][];
    const comparison = await compareRequest(
      {
        number: number + 1,
        method: 'GET',
        sender: 'anonymous',
        params,
        modules: [request.list ?? request.prop ?? request.meta ?? request.generator ?? 'query'],
        followContinuation: true,
      },
      ours,
      theirs,
    );
    const differences = comparison.differences.filter(
      (d) => !REPLICA_DIFFERENCES.some((known) => known.path.test(d.path)),
    );
    if (differences.length > 0) out.push({ request, differences });
  }
  return out;
}

/** A short account of the differences, for a failing assertion's message. */
export function describeDifferences(comparisons: ReplicaComparison[]): string {
  return comparisons
    .map(({ request, differences }) => {
      const head = new URLSearchParams(request).toString();
      const lines = differences
        .slice(0, 8)
        .map(
          (d) =>
            `    ${d.path} ${d.type}: ours ${JSON.stringify(d.ours)?.slice(0, 160)} theirs ${JSON.stringify(d.theirs)?.slice(0, 160)}`,
        );
      return `  ${head}\n${lines.join('\n')}${differences.length > 8 ? `\n    … ${differences.length - 8} more` : ''}`;
    })
    .join('\n');
}
