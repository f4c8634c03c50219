/**
 * Starting the worker threads of imports and index builds: from the compiled build a module's
 * `.js` file, from the TypeScript sources (development and tests) the `.ts` file through tsx's
 * loader, which a worker does not inherit.
 */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The URL of a module beside `base` (an `import.meta.url`), in the form the caller runs as. */
export function siblingModule(base: string, name: string): URL {
  return new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
}

export function startWorker(
  url: URL,
  workerData: unknown,
  resourceLimits: NonNullable<WorkerOptions['resourceLimits']>,
): Worker {
  const options = { workerData, resourceLimits };
  if (!url.pathname.endsWith('.ts')) return new Worker(url, options);
  const bootstrap = `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(url.href)}); })`;
  return new Worker(bootstrap, { ...options, eval: true });
}
