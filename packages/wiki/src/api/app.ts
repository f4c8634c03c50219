import { createServer, type IncomingHttpHeaders, type IncomingMessage, METHODS, type ServerResponse } from 'node:http';
import { hostname } from 'node:os';
import type { TLSSocket } from 'node:tls';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { type DatabaseTarget, registerHealthRoute } from '@svc/common';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { defaultSite } from '../site/defaults.js';
import { languageFacts } from '../site/mediawiki/language-facts.js';
import type { SiteConfig } from '../site/site.js';
import { TitleCodec } from '../site/title.js';
import type { WikiStore } from '../store/database.js';
import { loadSite } from '../store/site-store.js';
import type { WorkBudgetLimits } from '../store/work-budget.js';
import { useUserGenders } from './gender.js';
import { answerIndexPhp } from './index-php.js';
import { loadLanguageData } from './language-data.js';
import { redactUrl } from './log-redaction.js';
import type { ApiRequest } from './main.js';
import { loadMessageCatalogue } from './messages/catalogue.js';
import { legacyEncodingOf, notUtf8Values } from './params/legacy-encoding.js';
import { SentBytes } from './params/request.js';
import type { ApiServices } from './request-state.js';
import { apiAnswerer, RequestThreads } from './request-threads.js';
import type { SentAnswer } from './sent-answer.js';
import { watchStoredSite } from './site-reload.js';
import { ThumbnailCache } from './thumbnail-cache.js';
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
  /** Each request's work budget, when not the default (store/work-budget.ts). */
  workBudget?: WorkBudgetLimits;
  /** Where thumbnails made are kept, and how many bytes at most (none kept when absent). */
  thumbnails?: { directory: string; maxBytes: number };
  /**
   * Threads that answer the expensive requests away from the event loop (request-threads.ts),
   * each with its own connections to the store's database (to its read replicas, `readUrls`, as
   * the store's own reads); none when absent or 0.
   */
  requestThreads?: { database: DatabaseTarget; readUrls?: readonly string[]; count: number };
}

/** Answers an api.php request, given the client's `Accept-Encoding`. */
type ApiAnswerer = (request: ApiRequest, acceptEncoding: string | string[] | undefined) => Promise<SentAnswer>;

export const DEFAULT_SOFTWARE_NAME = 'wiki-api-service';

/** What `api.php` reads of an HTTP request, whichever way it came. */
interface HttpRequestParts {
  method: string;
  /** The request target: path and query string. */
  url: string;
  headers: IncomingHttpHeaders;
  ip: string;
  protocol: 'http' | 'https';
  /** The parsed form body of a POST, if any. */
  body?: unknown;
}

/**
 * The API's request from the HTTP request: query string parameters first, then a form body's.
 * `language`: the content language, whose legacy encoding reads query-string values not in UTF-8.
 */
function apiRequestOf(http: HttpRequestParts, language: string): ApiRequest {
  const url = http.url;
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const entries: [string, string][] = [...new URLSearchParams(query)];
  // The query string's values that are not UTF-8 are read in the legacy encoding, as MediaWiki
  // reads them, but for a multi-value sent with U+001F separators (read with U+FFFD).
  let sentBytes: Map<string, SentBytes> | undefined;
  for (const [name, bytes] of notUtf8Values(query) ?? []) {
    sentBytes ??= new Map();
    sentBytes.set(name, new SentBytes(bytes, bytes.startsWith('\u001f') ? undefined : legacyEncodingOf(language)));
  }
  if (sentBytes) {
    for (const entry of entries) {
      const sent = sentBytes.get(entry[0]);
      if (sent !== undefined) entry[1] = sent.read();
    }
  }
  const queryNames = new Set(entries.map(([name]) => name));
  // Like PHP, only form bodies carry parameters (a JSON body is not read).
  const contentType = String(http.headers['content-type'] ?? '');
  const isForm =
    contentType.startsWith('application/x-www-form-urlencoded') || contentType.startsWith('multipart/form-data');
  if (http.method === 'POST' && isForm && http.body && typeof http.body === 'object') {
    const bodyBytes = (http.body as FormBody)[NOT_UTF8];
    for (const [name, value] of Object.entries(http.body as Record<string, unknown>)) {
      const values = Array.isArray(value) ? value : [value];
      for (const v of values) if (typeof v === 'string') entries.push([name, v]);
      // A form body's value is the one PHP reads: what the query string sent under its name is not.
      const bytes = bodyBytes?.get(name);
      if (bytes !== undefined) {
        sentBytes ??= new Map();
        sentBytes.set(name, new SentBytes(bytes, undefined));
      } else sentBytes?.delete(name);
    }
  }
  const host = http.headers.host ?? '127.0.0.1';
  return {
    method: http.method,
    params: entries,
    sentBytes,
    queryNames,
    origin: typeof http.headers.origin === 'string' ? http.headers.origin : undefined,
    treatAsUntrusted: http.headers['treat-as-untrusted'] !== undefined,
    ip: http.ip,
    requestOrigin: `${http.protocol}://${host}`,
    cookieHeader: http.headers.cookie,
    acceptLanguage: http.headers['accept-language'],
    preflight: preflightOf(http.headers),
  };
}

