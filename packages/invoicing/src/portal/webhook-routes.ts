import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { InvoicingError } from '../domain/errors.js';
import type { InvoiceStatus } from '../domain/invoice.js';
import { WEBHOOK_EVENT_TYPES } from '../domain/webhook-events.js';
import { readForm } from '../http/pages/form-input.js';
import { sendPage } from '../http/pages/page-context.js';
import { renderNotFoundPage } from '../web/pages/error-pages.js';
import { type PortalDeps, requireSignedIn, type SignedIn } from './context.js';
import type { FormState } from './pages/form.js';
import { renderWebhookEndpointPage, renderWebhooksPage } from './pages/webhook-pages.js';

type Notice = 'test' | 'redelivered' | 'saved' | 'deleted';

/** Another merchant's endpoint or delivery answers exactly like an unknown one: a 404 page. */
async function orNotFound(reply: FastifyReply, signed: SignedIn, work: () => Promise<FastifyReply>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvoicingError && error.status === 404) {
      return sendPage(reply, 404, renderNotFoundPage(signed.ctx));
    }
    throw error;
  }
}

const notices: Record<
  Notice,
  'webhooks.test_queued' | 'webhooks.redelivery_queued' | 'webhooks.saved' | 'webhooks.deleted'
> = {
  test: 'webhooks.test_queued',
  redelivered: 'webhooks.redelivery_queued',
  saved: 'webhooks.saved',
  deleted: 'webhooks.deleted',
};

/** Webhook endpoints and their deliveries, and the CSV export of the invoice list, for the signed-in merchant. */
export function registerPortalWebhookRoutes(scope: FastifyInstance, deps: PortalDeps) {
  const pages = webhookPages(deps);
  registerEndpointPages(scope, deps, pages);
  registerEndpointActions(scope, deps, pages);
  registerExport(scope, deps);
}

type WebhookPages = ReturnType<typeof webhookPages>;

/** The list of endpoints (with the form to add one) and an endpoint's page, as answers. */
function webhookPages(deps: PortalDeps) {
  const hooks = deps.service.webhooks;
  const listPage = async (reply: FastifyReply, signed: SignedIn, status: number, form: FormState, notice?: Notice) => {
    const endpoints = await hooks.listEndpoints(signed.merchant.id);
    const shown = { form, notice: notice ? signed.ctx.t(notices[notice]) : undefined };
    return sendPage(reply, status, renderWebhooksPage(signed.ctx, signed.session, endpoints, shown));
  };

  const endpointPage = async (
    reply: FastifyReply,
    signed: SignedIn,
    id: string,
    shown: { status?: number; secret?: string; notice?: Notice },
  ) => {
    const endpoint = await hooks.getEndpoint(signed.merchant.id, id);
    const deliveries = await hooks.deliveries(signed.merchant.id, id, 25);
    const page = renderWebhookEndpointPage(signed.ctx, signed.session, endpoint, deliveries, {
      secret: shown.secret,
      notice: shown.notice ? signed.ctx.t(notices[shown.notice]) : undefined,
    });
    return sendPage(reply, shown.status ?? 200, page);
  };
  return { listPage, endpointPage };
}

