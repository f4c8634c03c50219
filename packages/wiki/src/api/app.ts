import { hostname } from 'node:os';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { registerHealthRoute } from '@svc/common';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { defaultSite } from '../site/defaults.js';
import type { SiteConfig } from '../site/site.js';
import { loadSite } from '../site/site-store.js';
import { TitleCodec } from '../site/title.js';
import type { WikiStore } from '../store/database.js';
import { useUserGenders } from './gender.js';
import { redactUrl } from './log-redaction.js';
import { handleApiRequest } from './main.js';
import type { ApiServices } from './request-state.js';
import { registerUploadRoutes } from './uploads.js';

export interface AppOptions {
  store: WikiStore;
  /** The served site; read from the store when absent. */
  site?: SiteConfig;
  logLevel?: string;
  /** Where the log goes (standard output when absent). */
  logStream?: { write(line: string): void };
  /** Shown after `MediaWiki 1.43.0` in siteinfo's generator. */
  softwareName?: string;
}

export const DEFAULT_SOFTWARE_NAME = 'wiki-api-service';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logLevel && options.logLevel !== 'silent'
        ? {
            level: options.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: redactUrl(request.url),
                remoteAddress: request.ip,
              }),
            },
          }
        : false,
    // Two log lines per request cost more than answering a small query: only when debugging.
    logController: new LogController({
      disableRequestLogging: options.logLevel !== 'debug' && options.logLevel !== 'trace',
    }),
    bodyLimit: 8 * 1024 * 1024,
  });
  registerHealthRoute(app, options.store.db);
  const site = options.site ?? (await loadSite(options.store.db)) ?? defaultSite();
  const titles = new TitleCodec(site);
  await useUserGenders(titles, options.store);
  const services: ApiServices = {
    site,
    titles,
    store: options.store,
    softwareName: options.softwareName ?? DEFAULT_SOFTWARE_NAME,
    hostName: hostname(),
  };
  await app.register(formbody);
  await registerUploadRoutes(app, site);
  // File parts are accepted and ignored: no action of this server takes uploads.
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 8 * 1024 * 1024, files: 20 } });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.raw.url ?? '';
    const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    const entries: [string, string][] = [...new URLSearchParams(query)];
    const queryNames = new Set(entries.map(([name]) => name));
    // Like PHP, only form bodies carry parameters (a JSON body is not read).
    const contentType = String(request.headers['content-type'] ?? '');
    const isForm =
      contentType.startsWith('application/x-www-form-urlencoded') || contentType.startsWith('multipart/form-data');
    if (request.method === 'POST' && isForm && request.body && typeof request.body === 'object') {
      for (const [name, value] of Object.entries(request.body as Record<string, unknown>)) {
        const values = Array.isArray(value) ? value : [value];
        for (const v of values) if (typeof v === 'string') entries.push([name, v]);
      }
    }
    const host = request.headers.host ?? '127.0.0.1';
    const response = await handleApiRequest(
      {
        method: request.method,
        params: entries,
        queryNames,
        origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
        ip: request.ip,
        requestOrigin: `${request.protocol}://${host}`,
        cookieHeader: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
      },
      services,
    );
    reply.code(response.status).headers(response.headers);
    if (response.cookies && response.cookies.length > 0) reply.header('set-cookie', [...response.cookies]);
    // A Buffer is sent as it is; a string would be measured and then encoded, two passes over it.
    return reply.send(response.encoded ? response.encoded() : Buffer.from(response.body));
  };
  // CORS preflight: browsers ask before a cross-origin POST; only origin=* is answered.
  const preflight = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.raw.url ?? '';
    const origin = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '').get('origin');
    if (origin !== '*') return notAllowed(request, reply);
    return reply
      .code(200)
      .headers({
        'access-control-allow-origin': '*',
        'access-control-allow-credentials': 'false',
        'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
        'access-control-allow-headers': 'Api-User-Agent, Content-Type',
        'access-control-max-age': '86400',
      })
      .send('');
  };
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'GET, HEAD, POST')
      .header('content-type', 'text/plain; charset=utf-8')
      .send('Method not allowed: api.php answers GET and POST.\n');
  const paths = site.scriptPath === '' ? ['/api.php', '/w/api.php'] : [`${site.scriptPath}/api.php`, '/api.php'];
  for (const path of [...new Set(paths)]) {
    app.route({ method: ['GET', 'HEAD', 'POST'], url: path, handler });
    app.route({ method: 'OPTIONS', url: path, handler: preflight });
    app.route({ method: ['PUT', 'DELETE', 'PATCH'], url: path, handler: notAllowed });
  }
  return app;
}
