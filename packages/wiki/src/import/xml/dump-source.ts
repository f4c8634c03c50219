/**
 * Where the importer takes a dump's events from: for a small file the reader runs on the main
 * thread; for a large one, or one whose pages are linted with a helper thread, a worker thread
 * reads, decompresses and parses the file, computes hashes and extracts links (`dump-worker.ts`),
 * and hands the events over in batches while the main thread writes; the links of the pages the
 * worker leaves to it (while it keeps up) the main thread extracts before writing them. The worker
 * runs at most a few batches ahead, so memory stays flat whatever the size.
 */
import { availableParallelism } from 'node:os';
import type { SiteConfig } from '../../site/site.js';
import { TitleCodec } from '../../site/title.js';
import { siblingModule, startWorker } from '../../worker-thread.js';
import { bzip2Decoder } from './bzip2-decoder.js';
import { DumpError, readDump } from './dump-reader.js';
import { type Compression, DumpFileError, describeDecompression, dumpFileInfo, openDump } from './open-dump.js';
import { completeLinks, type ImportEvent, inOrder, PageStream, type StreamSettings } from './page-stream.js';

export interface DumpSource {
  /** Size of the file on disk; 0 for a pipe. */
  readonly fileBytes: number;
  /** Whether the file is a pipe (read once; its size is known at its end). */
  readonly pipe: boolean;
  /** How the file is decompressed (`bzip2 decompressed by lbzip2`), for the progress line. */
  readonly decompression: string | undefined;
  /** Whether a worker thread reads the file (the main thread then only writes). */
  readonly threaded: boolean;
  readonly compression: Compression;
  /** Bytes of the file read so far (compressed bytes for a compressed file). */
  bytesRead(): number;
  events(): AsyncGenerator<ImportEvent>;
  /** The site the pages belong to: needed for link extraction, given after the first event. */
  setSite(site: SiteConfig, settings?: StreamSettings): void;
  close(): Promise<void>;
}

/** What the worker posts: batches of events, the end, or why it stopped. */
export type WorkerMessage =
  | { type: 'batch'; events: ImportEvent[]; bytesRead: number }
  | { type: 'end'; bytesRead: number }
  | { type: 'error'; kind: 'dump' | 'file' | 'other'; message: string; byteOffset: number };

/** What the worker is told: the site, or that a batch was taken (it may send another). */
export type WorkerCommand = { type: 'site'; site: SiteConfig; settings: StreamSettings } | { type: 'ack' };

/** Smallest file worth a worker thread (its start costs some tens of milliseconds). */
const WORKER_FROM_BYTES = 20_000_000;

/**
 * Smallest file (on disk) whose pages are worth linting on a helper thread as well: linting takes
 * several CPU-seconds a megabyte of wikitext, the helper's start a few tenths of a second.
 */
const LINT_HELPER_FROM_BYTES = 256_000;

/**
 * A worker's heap: the parser holds one revision and a few batches. A small heap makes it collect
 * its garbage early, which keeps the import's memory low; room for the largest pages there are.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16 };

/**
 * Whether a file of this size and compression is read on a worker thread by default when it is
 * not linted. A bzip2 file decompressed by a native decoder is read on the main thread unless the
 * machine has more than two cores: the decoder (a child process, on every core) costs about as
 * much CPU as the whole import, so on two cores the pace is set by the CPU time of all of it, and
 * handing the events from a worker to the main thread costs more than the worker saves (a
 * generated 28 MB dump's `.bz2` import took 6.8 CPU-seconds read on the main thread, decoder
 * included, 7.4 on a worker; see docs/performance-log.md).
 */
export function readerThreadFor(bytes: number, compression: Compression = 'none', pipe = false): boolean {
  const cores = availableParallelism();
  if (compression === 'bzip2' && bzip2Decoder().program && cores <= 2) return false;
  // A pipe's size is not known: it is read as a large file is (what comes through pipes is).
  return (pipe || bytes >= WORKER_FROM_BYTES) && cores > 1;
}

/** The error a worker reported, as the reader would have thrown it. */
export function workerError(message: Extract<WorkerMessage, { type: 'error' }>): Error {
  if (message.kind === 'dump') return new DumpError(message.message, message.byteOffset);
  if (message.kind === 'file') return new DumpFileError(message.message);
  return new Error(message.message);
}

/** What the reading asks of the pages: lint errors, and a helper thread to share the linting. */
interface Linting {
  lint: boolean;
  lintHelper: boolean;
}

async function inlineSource(file: string, linting: Linting): Promise<DumpSource> {
  const opened = await openDump(file);
  const stream = new PageStream(linting);
  return {
    fileBytes: opened.fileBytes,
    pipe: opened.pipe,
    decompression: describeDecompression(opened.compression),
    threaded: false,
    compression: opened.compression,
    bytesRead: opened.bytesRead,
    events: () => inOrder(readDump(opened.stream, file), stream),
    setSite: (site, settings) => stream.setSite(site, settings),
    async close() {
      opened.stream.destroy();
      await stream.close();
    },
  };
}

function workerSource(
  file: string,
  { fileBytes, compression, pipe }: { fileBytes: number; compression: Compression; pipe: boolean },
  linting: Linting,
): DumpSource {
  const worker = startWorker(siblingModule(import.meta.url, 'dump-worker'), { file, ...linting }, WORKER_LIMITS);
  const queue: ImportEvent[][] = [];
  /** For the links the worker leaves to this thread. */
  let codec: TitleCodec | undefined;
  let read = 0;
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'batch') {
      queue.push(message.events);
      read = message.bytesRead;
    } else if (message.type === 'end') {
      read = message.bytesRead;
      ended = true;
    } else {
      failure ??= workerError(message);
    }
    notify();
  });
  worker.on('error', (err) => {
    failure ??= err;
    notify();
  });
  worker.on('exit', (code) => {
    if (!ended) failure ??= new Error(`the dump reader's thread stopped (exit code ${code})`);
    notify();
  });
  const command = (message: WorkerCommand) => worker.postMessage(message);
  return {
    fileBytes,
    pipe,
    decompression: describeDecompression(compression),
    threaded: true,
    compression,
    bytesRead: () => read,
    async *events() {
      for (;;) {
        const batch = queue.shift();
        if (batch) {
          command({ type: 'ack' });
          for (const event of batch) {
            if (event.type === 'page-end' && event.unextracted) completeLinks(event, codec!);
            yield event;
          }
          continue;
        }
        if (failure) throw failure;
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
    setSite(site, settings = {}) {
      codec = new TitleCodec(site);
      command({ type: 'site', site, settings });
    },
    async close() {
      ended = true;
      await worker.terminate();
    },
  };
}

/** Opens a dump file for import; a DumpFileError when it cannot be read. */
export async function openDumpSource(
  file: string,
  options: { thread?: boolean; lint?: boolean; lintHelper?: boolean } = {},
): Promise<DumpSource> {
  const info = await dumpFileInfo(file);
  const { fileBytes, compression, pipe } = info;
  const lint = options.lint ?? true;
  const lintHelper =
    lint && (options.lintHelper ?? ((pipe || fileBytes >= LINT_HELPER_FROM_BYTES) && availableParallelism() > 1));
  // Pages linted with a helper are read on a worker too, whatever the file's size: the linter's
  // garbage then piles up in two heaps of bounded size instead of the main thread's (the bundled
  // sample's peak 285 MB instead of 315 MB, for a few percent more time).
  const thread = options.thread ?? (readerThreadFor(fileBytes, compression, pipe) || lintHelper);
  const linting = { lint, lintHelper };
  return thread ? workerSource(file, info, linting) : inlineSource(file, linting);
}
