/**
 * Loaded into the soak's server process (`--import`): every second it sends the process's
 * memory to the soak over the IPC channel the soak opened, so the printout can show the JS heap,
 * external and array-buffer memory beside the resident size (and its anonymous part). With
 * `SOAK_MEMORY_TRACE=file` it also appends each sample, with V8's heap spaces, to that file as a
 * line of JSON. Does nothing without IPC.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const trace = process.env.SOAK_MEMORY_TRACE;

function residentKb(field: string): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
}

if (process.send) {
  const started = Date.now();
  const timer = setInterval(() => {
    const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const memory = { rss, rssAnon: residentKb('RssAnon') * 1024, heapTotal, heapUsed, external, arrayBuffers };
    process.send?.({ memory });
    if (trace) {
      const spaces = Object.fromEntries(
        getHeapSpaceStatistics().map((s) => [s.space_name, [s.space_size, s.space_used_size]]),
      );
      appendFileSync(trace, `${JSON.stringify({ s: Math.round((Date.now() - started) / 1000), ...memory, spaces })}\n`);
    }
  }, 1000);
  timer.unref();
  process.channel?.unref();
}
