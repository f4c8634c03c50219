/**
 * Worker thread body: reads a dump file (`workerData.file`), parses it, completes hashes and sizes
 * and extracts each page's links (`PageStream`; while the writer keeps up, it leaves some pages'
 * links to it), and posts the events in batches. It waits for the site after the first event, and
 * keeps no more than a few batches unacknowledged.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DumpError, readDump } from './dump-reader.js';
import type { WorkerCommand, WorkerMessage } from './dump-source.js';
import { DumpFileError, openDump } from './open-dump.js';
import { type ImportEvent, inOrder, PageStream } from './page-stream.js';

/**
 * A batch is sent once it holds this many characters of text, or this many events. A batch's pages
 * (their texts, link rows and search texts) stay alive on this thread until it is posted: small
 * batches let most of them die young, where batches of a megabyte outlived two young generation
 * collections and were moved into the old generation, whose full collections (marking on V8's
 * helper threads) then took 4.6 CPU-seconds of the generated 10,000-page dump's import (see
 * `PIECE_BYTES` in `dump-reader.ts`).
 */
const BATCH_CHARS = 128 << 10;
const BATCH_EVENTS = 256;
/** Batches sent and not yet taken by the writer (about 3 MB of text in all). */
const MAX_AHEAD = 24;
/**
 * While fewer batches than this wait for the writer, the writer has time to spare: the pages
 * ending then leave their link extraction to it (without linting), so that the two threads share
 * the work, whichever of them is the faster on the machine. Once the writer falls this far
 * behind, this thread extracts the links again.
 */
const LEAVE_LINKS_BELOW = 4;

const port = parentPort!;
const { file, lint, lintHelper } = workerData as { file: string; lint: boolean; lintHelper: boolean };
const stream = new PageStream({ lint, lintHelper });
let credits = MAX_AHEAD;
stream.leaveLinksWhen(() => MAX_AHEAD - credits < LEAVE_LINKS_BELOW);
let siteKnown = false;
let textsAsBytes = false;
const encoder = new TextEncoder();
let wake: (() => void) | undefined;

port.on('message', (command: WorkerCommand) => {
  if (command.type === 'ack') credits++;
  else {
    stream.setSite(command.site, command.settings);
    textsAsBytes = command.settings.textsAsBytes === true;
    siteKnown = true;
  }
  const w = wake;
  wake = undefined;
  w?.();
});

const post = (message: WorkerMessage) => port.postMessage(message);
const until = async (condition: () => boolean) => {
  while (!condition()) {
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
  }
};

/**
 * Turns a batch's texts (revisions' and search texts) into UTF-8 bytes (`textsAsBytes`), once the
 * pages are done with here; returns their buffers, which the batch's message then moves. The
 * stream has made the revisions' bytes already (hashing them).
 */
function textsToBytes(events: ImportEvent[]): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const event of events) {
    if (event.type === 'revision' && event.revision.text !== undefined) {
      const bytes = event.revision.textBytes ?? encoder.encode(event.revision.text);
      event.revision.textBytes = bytes;
      delete event.revision.text;
      buffers.push(bytes.buffer as ArrayBuffer);
    } else if (event.type === 'page-end' && typeof event.search?.[1] === 'string') {
      const bytes = encoder.encode(event.search[1]);
      event.search[1] = bytes;
      buffers.push(bytes.buffer as ArrayBuffer);
    }
  }
  return buffers;
}

try {
  const opened = await openDump(file);
  let batch: ImportEvent[] = [];
  let chars = 0;
  const send = async () => {
    if (batch.length === 0) return;
    await until(() => credits > 0);
    credits--;
    const transfer = textsAsBytes ? textsToBytes(batch) : [];
    port.postMessage({ type: 'batch', events: batch, bytesRead: opened.bytesRead() } satisfies WorkerMessage, transfer);
    batch = [];
    chars = 0;
  };
  let first = true;
  for await (const event of inOrder(readDump(opened.stream, file), stream)) {
    batch.push(event);
    if (first) {
      first = false;
      await send();
      await until(() => siteKnown);
      continue;
    }
    if (event.type === 'revision') chars += event.revision.text?.length ?? 0;
    if (chars >= BATCH_CHARS || batch.length >= BATCH_EVENTS) await send();
  }
  await send();
  post({ type: 'end', bytesRead: opened.bytesRead() });
  await stream.close();
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof DumpError) post({ type: 'error', kind: 'dump', message, byteOffset: err.byteOffset });
  else post({ type: 'error', kind: err instanceof DumpFileError ? 'file' : 'other', message, byteOffset: 0 });
}
// The thread stays until the importer ends it, so that every message posted here is delivered.
