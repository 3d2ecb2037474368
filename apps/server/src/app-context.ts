import type { Logger } from 'pino';
import type { Env } from './config/env.js';
import type { Secrets } from './config/secrets.js';
import type { Database, Db } from './platform/db/client.js';
import type { Jobs } from './platform/jobs/jobs.js';
import type { Mailer } from './platform/mail/mailer.js';

/** What use cases and routes may use; built once in main.ts (or by the test harness). */
export interface AppContext {
  env: Env;
  secrets: Secrets;
  database: Database;
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  logger: Logger;
  /** Public base URL for links sent by e-mail. */
  appUrl: string;
}
