/**
 * `npm run bench`: runs every `packages/<name>/bench/*.bench.ts` one after another (they measure
 * throughput, so they must not share the two cores). Arguments narrow the run to files whose path
 * contains one of them; options (`--minutes 2`) are handed to each.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// `--name value` and `--name=value` go to every benchmark run; the other arguments choose them.
const args = process.argv.slice(2);
const passThrough: string[] = [];
const filters: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i] as string;
  if (!arg.startsWith('--')) filters.push(arg);
  else if (arg.includes('=') || i + 1 >= args.length || (args[i + 1] as string).startsWith('--')) passThrough.push(arg);
  else passThrough.push(arg, args[++i] as string);
}
const files = readdirSync(join(root, 'packages'))
  .flatMap((pkg) => {
    const dir = join('packages', pkg, 'bench');
    if (!existsSync(join(root, dir))) return [];
    return readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.bench.ts'))
      .sort()
      .map((f) => join(dir, f));
  })
  .filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)));

let failed = 0;
for (const file of files) {
  process.stdout.write(`\n=== ${file}\n`);
  const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', file, ...passThrough], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) failed++;
}
if (files.length === 0) process.stdout.write('no benchmark matched\n');
process.exit(failed ? 1 : 0);
