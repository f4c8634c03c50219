import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Installs Debian's lbzip2 and bzip2 packages when they are missing (the machines run as root with
 * apt): the import tests compare the native decoders with the JavaScript one. Concurrent test
 * files may call this at once, so the install runs under a lock file.
 */
export function ensureNativeBzip2(): void {
  if (existsSync('/usr/bin/lbzip2') && existsSync('/usr/bin/bzip2')) return;
  execFileSync(
    'sh',
    [
      '-c',
      'flock /tmp/wiki-bzip2-install.lock sh -c ' +
        "'test -x /usr/bin/lbzip2 -a -x /usr/bin/bzip2 || (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y lbzip2 bzip2)'",
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
