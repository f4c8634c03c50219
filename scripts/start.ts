/**
 * `npm start`: runs both services, each in its own process on its SQLite default, prints their
 * URLs and stops both cleanly on Ctrl-C (SIGINT) or SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const services = [
  { name: 'invoicing', entry: 'packages/invoicing/src/cli.ts' },
  { name: 'wiki', entry: 'packages/wiki/src/cli.ts' },
];

const children: ChildProcess[] = [];
let stopping = false;

for (const service of services) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', service.entry, 'serve'], {
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