function registerEndpointPages(scope: FastifyInstance, deps: PortalDeps, { listPage, endpointPage }: WebhookPages) {
  const hooks = deps.service.webhooks;
  scope.get<{ Querystring: { notice?: string } }>('/webhooks', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const notice = request.query.notice === 'deleted' ? 'deleted' : undefined;
    return listPage(reply, signed, 200, { values: {}, errors: {} }, notice);
  });

  // The secret is in this answer only (never in a redirect URL, a log or the database in clear).
  scope.post('/webhooks', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const body = readForm(request.body);
    const events = WEBHOOK_EVENT_TYPES.filter((type) => body[`event_${type}`] === '1');
    const values = {
      url: (body.url ?? '').trim(),
      description: (body.description ?? '').trim(),
      events: events.join(','),
    };
    try {
      const created = await hooks.createEndpoint(signed.merchant.id, {
        url: values.url,
        description: values.description,
        events: events.length > 0 ? events : undefined,
      });
      return endpointPage(reply, signed, created.endpoint.id, { status: 201, secret: created.secret });
    } catch (error) {
      if (!(error instanceof InvoicingError) || error.status !== 400) throw error;
      const param = error.param && ['url', 'description', 'events'].includes(error.param) ? error.param : '_form';
      return listPage(reply, signed, 400, { values, errors: { [param]: error.message } });
    }
  });

  scope.get<{ Params: { id: string }; Querystring: { notice?: string } }>('/webhooks/:id', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const notice = request.query.notice as Notice | undefined;
    return orNotFound(reply, signed, () =>
      endpointPage(reply, signed, request.params.id, { notice: notice && notice in notices ? notice : undefined }),
    );
  });
}

/** The buttons of an endpoint's page: test, enable, disable, delete, rotate, and redeliver a delivery. */
function registerEndpointActions(scope: FastifyInstance, deps: PortalDeps, { endpointPage }: WebhookPages) {
  const hooks = deps.service.webhooks;

  const action = (path: string, run: (merchantId: string, id: string) => Promise<Notice>) =>
    scope.post<{ Params: { id: string } }>(`/webhooks/:id/${path}`, async (request, reply) => {
      const signed = await requireSignedIn(deps, request, reply);
      if (!signed) return reply;
      return orNotFound(reply, signed, async () => {
        const notice = await run(signed.merchant.id, request.params.id);
        if (notice === 'deleted') return reply.redirect('/portal/webhooks?notice=deleted', 303);
        return reply.redirect(`/portal/webhooks/${encodeURIComponent(request.params.id)}?notice=${notice}`, 303);
      });
    });
  action('test', async (merchantId, id) => {
    await hooks.sendTestEvent(merchantId, id);
    return 'test';
  });
  action('enable', async (merchantId, id) => {
    await hooks.updateEndpoint(merchantId, id, { enabled: true });
    return 'saved';
  });
  action('disable', async (merchantId, id) => {
    await hooks.updateEndpoint(merchantId, id, { enabled: false });
    return 'saved';
  });
  action('delete', async (merchantId, id) => {
    await hooks.deleteEndpoint(merchantId, id);
    return 'deleted';
  });

  scope.post<{ Params: { id: string } }>('/webhooks/:id/rotate', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    return orNotFound(reply, signed, async () => {
      const rotated = await hooks.rotateSecret(signed.merchant.id, request.params.id);
      return endpointPage(reply, signed, request.params.id, { secret: rotated.secret });
    });
  });

  scope.post<{ Params: { endpoint: string; id: string } }>(
    '/webhooks/:endpoint/deliveries/:id/redeliver',
    async (request, reply) => {
      const signed = await requireSignedIn(deps, request, reply);
      if (!signed) return reply;
      const { endpoint, id } = request.params;
      return orNotFound(reply, signed, async () => {
        await hooks.redeliver(signed.merchant.id, id);
        return reply.redirect(`/portal/webhooks/${encodeURIComponent(endpoint)}?notice=redelivered`, 303);
      });
    },
  );
}

function registerExport(scope: FastifyInstance, deps: PortalDeps) {
  scope.get<{ Querystring: { status?: string } }>('/invoices/export.csv', async (request, reply) => {
    const signed = await requireSignedIn(deps, request, reply);
    if (!signed) return reply;
    const status = ['open', 'processing', 'paid', 'expired'].includes(request.query.status ?? '')
      ? (request.query.status as InvoiceStatus)
      : undefined;
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="invoices.csv"')
      .type('text/csv; charset=utf-8')
      .send(Readable.from(deps.service.exportInvoicesCsv({ merchantId: signed.merchant.id, status })));
  });
}
