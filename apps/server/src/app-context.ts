import type { Logger } from 'pino';
import type { Env } from './config/env.js';
import type { Secrets } from './config/secrets.js';
import type { Database, Db } from './platform/db/client.js';
import type { EventLog } from './platform/events/event-log.js';
import type { Jobs } from './platform/jobs/jobs.js';
import type { Mailer } from './platform/mail/mailer.js';
import type { MediaStore } from './platform/media/media-store.js';
import type { Realtime } from './platform/realtime/realtime.js';
import type { OutboundFetch } from './platform/http/outbound-http.js';
import type { OutboundPolicy } from './platform/http/outbound-policy.js';
import type { SecretBox } from './platform/crypto/secret-box.js';
import type { Clock } from './platform/clock.js';

/** What use cases and routes may use; built once in main.ts (or by the test harness). */
export interface AppContext {
  env: Env;
  secrets: Secrets;
  database: Database;
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  media: MediaStore;
  /** Encrypts provider secrets at rest (channel settings' tokens, keys, passwords). */
  secretBox: SecretBox;
  /** The address policy for every URL a tenant can set (checked when saved and when connecting). */
  outbound: OutboundPolicy;
  /** SSRF-safe HTTP client for provider APIs (under `outbound`). */
  http: OutboundFetch;
  logger: Logger;
  /** The durable domain-event log: events recorded with their change, relayed after commit to live listeners and durable consumers. */
  events: EventLog;
  /** Socket.IO, once the HTTP server exists (buildApp). */
  realtime: Realtime | null;
  /** Public base URL for links sent by e-mail. */
  appUrl: string;
  /** The time the product's rules read (trials, due dates); tests move it forward. */
  clock: Clock;
}
