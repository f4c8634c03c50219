import { ConfigError, envOptionalString } from '@svc/common';
import type { InvoicingConfig } from '../../config.js';
import { loadServerSecret } from '../../service/server-secret.js';
import type { WebOptions } from './register-web-pages.js';
import { parseFrameAncestors } from './security-headers.js';

/**
 * The pages' settings: the server secret (shared with the API keys, so every instance on one
 * database accepts the others' form tokens) and `INVOICING_FRAME_ANCESTORS`, the origins allowed
 * to embed the pages in a frame (space- or comma-separated; none when unset).
 */
export function loadWebOptions(
  config: InvoicingConfig,
  env: Record<string, string | undefined> = process.env,
): WebOptions {
  let frameAncestors: string[];
  try {
    frameAncestors = parseFrameAncestors(envOptionalString(env, 'INVOICING_FRAME_ANCESTORS'));
  } catch (error) {
    throw new ConfigError('INVOICING_FRAME_ANCESTORS', (error as Error).message);
  }
  return { secret: loadServerSecret(config.secret, config.dataDir), frameAncestors };
}
