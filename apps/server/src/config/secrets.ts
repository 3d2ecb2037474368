import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deriveSecretsKey } from '../platform/crypto/secret-box.js';
import type { Env } from './env.js';

export interface Secrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
  /** Encrypts provider secrets at rest (platform/crypto/secret-box.ts): from SECRETS_KEY, else derived from the refresh secret. */
  secretsKey: Buffer;
}

/**
 * Secrets from the environment; outside production, missing ones are generated
 * once and kept in DATA_DIR/secrets.json (mode 0600) so sessions survive restarts.
 */
export function resolveSecrets(env: Env): Secrets {
  const jwt = resolveJwtSecrets(env);
  return { ...jwt, secretsKey: deriveSecretsKey(env.SECRETS_KEY ?? jwt.jwtRefreshSecret) };
}

function resolveJwtSecrets(env: Env): Omit<Secrets, 'secretsKey'> {
  if (env.JWT_SECRET && env.JWT_REFRESH_SECRET) return { jwtSecret: env.JWT_SECRET, jwtRefreshSecret: env.JWT_REFRESH_SECRET };
  const file = join(env.DATA_DIR, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Omit<Secrets, 'secretsKey'> = {
    jwtSecret: env.JWT_SECRET ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    jwtRefreshSecret: env.JWT_REFRESH_SECRET ?? stored.jwtRefreshSecret ?? randomBytes(48).toString('base64url'),
  };
  if (secrets.jwtSecret !== stored.jwtSecret || secrets.jwtRefreshSecret !== stored.jwtRefreshSecret) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}
