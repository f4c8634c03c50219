import { readFileSync } from 'node:fs';

/** How to reach a Bitcoin-Core-style node: its URL and either a user and password or its cookie file. */
export interface RpcTarget {
  /** `http://127.0.0.1:9332/` (a `/wallet/<name>` path is allowed but not needed). */
  url: string;
  user?: string;
  password?: string;
  /** The node's `.cookie` file (`__cookie__:<password>`), read again after each refused login. */
  cookieFile?: string;
  /** Per call; a node busy with a large block answers within this. */
  timeoutMs?: number;
}

/** Why a call failed: the node could not be reached, refused the login, or answered an error. */
export class RpcError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'unauthorised' | 'rpc',
    /** The node's own error code (`-5`: no such transaction, ...), for `rpc` errors. */
    readonly code?: number,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

interface RpcAnswer {
  result: unknown;
  error: { code: number; message: string } | null;
  id: number;
}

/**
 * Amounts are written by the node as JSON numbers with 8 decimals; read through a float they
 * could lose their last digit. Output values are turned into strings before parsing, so they
 * reach `coinToMinor` exactly as written.
 */
const AMOUNT_FIELD = /"value":\s*(-?\d+(?:\.\d+)?)/g;

export function parseRpcJson(text: string): unknown {
  return JSON.parse(text.replace(AMOUNT_FIELD, '"value":"$1"'));
}

/** A JSON-RPC 1.0 client for Litecoin Core and Bitcoin Core, with batches; keeps no state but the login. */
export class RpcClient {
  private readonly endpoint: string;
  private readonly shownUrl: string;
  private authorization: string;
  private nextId = 1;

  constructor(private readonly target: RpcTarget) {
    const url = new URL(target.url);
    // Credentials written in the URL are taken out of it, so that no message ever shows them.
    const user = target.user ?? (url.username ? decodeURIComponent(url.username) : undefined);
    const password = target.password ?? (url.password ? decodeURIComponent(url.password) : undefined);
    url.username = '';
    url.password = '';
    this.endpoint = url.toString();
    this.shownUrl = this.endpoint;
    this.target = { ...target, user, password };
    this.authorization = this.login();
  }

  private login(): string {
    const { user, password, cookieFile } = this.target;
    let pair: string;
    if (cookieFile) {
      try {
        pair = readFileSync(cookieFile, 'utf8').trim();
      } catch (error) {
        throw new RpcError(
          `cannot read the RPC cookie file ${cookieFile}: ${(error as Error).message}`,
          'unauthorised',
        );
      }
    } else pair = `${user ?? ''}:${password ?? ''}`;
    return `Basic ${Buffer.from(pair).toString('base64')}`;
  }

  /** One call. */
  async call<T>(method: string, params: unknown[] = []): Promise<T> {
    const [answer] = await this.send([{ method, params }]);
    return unwrap<T>(answer!, method);
  }

  /** Several calls in one request; each answer is the result or an RpcError (in order). */
  async batch<T>(calls: { method: string; params: unknown[] }[]): Promise<(T | RpcError)[]> {
    if (calls.length === 0) return [];
    const answers = await this.send(calls);
    return answers.map((answer, i) => {
      try {
        return unwrap<T>(answer, calls[i]!.method);
      } catch (error) {
        if (error instanceof RpcError) return error;
        throw error;
      }
    });
  }

  private async send(calls: { method: string; params: unknown[] }[]): Promise<RpcAnswer[]> {
    const first = this.nextId;
    const body = calls.map((c, i) => ({ jsonrpc: '1.0', id: first + i, method: c.method, params: c.params }));
    this.nextId += calls.length;
    let response = await this.post(body);
    if (response.status === 401 && this.target.cookieFile) {
      // The node writes a new cookie at each start.
      this.authorization = this.login();
      response = await this.post(body);
    }
    if (response.status === 401 || response.status === 403) {
      throw new RpcError(
        `the node at ${this.shownUrl} refused the RPC login (wrong user, password or cookie)`,
        'unauthorised',
      );
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = parseRpcJson(text);
    } catch {
      throw new RpcError(
        `the node at ${this.shownUrl} answered HTTP ${response.status} without JSON-RPC`,
        'unreachable',
      );
    }
    if (!Array.isArray(parsed)) {
      // A single error object answers a batch the node could not read.
      const error = (parsed as RpcAnswer).error;
      throw new RpcError(error?.message ?? `unexpected answer from ${this.shownUrl}`, 'rpc', error?.code);
    }
    const byId = new Map((parsed as RpcAnswer[]).map((a) => [a.id, a]));
    return body.map((b) => byId.get(b.id) ?? { id: b.id, result: null, error: { code: 0, message: 'no answer' } });
  }

  private async post(body: unknown): Promise<Response> {
    try {
      return await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: this.authorization },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.target.timeoutMs ?? 30_000),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new RpcError(`cannot reach the node at ${this.shownUrl} (${cause})`, 'unreachable');
    }
  }
}

function unwrap<T>(answer: RpcAnswer, method: string): T {
  if (answer.error) throw new RpcError(`${method}: ${answer.error.message}`, 'rpc', answer.error.code);
  return answer.result as T;
}
