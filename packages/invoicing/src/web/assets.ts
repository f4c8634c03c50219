import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

const contentTypes: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
};

export const assetNames = ['style.css', 'copy.js', 'checkout.js', 'icon.svg'] as const;
export type AssetName = (typeof assetNames)[number];

interface Asset {
  body: Buffer;
  type: string;
  version: string;
}

/** The folder beside this module; a compiled build falls back to the sources' copy. */
function assetDirectory(): string {
  const beside = fileURLToPath(new URL('./assets/', import.meta.url));
  if (existsSync(beside)) return beside;
  return fileURLToPath(new URL('../../src/web/assets/', import.meta.url));
}

function loadAssets(): Map<AssetName, Asset> {
  const dir = assetDirectory();
  const assets = new Map<AssetName, Asset>();
  for (const name of assetNames) {
    const body = readFileSync(dir + name);
    const ext = name.slice(name.lastIndexOf('.') + 1);
    const version = createHash('sha256').update(body).digest('hex').slice(0, 12);
    assets.set(name, { body, type: contentTypes[ext]!, version });
  }
  return assets;
}

let loaded: Map<AssetName, Asset> | undefined;
function assets(): Map<AssetName, Asset> {
  loaded ??= loadAssets();
  return loaded;
}

/** The address of an asset, with its content hash so a new release is never served stale. */
export function assetUrl(name: AssetName): string {
  return `/assets/${name}?v=${assets().get(name)!.version}`;
}

/** `GET /assets/:name`: our own style sheet and scripts; cached for a year when the hash matches. */
export function registerAssetRoutes(app: FastifyInstance) {
  app.get<{ Params: { name: string }; Querystring: { v?: string } }>('/assets/:name', async (request, reply) => {
    const asset = assets().get(request.params.name as AssetName);
    if (!asset) return reply.callNotFound();
    const etag = `"${asset.version}"`;
    reply.header('content-type', asset.type);
    reply.header('etag', etag);
    reply.header(
      'cache-control',
      request.query.v === asset.version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
    );
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(asset.body);
  });
}
