import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Values kept encrypted at rest (provider tokens, app secrets, API keys, proxy passwords): AES-256-GCM
 * with a random 96-bit IV, the label (e.g. the setting's name) as associated data so a value cannot
 * be moved to another field, and a versioned text format `enc:v1:<base64url(iv | tag | ciphertext)>`
 * so the algorithm or key can change later without guessing what a stored value is.
 */
export interface SecretBox {
  seal(plaintext: string, label: string): string;
  /** The plaintext of a sealed value; a value that is not sealed (written before encryption) is returned as is. */
  open(value: string, label: string): string;
  isSealed(value: unknown): value is string;
}

const PREFIX = 'enc:v1:';

export class SecretUnreadableError extends Error {
  constructor(label: string) {
    super(`The stored secret '${label}' cannot be decrypted (was SECRETS_KEY or JWT_REFRESH_SECRET changed?).`);
    this.name = 'SecretUnreadableError';
  }
}

/** The 256-bit key from SECRETS_KEY, else from the JWT refresh secret (each node of a cluster shares it). */
export function deriveSecretsKey(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'conversa', 'settings-secrets v1', 32));
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes.');
  const isSealed = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX);
  return {
    isSealed,
    seal(plaintext, label) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(label, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(value, label) {
      if (!isSealed(value)) return value;
      const raw = Buffer.from(value.slice(PREFIX.length), 'base64url');
      if (raw.length < 28) throw new SecretUnreadableError(label);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAAD(Buffer.from(label, 'utf8'));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadableError(label);
      }
    },
  };
}
