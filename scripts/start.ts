/**
 * `npm start`: runs both services, each in its own process(es) on its SQLite default, prints their
 * URLs and stops both cleanly on Ctrl-C (SIGINT) or SIGTERM.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The wiki runs from its compiled build, brought up to date first (`tsc -b` is quick when nothing
 * changed): the TypeScript loader costs CPU on every request. When the build fails it runs from
 * source, with a warning.
 */
function wikiCommand(): string[] {
  const built = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-b', 'packages/common', 'packages/wiki'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status === 0) return ['packages/wiki/dist/cli.js', 'serve'];
  process.stderr.write('wiki: the compiled build could not be brought up to date; running from source\n');
  return ['--conditions=source', '--import', 'tsx', 'packages/wiki/src/cli.ts', 'serve'];
}

const services = [
  {
    name: 'invoicing',
    args: ['--conditions=source', '--import', 'tsx', 'packages/invoicing/src/cli.ts', 'serve'],
  },
  { name: 'wiki', args: wikiCommand() },
];

const children: ChildProcess[] = [];
let stopping = false;

for (const service of services) {
  const child = spawn(process.execPath, service.args, {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: process.env,
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(
        `${service.name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the others\n`,
      );
      stopAll(code ?? 1);
    } else if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) {
      process.exit(process.exitCode ?? 0);
    }
  });
}

function stopAll(exitCode: number) {
  if (stopping) return;
  stopping = true;
  process.exitCode = exitCode;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
}

// Ctrl-C in a terminal also reaches the children (same process group); they stop on their own, and
// the SIGTERM sent here covers a SIGINT/SIGTERM sent to this process alone.
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
