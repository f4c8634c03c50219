import type { FastifyInstance, HTTPMethods } from 'fastify';

export interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route the app registers, seen through Fastify's `onRoute` hook, so that an address known
 * under another method answers 405 with `Allow` (not 404), and tests can walk every route,
 * including ones added later.
 */
const tables = new WeakMap<FastifyInstance, RouteTable>();

/** The route table of an app built by `buildApp`. */
export function routeTableOf(app: FastifyInstance): RouteTable | undefined {
  return tables.get(app);
}

export class RouteTable {
  readonly routes: RouteEntry[] = [];
  private readonly methods = new Set<string>();

  constructor(private readonly app: FastifyInstance) {
    tables.set(app, this);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        this.methods.add(method);
        this.routes.push({ method, url: route.url });
      }
    });
  }

  /** The methods some route answers at `path` (a request path, without the query), in a stable order. */
  allowedMethods(path: string): string[] {
    const allowed: string[] = [];
    for (const method of [...this.methods].sort()) {
      if (this.app.findRoute({ method: method as HTTPMethods, url: path })) allowed.push(method);
    }
    return allowed;
  }
}
