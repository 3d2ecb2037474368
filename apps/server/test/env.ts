import { randomBytes } from 'node:crypto';
import { loadEnv, type Env } from '../src/config/env.js';
import { generateVapidKeys } from '../src/config/secrets.js';

export const ROOT_EMAIL = 'root@conversa.test';
export const ROOT_PASSWORD = 'Root-pass-1!';

/** A valid test environment with fresh random secrets; nothing is written to disk. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  const vapid = generateVapidKeys();
  return loadEnv({
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    NODE_ENV: 'test',
    DATA_DIR: '.test-tmp',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    JWT_REFRESH_SECRET: randomBytes(48).toString('base64url'),
    ADMIN_EMAIL: ROOT_EMAIL,
    ADMIN_PASSWORD: ROOT_PASSWORD,
    ...overrides,
  });
}
