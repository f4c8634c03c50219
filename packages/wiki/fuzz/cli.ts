/**
 * `npm run fuzz -- [--seed S] [--count N] [--url URL | --port P]`: sends N fuzzed requests
 * (default 10,000) made from seed S (default 1) to api.php at URL, or, without a URL, to the
 * reference wiki served in this process on port P (default: a free one). Prints every failure with the request that caused it, the
 * slowest answers, and exits with 1 when anything failed.
 */
import { parseArgs } from 'node:util';
import { listeningReferenceWiki } from '../test/helpers/listening-wiki.js';
import { runFuzz } from './fuzz-run.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '10000' },
    url: { type: 'string' },
    port: { type: 'string', default: '0' },
  },
});
const seed = Number(values.seed);
const count = Number(values.count);
const port = Number(values.port);
if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(count) || count < 1 || !/^\d{1,5}$/.test(values.port)) {
  process.stderr.write('--seed and --count take whole numbers (count at least 1), --port a port number\n');
  process.exit(2);
}

const served = values.url ? undefined : await listeningReferenceWiki({ port });
const apiUrl = values.url ?? `${served?.origin}/api.php`;
process.stdout.write(`fuzzing ${apiUrl}: seed ${seed}, ${count} requests\n`);
const started = performance.now();
try {
  const report = await runFuzz(apiUrl, {
    seed,
    count,
    progressEvery: 1000,
    onProgress: (sent, failures) => process.stdout.write(`  ${sent} sent, ${failures} failed\n`),
    onFailure: (failure) =>
      process.stdout.write(`  failed #${failure.index}: ${failure.problem}\n    ${failure.request}\n`),
  });
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `${report.sent} requests in ${seconds.toFixed(1)} s; by status ${JSON.stringify(report.byStatus)}\n`,
  );
  process.stdout.write('slowest answers:\n');
  for (const slow of report.slowest.slice(0, 5)) process.stdout.write(`  ${slow.ms.toFixed(0)} ms  ${slow.request}\n`);
  for (const failure of report.failures) {
    process.stdout.write(`FAIL #${failure.index}: ${failure.problem}\n  ${failure.request}\n`);
  }
  process.stdout.write(`${report.failures.length} failures\n`);
  process.exitCode = report.failures.length > 0 ? 1 : 0;
} finally {
  await served?.close();
}
