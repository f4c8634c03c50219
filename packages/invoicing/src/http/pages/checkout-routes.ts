import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { SafeHtml } from '../../web/html.js';
import type { PageContext } from '../../web/layout.js';
import { checkoutLiveState, renderCheckoutPage } from '../../web/pages/checkout.js';
import type { CheckoutView } from '../../web/pages/checkout-view.js';
import { renderNotFoundPage } from '../../web/pages/error-pages.js';
import { qrSvg } from '../../web/qr.js';
import { pageContextFor, sendPage } from './page-context.js';

/** Where the checkout pages read invoices from, and hear about their changes. */
export interface CheckoutSource {
  /** The invoice as the payer may see it, current (expired on read when its time is up). */
  find(id: string): Promise<CheckoutView | undefined>;
  /** Calls `listener` after the invoice changed (a payment, an expiry); returns the unsubscribe. */
  onChange(id: string, listener: () => void): () => void;
}

export interface CheckoutRouteOptions {
  source: CheckoutSource;
  now?: () => number;
  /** How often an open event stream re-reads the invoice in case a change notice was missed. */
  recheckMs?: number;
  /** How long one event stream stays open before the browser is asked to reconnect. */
  streamMaxMs?: number;
}

/** Invoice ids are URL-safe random strings; anything else cannot be one and is not looked up. */
const idPattern = /^[A-Za-z0-9_-]{8,64}$/;

const qrCache = new Map<string, Promise<SafeHtml>>();
function cachedQr(ctx: PageContext, view: CheckoutView): Promise<SafeHtml> {
  const key = `${ctx.locale}\u0000${view.qrText}`;
  let qr = qrCache.get(key);
  if (!qr) {
    if (qrCache.size > 1000) qrCache.clear();
    qr = qrSvg(view.qrText, ctx.t('checkout.qr_alt'));
    qrCache.set(key, qr);
  }
  return qr;
}

export function registerCheckoutRoutes(app: FastifyInstance, options: CheckoutRouteOptions) {
  const now = options.now ?? Date.now;
  const recheckMs = options.recheckMs ?? 5000;
  const streamMaxMs = options.streamMaxMs ?? 30 * 60 * 1000;
  const { source } = options;
  // Open event streams end when the server shuts down, so that closing does not wait on them.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });

  async function load(id: string) {
    return idPattern.test(id) ? source.find(id) : undefined;
  }

  app.get<{ Params: { id: string } }>('/:id', async (request, reply) => {
    const ctx = pageContextFor(request, reply);
    const view = await load(request.params.id);
    if (!view) return sendPage(reply, 404, renderNotFoundPage(ctx));
    const base = `/pay/${encodeURIComponent(view.id)}`;
    const lang = `?lang=${ctx.locale}`;
    const page = renderCheckoutPage(
      ctx,
      view,
      await cachedQr(ctx, view),
      { live: `${base}/live${lang}`, events: `${base}/events${lang}` },
      now(),
    );
    return sendPage(reply, 200, page);
  });

  app.get<{ Params: { id: string } }>('/:id/live', async (request, reply) => {
    const ctx = pageContextFor(request, reply);
    const view = await load(request.params.id);
    reply.header('cache-control', 'no-store');
    if (!view)
      return reply
        .code(404)
        .send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'no such invoice' } });
    return checkoutLiveState(ctx, view, await cachedQr(ctx, view), now());
  });

  app.get<{ Params: { id: string } }>('/:id/events', async (request, reply) => {
    const ctx = pageContextFor(request, reply);
    const first = await load(request.params.id);
    if (!first) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'no such invoice' } });
    }
    const id = first.id;
    const stream = new PassThrough();
    let lastVersion = '';
    let closed = false;
    let running: Promise<void> | undefined;
    let again = false;

    const send = (view: CheckoutView | undefined) => {
      if (!view || closed) return Promise.resolve();
      return cachedQr(ctx, view).then((qr) => {
        const state = checkoutLiveState(ctx, view, qr, now());
        if (state.version === lastVersion || closed) return;
        lastVersion = state.version;
        stream.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
      });
    };
    // Re-reads are serialised; a change announced while one runs triggers one more read after it.
    const refresh = () => {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = load(id)
        .then(send)
        .catch((error: unknown) => request.log.warn({ err: error }, 'checkout event stream could not read the invoice'))
        .finally(() => {
          running = undefined;
          if (again) {
            again = false;
            refresh();
          }
        });
    };

    const unsubscribe = source.onChange(id, refresh);
    const recheck = setInterval(refresh, recheckMs);
    const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), 20_000);
    const untilExpiry = first.expiresAt * 1000 - now();
    const expiryTimer =
      untilExpiry > 0 && untilExpiry < streamMaxMs ? setTimeout(refresh, untilExpiry + 250) : undefined;
    const maxAge = setTimeout(() => stream.end(), streamMaxMs);
    const close = () => {
      if (closed) return;
      closed = true;
      openStreams.delete(close);
      unsubscribe();
      clearInterval(recheck);
      clearInterval(heartbeat);
      clearTimeout(maxAge);
      if (expiryTimer) clearTimeout(expiryTimer);
      stream.end();
    };
    openStreams.add(close);
    request.raw.on('close', close);
    stream.on('close', close);

    stream.write('retry: 3000\n\n');
    await send(first);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}
