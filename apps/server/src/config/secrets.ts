import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deriveSecretsKey } from '../platform/crypto/secret-box.js';
import type { Env } from './env.js';

export interface Secrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
  /** Encrypts provider secrets at rest (platform/crypto/secret-box.ts): from SECRETS_KEY, else derived from the refresh secret. */
  secretsKey: Buffer;
  /** Web push (VAPID, RFC 8292): the application server's key pair (base64url) and contact. */
  vapid: VapidKeys;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

interface StoredSecrets {
  jwtSecret?: string;
  jwtRefreshSecret?: string;
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
}

/**
 * Secrets from the environment; outside production, missing ones are generated
 * once and kept in DATA_DIR/secrets.json (mode 0600) so sessions survive restarts.
 */
export function resolveSecrets(env: Env): Secrets {
  const jwt = resolveJwtSecrets(env);
  return { ...jwt, secretsKey: deriveSecretsKey(env.SECRETS_KEY ?? jwt.jwtRefreshSecret), vapid: resolveVapidKeys(env) };
}

function secretsFile(env: Env): string {
  return join(env.DATA_DIR, 'secrets.json');
}

function readStored(file: string): StoredSecrets {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets) : {};
}

/** Writes the secrets file (0600), keeping what else it holds. */
function writeStored(env: Env, values: StoredSecrets): void {
  const file = secretsFile(env);
  mkdirSync(env.DATA_DIR, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...readStored(file), ...values }, null, 2), { mode: 0o600 });
}

/**
 * The VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else generated at the first start
 * and kept in DATA_DIR/secrets.json (a new pair would orphan every browser's subscription). Several
 * nodes must share one pair: set the variables (or share the file).
 */
export function resolveVapidKeys(env: Env): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? (env.ADMIN_EMAIL ? `mailto:${env.ADMIN_EMAIL}` : `mailto:admin@${appHost(env)}`);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  const stored = readStored(secretsFile(env));
  if (stored.vapidPublicKey && stored.vapidPrivateKey)
    return { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey, subject };
  const generated = generateVapidKeys();
  writeStored(env, { vapidPublicKey: generated.publicKey, vapidPrivateKey: generated.privateKey });
  return { ...generated, subject };
}

/** A P-256 key pair as Web Push uses it: the uncompressed public point and the private scalar, base64url. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

function appHost(env: Env): string {
  try {
    const host = new URL(env.APP_URL ?? 'http://conversa.local').hostname;
    return host.includes('.') ? host : 'conversa.local';
  } catch {
    return 'conversa.local';
  }
}

function resolveJwtSecrets(env: Env): Omit<Secrets, 'secretsKey' | 'vapid'> {
  if (env.JWT_SECRET && env.JWT_REFRESH_SECRET) return { jwtSecret: env.JWT_SECRET, jwtRefreshSecret: env.JWT_REFRESH_SECRET };
  const stored = readStored(secretsFile(env));
  const secrets: Omit<Secrets, 'secretsKey' | 'vapid'> = {
    jwtSecret: env.JWT_SECRET ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    jwtRefreshSecret: env.JWT_REFRESH_SECRET ?? stored.jwtRefreshSecret ?? randomBytes(48).toString('base64url'),
  };
  if (secrets.jwtSecret !== stored.jwtSecret || secrets.jwtRefreshSecret !== stored.jwtRefreshSecret) writeStored(env, secrets);
  return secrets;
}
