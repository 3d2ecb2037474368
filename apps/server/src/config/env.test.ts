import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';
import { generateVapidKeys, resolveSecrets } from './secrets.js';

const strong = () => randomBytes(48).toString('base64url');

describe('loadEnv', () => {
  it('refuses NODE_ENV=production without JWT_SECRET and JWT_REFRESH_SECRET, naming both', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: is required when NODE_ENV=production[\s\S]*JWT_REFRESH_SECRET: is required/,
    );
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: strong() })).toThrow(/JWT_REFRESH_SECRET: is required/);
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_REFRESH_SECRET: strong() })).toThrow(/JWT_SECRET: is required/);
    // An empty variable counts as missing.
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: '', JWT_REFRESH_SECRET: strong() })).toThrow(/JWT_SECRET: is required/);
  });

  it('accepts production with two different secrets of 48 random bytes', () => {
    const env = loadEnv({ NODE_ENV: 'production', JWT_SECRET: strong(), JWT_REFRESH_SECRET: strong() });
    expect(env.NODE_ENV).toBe('production');
    expect(env.JWT_SECRET).toHaveLength(64);
    const hex = loadEnv({
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(48).toString('hex'),
      JWT_REFRESH_SECRET: randomBytes(48).toString('base64'),
    });
    expect(hex.JWT_SECRET).toHaveLength(96);
  });

  it.each([
    ['mysecret'],
    ['changeme'],
    ['secret'],
    ['a'.repeat(64)],
    ['01'.repeat(32)],
    ['mysecret'.repeat(4)],
    ['changeme'.repeat(5)],
    [randomBytes(16).toString('base64url')], // 22 characters: too short however random
  ])('refuses the weak or known-default secret %j, in any environment', (weak) => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      expect(() => loadEnv({ NODE_ENV, JWT_SECRET: weak, JWT_REFRESH_SECRET: strong() }), NODE_ENV).toThrow(
        /JWT_SECRET: must be at least 32 random bytes/,
      );
      expect(() => loadEnv({ NODE_ENV, JWT_SECRET: strong(), JWT_REFRESH_SECRET: weak }), NODE_ENV).toThrow(
        /JWT_REFRESH_SECRET: must be at least 32 random bytes/,
      );
    }
  });

  it('refuses the same value for both secrets', () => {
    const secret = strong();
    expect(() => loadEnv({ NODE_ENV: 'production', JWT_SECRET: secret, JWT_REFRESH_SECRET: secret })).toThrow(
      /JWT_REFRESH_SECRET: must differ from JWT_SECRET/,
    );
  });

  it('outside production, secrets may be left out (they are generated, see resolveSecrets)', () => {
    const env = loadEnv({ NODE_ENV: 'development' });
    expect(env.JWT_SECRET).toBeUndefined();
    expect(env.PORT).toBe(8080);
    expect(env.ACCESS_TOKEN_TTL_SECONDS).toBe(900);
  });

  it('normalises ADMIN_EMAIL and validates numbers', () => {
    expect(loadEnv({ ADMIN_EMAIL: '  Admin@Example.TEST ' }).ADMIN_EMAIL).toBe('admin@example.test');
    expect(() => loadEnv({ ADMIN_EMAIL: 'not-an-email' })).toThrow(/ADMIN_EMAIL/);
    expect(() => loadEnv({ ACCESS_TOKEN_TTL_SECONDS: '5' })).toThrow(/ACCESS_TOKEN_TTL_SECONDS/);
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('resolveSecrets', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'conversa-secrets-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('generates strong secrets once, keeps them in DATA_DIR/secrets.json (0600), and reuses them', () => {
    const DATA_DIR = join(tempDir(), 'nested', 'data');
    const first = resolveSecrets(loadEnv({ NODE_ENV: 'development', DATA_DIR }));
    expect(first.jwtSecret).not.toBe(first.jwtRefreshSecret);
    // The generated secrets pass the production check themselves.
    expect(() =>
      loadEnv({ NODE_ENV: 'production', JWT_SECRET: first.jwtSecret, JWT_REFRESH_SECRET: first.jwtRefreshSecret }),
    ).not.toThrow();

    const file = join(DATA_DIR, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      jwtSecret: first.jwtSecret,
      jwtRefreshSecret: first.jwtRefreshSecret,
      // Web push's VAPID key pair (issue 15): a P-256 public point (65 bytes) and private scalar (32).
      vapidPublicKey: first.vapid.publicKey,
      vapidPrivateKey: first.vapid.privateKey,
    });
    expect(Buffer.from(first.vapid.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.vapid.privateKey, 'base64url')).toHaveLength(32);
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: first.vapid.publicKey, VAPID_PRIVATE_KEY: first.vapid.privateKey })).not.toThrow();
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = resolveSecrets(loadEnv({ NODE_ENV: 'development', DATA_DIR }));
    expect(second).toEqual(first);

    // Another data folder: other secrets.
    const elsewhere = resolveSecrets(loadEnv({ NODE_ENV: 'development', DATA_DIR: tempDir() }));
    expect(elsewhere.jwtSecret).not.toBe(first.jwtSecret);
  });

  it('uses the secrets of the environment and writes nothing when both are given', () => {
    const DATA_DIR = tempDir();
    const vapid = generateVapidKeys();
    const env = loadEnv({
      NODE_ENV: 'production',
      DATA_DIR,
      JWT_SECRET: strong(),
      JWT_REFRESH_SECRET: strong(),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
    });
    expect(resolveSecrets(env)).toMatchObject({
      jwtSecret: env.JWT_SECRET,
      jwtRefreshSecret: env.JWT_REFRESH_SECRET,
      vapid: { ...vapid, subject: expect.stringMatching(/^mailto:/) },
    });
    expect(existsSync(join(DATA_DIR, 'secrets.json'))).toBe(false);
  });

  it('an environment secret wins over a stored one; the missing one is taken from the file', () => {
    const DATA_DIR = tempDir();
    const stored = resolveSecrets(loadEnv({ NODE_ENV: 'development', DATA_DIR }));
    const JWT_SECRET = strong();
    const mixed = resolveSecrets(loadEnv({ NODE_ENV: 'development', DATA_DIR, JWT_SECRET }));
    expect(mixed).toMatchObject({ jwtSecret: JWT_SECRET, jwtRefreshSecret: stored.jwtRefreshSecret });
  });

  it('keys provider secrets with SECRETS_KEY, or else with a key derived from the refresh secret (32 bytes, the same on every start)', () => {
    const DATA_DIR = tempDir();
    const derived = resolveSecrets(loadEnv({ NODE_ENV: 'development', DATA_DIR }));
    expect(derived.secretsKey).toHaveLength(32);
    expect(resolveSecrets(loadEnv({ NODE_ENV: 'development', DATA_DIR })).secretsKey.equals(derived.secretsKey)).toBe(true);
    const own = resolveSecrets(loadEnv({ NODE_ENV: 'development', DATA_DIR, SECRETS_KEY: strong() }));
    expect(own.secretsKey).toHaveLength(32);
    expect(own.secretsKey.equals(derived.secretsKey)).toBe(false);
  });
});