/** The values of a form body that are not UTF-8 (see `parseFormBody`). */
const NOT_UTF8 = Symbol('values not UTF-8');

/** A form body's parameters (a list for a repeated name), and its values that are not UTF-8. */
type FormBody = Record<string, string | string[]> & { [NOT_UTF8]?: Map<string, string> };

/**
 * Reads a form body as URLSearchParams does (bytes that are not UTF-8 become U+FFFD, as MediaWiki
 * cleans a POST value), keeping those values' bytes for the normalisations MediaWiki reports.
 */
function parseFormBody(body: string): FormBody {
  const form: FormBody = Object.create(null);
  for (const [name, value] of new URLSearchParams(body)) {
    const before = form[name];
    form[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  const bytes = notUtf8Values(body);
  if (bytes) form[NOT_UTF8] = bytes;
  return form;
}

/** What a CORS preflight asks for, if it is one. */
function preflightOf(headers: IncomingHttpHeaders): ApiRequest['preflight'] {
  const method = headers['access-control-request-method'];
  const asked = headers['access-control-request-headers'];
  if (method === undefined && asked === undefined) return undefined;
  return {
    method: typeof method === 'string' ? method : undefined,
    headers: typeof asked === 'string' ? asked : undefined,
  };
}

/** The API's request from a request Fastify parsed (its form body read). */
function fastifyApiRequest(request: FastifyRequest, services: ApiServices): ApiRequest {
  return apiRequestOf(
    {
      method: request.method,
      url: request.raw.url ?? '',
      headers: request.headers,
      ip: request.ip,
      protocol: request.protocol,
      body: request.body,
    },
    services.site.language,
  );
}

/** Takes a request (true) or leaves it to Fastify (false); `fallback` hands it to Fastify later. */
type FastPath = (request: IncomingMessage, response: ServerResponse, fallback: () => void) => boolean;

/**
 * Serves a GET or HEAD of `api.php` straight from Node's HTTP server: most requests are these, and
 * Fastify's routing, request and reply objects cost about a twentieth of a small query's time. The
 * answer is the one the Fastify route gives (a test compares the two); anything else, and a
 * request whose handling fails, goes to Fastify.
 */
function apiFastPath(paths: ReadonlySet<string>, answerApi: ApiAnswerer, services: ApiServices): FastPath {
  return (request, response, fallback) => {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = request.url ?? '';
    const q = url.indexOf('?');
    if (!paths.has(q === -1 ? url : url.slice(0, q))) return false;
    void (async () => {
      try {
        const socket = request.socket;
        const answer = await answerApi(
          apiRequestOf(
            {
              method,
              url,
              headers: request.headers,
              ip: socket.remoteAddress ?? '',
              protocol: (socket as TLSSocket).encrypted ? 'https' : 'http',
            },
            services.site.language,
          ),
          request.headers['accept-encoding'],
        );
        const parts = answer.parts;
        let length = 0;
        for (const part of parts) length += part.length;
        // Headers as a flat list of names and values: Node takes such a list for about 5 µs less
        // than an object of the same headers.
        const headers: string[] = [];
        for (const name in answer.headers) headers.push(name, answer.headers[name] as string);
        for (const cookie of answer.cookies ?? []) headers.push('set-cookie', cookie);
        headers.push('content-length', String(length));
        response.writeHead(answer.status, headers);
        if (parts.length === 1) {
          response.end(parts[0]);
        } else {
          // Several parts go to the socket together (one writev) without being copied into one.
          response.cork();
          for (let i = 0; i < parts.length - 1; i++) response.write(parts[i]);
          response.end(parts[parts.length - 1]);
          response.uncork();
        }
      } catch {
        // Fastify answers and logs a failure as it does for its own routes.
        if (!response.headersSent) fallback();
        else response.destroy();
      }
    })();
    return true;
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  let fastPath: FastPath | undefined;
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
    // Node's HTTP server with Fastify's default timeouts, and the api.php fast path in front of Fastify.
    serverFactory: (fastifyHandler) => {
      const server = createServer((request, response) => {
        if (!fastPath?.(request, response, () => fastifyHandler(request, response))) fastifyHandler(request, response);
      });
      server.keepAliveTimeout = 72_000;
      server.requestTimeout = 0;
      server.setTimeout(0);
      return server;
    },
  });
  registerHealthRoute(app, options.store.db);
  // Every method Node's parser reads reaches api.php, which answers what it does not take with
  // MediaWiki's `invalidmethod` (CONNECT is a tunnel, not a request).
  for (const method of METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  const site = options.site ?? (await loadSite(options.store.db)) ?? defaultSite();
  const titles = new TitleCodec(site);
  // The content language's facts are read now, not by the first request that needs them.
  languageFacts(site.language);
  await useUserGenders(titles, options.store);
  const services: ApiServices = {
    site,
    titles,
    store: options.store,
    softwareName: options.softwareName ?? DEFAULT_SOFTWARE_NAME,
    hostName: hostname(),
    workBudget: options.workBudget,
    messages: await loadMessageCatalogue(options.store),
    languages: await loadLanguageData(options.store),
  };
  // The site as another process changes it (an import into the primary): reloaded within a second.
  const watch = watchStoredSite(options.store, services, options.site === undefined);
  app.addHook('onClose', async () => watch.stop());
  const threadCount = options.requestThreads?.count ?? 0;
  const threads =
    options.requestThreads && threadCount > 0
      ? new RequestThreads(
          {
            database: options.requestThreads.database,
            readUrls: options.requestThreads.readUrls ?? [],
            site,
            followSite: options.site === undefined,
            softwareName: services.softwareName,
            hostName: services.hostName,
            workBudget: options.workBudget,
          },
          threadCount,
        )
      : undefined;
  if (threads) app.addHook('onClose', () => threads.close());
  const answerApi = apiAnswerer(services, threads);
  await app.register(formbody, { parser: parseFormBody });
  const thumbnails = options.thumbnails
    ? new ThumbnailCache(options.thumbnails.directory, options.thumbnails.maxBytes)
    : undefined;
  await registerUploadRoutes(app, site, thumbnails);
  // File parts are accepted and ignored: no action of this server takes uploads.
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 8 * 1024 * 1024, files: 20 } });
  // PHP reads form bodies only: any other body (JSON, text) is left unread, so never refused.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await answerApi(fastifyApiRequest(request, services), request.headers['accept-encoding']);
    const parts = response.parts;
    reply.code(response.status).headers(response.headers);
    if (response.cookies && response.cookies.length > 0) reply.header('set-cookie', [...response.cookies]);
    return reply.send(parts.length === 1 ? parts[0] : Buffer.concat(parts));
  };
  const paths = site.scriptPath === '' ? ['/api.php', '/w/api.php'] : [`${site.scriptPath}/api.php`, '/api.php'];
  const apiPaths = new Set(paths);
  // A body that cannot be read (a broken multipart body, one over the size limit) is left out, as
  // PHP leaves it out for MediaWiki: the request is answered from its query string. The handler
  // itself turns every failure into an API error, so what reaches this is the body's.
  app.setErrorHandler(async (error, request, reply) => {
    const url = request.raw.url ?? '';
    const path = url.includes('?') ? url.slice(0, url.indexOf('?')) : url;
    if (!apiPaths.has(path) || reply.sent) throw error;
    request.body = undefined;
    return handler(request, reply);
  });
  // Request logging is Fastify's: with it on, every request goes through Fastify.
  if (options.logLevel !== 'debug' && options.logLevel !== 'trace')
    fastPath = apiFastPath(new Set(paths), answerApi, services);
  for (const path of [...new Set(paths)]) {
    // OPTIONS is answered once CORS is checked; methods other than GET, HEAD and POST get
    // MediaWiki's `invalidmethod` error, in the format asked for.
    app.route({ method: [...app.supportedMethods], url: path, handler });
  }
  registerIndexPhp(app, services, site.scriptPath);
  return app;
}

/** `index.php` (and `index.php/Title`): the raw action (index-php.ts). */
function registerIndexPhp(app: FastifyInstance, services: ApiServices, scriptPath: string): void {
  const script = `${scriptPath}/index.php`;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = request.raw.url ?? '';
    const path = url.includes('?') ? url.slice(0, url.indexOf('?')) : url;
    let pathTitle: string | undefined;
    if (path.startsWith(`${script}/`)) {
      try {
        pathTitle = decodeURIComponent(path.slice(script.length + 1));
      } catch {
        pathTitle = path.slice(script.length + 1);
      }
    }
    const ifModifiedSince = request.headers['if-modified-since'];
    const answer = await answerIndexPhp(
      services,
      fastifyApiRequest(request, services),
      pathTitle,
      typeof ifModifiedSince === 'string' ? ifModifiedSince : undefined,
    );
    reply.code(answer.status).headers(answer.headers);
    return reply.send(answer.body);
  };
  app.route({ method: ['GET', 'HEAD', 'POST'], url: script, handler });
  app.route({ method: ['GET', 'HEAD', 'POST'], url: `${script}/*`, handler });
}
