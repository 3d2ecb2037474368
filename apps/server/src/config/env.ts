import { z } from 'zod';

/** Secrets copied from tutorials and peer products; refused even when long enough. */
const KNOWN_DEFAULT_SECRETS = new Set(
  [
    'secret',
    'mysecret',
    'changeme',
    'change-me',
    'jwtsecret',
    'jwt_secret',
    'supersecret',
    'default',
    'password',
    'conversa',
    'whaticket',
    'izing',
  ].map((s) => s.toLowerCase()),
);

function isWeakSecret(value: string): boolean {
  const lower = value.toLowerCase();
  if (value.length < 32) return true;
  // A known word repeated to reach the length ('changeme123changeme123…') is still a known default.
  if ([...KNOWN_DEFAULT_SECRETS].some((known) => lower.includes(known) && lower.replaceAll(known, '').replace(/[^a-z]/g, '').length < 16))
    return true;
  return new Set(value).size < 10; // 'aaaa…' or '0101…'
}

const secret = z
  .string()
  .optional()
  .refine((v) => v === undefined || !isWeakSecret(v), {
    message: 'must be at least 32 random bytes and not a known default (generate one with: openssl rand -base64 48)',
  });

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    // 20: a transaction waits on this process between its statements, and under load 10 connections
    // left PostgreSQL idle while requests queued for one (bench/README.md, 5 December 2026).
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    // Job handlers' own connections (inBackground, platform/db/client.ts): 5 kept the external API's p99
    // while its sends drained in batches of a hundred (bench/README.md, 5 December 2026, "Background work").
    DATABASE_JOB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
    REDIS_URL: z.string().url().optional(),
    JWT_SECRET: secret,
    JWT_REFRESH_SECRET: secret,
    /** Encrypts provider secrets (tokens, app secrets, API keys) in the database; default: derived from JWT_REFRESH_SECRET. */
    SECRETS_KEY: secret,
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86400).default(900),
    REFRESH_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(60 * 60 * 24 * 14),
    ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).optional(),
    ADMIN_PASSWORD: z.string().optional(),
    ADMIN_NAME: z.string().default('Administrador'),
    MAIN_TENANT_NAME: z.string().default('Conversa'),
    APP_URL: z.string().url().optional(),
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
    SMTP_SECURE: bool,
    SMTP_USER: z.string().optional(),
    SMTP_PASS: z.string().optional(),
    SMTP_FROM: z.string().default('Conversa <no-reply@localhost>'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: bool,
    METRICS_TOKEN: z.string().min(16).optional(),
    WEB_DIST: z.string().optional(),
    /**
     * How long a send left unconfirmed (claimed, then interrupted before the provider answered) waits
     * for a status callback that names it, on channels whose provider sends one for every message it
     * accepts (WABA), before it is known never to have arrived and is sent again (reconcile-unconfirmed-send.ts).
     */
    SEND_RECONCILE_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 86400)
      .default(900),
    /**
     * A running job's lease (JOB_LEASE_SECONDS in platform/jobs/jobs.ts): how long the jobs of a node
     * that died (SIGKILL, OOM, power) wait before any node takes them again; a live node renews its
     * leases every third of it. Shorter takes a dead node's work over sooner, but a node whose event
     * loop stalls longer than the lease may see its job run again elsewhere. The same on every node
     * (each brings the queues' lease in line with its own at start).
     */
    JOB_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(15),
    /** Let channel adapters reach private/loopback addresses (local simulators, gateways on a LAN). */
    OUTBOUND_ALLOW_PRIVATE_NETWORKS: bool,
    /** Run the Meta Cloud API simulator in-process with a demo channel in tenant 1 and the /demo/whatsapp page (implies private outbound). */
    DEMO_SIMULATORS: bool,
    /** The browser whatsapp-web.js drives for `whatsapp` channels (Debian's Chromium); puppeteer never downloads one. */
    CHROMIUM_PATH: z.string().optional(),
    /** External API (`/v1/api/external/…`): calls allowed per token per minute, in bursts up to this many (token bucket, per server process). */
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(6000),
    /** How many days the external API's call log keeps its rows (a daily job deletes older ones). */
    API_CALL_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Outgoing webhooks: the delay after a delivery's first failed attempt, doubled after each (at most 1 h between attempts). */
    WEBHOOK_RETRY_FIRST_SECONDS: z.coerce.number().min(0.05).max(3600).default(10),
    /** Outgoing webhooks: how long after an event (or its resend) failed attempts are retried before the delivery is marked failed. */
    WEBHOOK_RETRY_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 86400)
      .default(86400),
    /** Outgoing webhooks: the whole request of one attempt (connect, send, answer); past it the attempt failed. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Outgoing webhooks: days the delivery log keeps delivered and failed deliveries (a daily job deletes older ones). */
    /** The voice-call provider's (Wavoip) device signalling server; each instance token is a Socket.IO path on it. */
    WAVOIP_BASE_URL: z.string().url().default('https://devices.wavoip.com'),
    WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Web push: the VAPID key pair (base64url P-256, as `npx web-push generate-vapid-keys` prints); default: generated once into DATA_DIR/secrets.json. The same on every node. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (65 bytes)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (32 bytes)')
      .optional(),
    /** Web push: the contact push services may use (mailto: or https:); default mailto:ADMIN_EMAIL, else a mailto: of APP_URL's host. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
      .optional(),
    /**
     * End-to-end tests only: `POST /test-clock/advance` (platform superadmin) moves the server's
     * clock forward (trials, due dates) and runs the billing round at once. Refused in production.
     */
    TEST_CLOCK: bool,
    /**
     * S3-compatible media storage (AWS S3, MinIO, Wasabi, Cloudflare R2…): an option of the media
     * store, used once a media migration (/atualizar) moves the files there. All five go together.
     */
    MEDIA_S3_ENDPOINT: z.string().url().optional(),
    MEDIA_S3_REGION: z.string().min(1).optional(),
    MEDIA_S3_BUCKET: z.string().min(3).max(63).optional(),
    MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Path-style addresses (`endpoint/bucket/key`, MinIO and most self-hosted stores) instead of virtual-hosted (`bucket.endpoint/key`). */
    MEDIA_S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0', 'yes', 'no'])
      .default('true')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production') {
      for (const key of ['JWT_SECRET', 'JWT_REFRESH_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when NODE_ENV=production' });
      }
      if (env.TEST_CLOCK)
        ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: 'is for tests only: not allowed when NODE_ENV=production' });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
      });
    }
    const s3 = ['MEDIA_S3_ENDPOINT', 'MEDIA_S3_REGION', 'MEDIA_S3_BUCKET', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'] as const;
    if (s3.some((key) => env[key]) && !s3.every((key) => env[key])) {
      for (const key of s3.filter((k) => !env[k]))
        ctx.addIssue({ code: 'custom', path: [key], message: 'the MEDIA_S3_* settings go together' });
    }
    if (env.JWT_SECRET && env.JWT_SECRET === env.JWT_REFRESH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_REFRESH_SECRET'], message: 'must differ from JWT_SECRET' });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Validates the environment; throws one readable error listing every problem. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
