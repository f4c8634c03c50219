import type { FastifyInstance } from 'fastify';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Listens, and stops cleanly on SIGINT/SIGTERM: the server stops accepting connections, lets
 * in-flight requests finish, then `onClose` runs (close the database). A second signal exits at once.
 */
export async function listenUntilSignalled(
  app: FastifyInstance,
  options: { host: string; port: number; name: string; onClose: () => Promise<void> },
): Promise<RunningServer> {
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      await app.close();
      await options.onClose();
    })();
    return stopping;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(130);
    process.stderr.write(`${options.name}: ${signal} received, finishing requests and closing\n`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${options.name}: error while stopping: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return { url, stop };
}
