/**
 * Decompressing bzip2: by a native program in a child process where there is one (Debian's
 * `lbzip2`, which decodes on every core, else `bzip2`), by a JavaScript decoder only where neither
 * is installed, as it is about five times slower than `bzip2` alone. `WIKI_BZIP2` chooses one
 * (`lbzip2`, `bzip2` or `javascript`), for example to compare them.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { UserError } from '@svc/common';
import unbzip2 from 'unbzip2-stream';

export type Bzip2DecoderName = 'lbzip2' | 'bzip2' | 'javascript';

export interface Bzip2Decoder {
  name: Bzip2DecoderName;
  /** The program's path, for a native decoder. */
  program?: string;
}

const NATIVE: Array<Exclude<Bzip2DecoderName, 'javascript'>> = ['lbzip2', 'bzip2'];

function onPath(program: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

/** The decoder an import uses: `WIKI_BZIP2` when set, else the fastest one installed. */
export function bzip2Decoder(env: NodeJS.ProcessEnv = process.env): Bzip2Decoder {
  const wanted = env.WIKI_BZIP2?.trim();
  if (wanted) {
    if (wanted === 'javascript') return { name: 'javascript' };
    if (!NATIVE.includes(wanted as 'bzip2')) {
      throw new UserError(`WIKI_BZIP2 is ${JSON.stringify(wanted)}: expected lbzip2, bzip2 or javascript`);
    }
    const program = onPath(wanted);
    if (!program) throw new UserError(`WIKI_BZIP2 asks for ${wanted}, which is not installed (not on PATH)`);
    return { name: wanted as 'bzip2', program };
  }
  for (const name of NATIVE) {
    const program = onPath(name);
    if (program) return { name, program };
  }
  return { name: 'javascript' };
}

/** How the progress line names the decoder. */
export function describeBzip2Decoder(decoder: Bzip2Decoder): string {
  return decoder.name === 'javascript'
    ? 'bzip2 decompressed in JavaScript: install lbzip2 for several times the speed'
    : `bzip2 decompressed by ${decoder.name}`;
}

/**
 * The arguments a native decoder decompresses to its output with. `lbzip2` gets every core but
 * one, which the importer's own thread needs: on two cores its second thread made it no faster
 * for an importer already busy on the other core, and cost about a fifth more CPU time (a
 * generated 57 MB dump: 4.3 user CPU-seconds with one thread, 5.2 to 5.4 with two; see
 * docs/performance-log.md).
 */
export function decoderArguments(decoder: Bzip2Decoder, cores = availableParallelism()): string[] {
  if (decoder.name === 'lbzip2') return ['-n', String(Math.max(1, cores - 1)), '-d', '-c'];
  return ['-d', '-c'];
}

/**
 * The decompressed bytes of `compressed`. A native decoder's failure (a corrupt or truncated
 * file) fails the stream with the program's own message once it has exited, never as an early
 * end of the data.
 */
export function decompressBzip2(compressed: Readable, decoder: Bzip2Decoder): Readable {
  const out = new PassThrough({ highWaterMark: 1 << 18 });
  compressed.on('error', (err) => out.destroy(err));
  if (!decoder.program) {
    // unbzip2-stream is a classic stream: the PassThrough makes it async-iterable and carries its errors.
    const bunzip = unbzip2();
    bunzip.on('error', (err: Error) => out.destroy(err));
    compressed.pipe(bunzip).pipe(out);
    return out;
  }
  const child = spawn(decoder.program, decoderArguments(decoder), { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < 2000) stderr += text;
  });
  // A decoder that stops early closes its input: its exit status tells why, not the broken pipe.
  child.stdin.on('error', () => {});
  child.on('error', (err) => out.destroy(new Error(`${decoder.name} could not be started: ${err.message}`)));
  compressed.pipe(child.stdin);
  child.stdout.pipe(out, { end: false });
  child.on('close', (code, signal) => {
    if (out.destroyed) return;
    if (code === 0) {
      out.end();
      return;
    }
    const said = stderr.trim().split('\n').slice(-2).join('; ');
    const why = said || (signal ? `stopped by ${signal}` : `exit code ${code}`);
    out.destroy(new Error(`the bzip2 data is damaged (${decoder.name}: ${why})`));
  });
  out.on('close', () => {
    compressed.destroy();
    if (child.exitCode === null && child.signalCode === null) child.kill();
  });
  return out;
}
