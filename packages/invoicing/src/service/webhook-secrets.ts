import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Webhook signing secrets. The service must sign with them, so they cannot be hashed like API
 * keys; they are stored sealed with AES-256-GCM under a key derived from the server secret, so a
 * copy of the database alone does not reveal them.
 */
const SECRET_PREFIX = 'whsec_';
const SEALED_VERSION = 'v1';

/** A new secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function sealingKey(serverSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), 'invoicing webhook secrets v1', 32));
}

export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: Buffer) {
    this.key = sealingKey(serverSecret);
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${SEALED_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  /** The secret back; throws when it was sealed under another server secret or altered. */
  open(sealed: string): string {
    const [version, body] = sealed.split('.');
    if (version !== SEALED_VERSION || !body) throw new Error('unknown sealed secret format');
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}
