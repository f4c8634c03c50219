import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The parsed body when the signature verified with the endpoint's secret, else undefined. */
  verified: { type: string; timestamp: string; data: any } | undefined;
  at: number;
  /** The status answered, or null when it never answered. */
  answered: number | null;
}

/** What the receiver answers to one request: a status (with headers), or nothing at all. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string; delayMs?: number } | 'never';

/**
 * A real HTTP receiver on 127.0.0.1 that checks every webhook's signature with the Standard
 * Webhooks package's own `verify`, against the secret registered for its path.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly answers = new Map<string, (count: number, headers: IncomingHttpHeaders) => Answer>();
  private readonly counts = new Map<string, number>();
  private server: Server | undefined;
  private readonly hanging = new Set<() => void>();
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        const path = request.url ?? '/';
        const body = Buffer.concat(chunks).toString('utf8');
        const secret = this.secrets.get(path);
        let verified: ReceivedWebhook['verified'];
        if (secret) {
          try {
            verified = new Webhook(secret).verify(body, request.headers as Record<string, string>) as any;
          } catch {
            verified = undefined;
          }
        }
        const count = (this.counts.get(path) ?? 0) + 1;
        this.counts.set(path, count);
        const answer = this.answers.get(path)?.(count, request.headers) ?? { status: 200 };
        const record = { path, headers: request.headers, body, verified, at: Date.now() };
        this.received.push({ ...record, answered: answer === 'never' ? null : answer.status });
        if (answer === 'never') {
          this.hanging.add(() => response.destroy());
          return;
        }
        const respond = () => {
          response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
          response.end(answer.body ?? 'ok');
        };
        if (answer.delayMs) setTimeout(respond, answer.delayMs);
        else respond();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Registers a path's secret (to verify) and how it answers the n-th request (1-based). */
  route(path: string, secret: string, answer?: (count: number, headers: IncomingHttpHeaders) => Answer): string {
    this.secrets.set(path, secret);
    if (answer) this.answers.set(path, answer);
    return `${this.url}${path}`;
  }

  answer(path: string, answer: (count: number, headers: IncomingHttpHeaders) => Answer): void {
    this.answers.set(path, answer);
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  async waitFor(check: () => boolean, timeoutMs = 20_000, what = 'the expected webhooks'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async stop(): Promise<void> {
    for (const hang of this.hanging) hang();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
