import type { Logger } from 'pino';
import type { AppContext } from './app-context.js';
import type { Env } from './config/env.js';
import { resolveSecrets } from './config/secrets.js';
import type { Database } from './platform/db/client.js';
import { Jobs } from './platform/jobs/jobs.js';
import { createMailer } from './platform/mail/mailer.js';

export function createContext(env: Env, database: Database, logger: Logger, options: { pollingIntervalSeconds?: number } = {}): AppContext {
  return {
    env,
    secrets: resolveSecrets(env),
    database,
    db: database.db,
    jobs: new Jobs(database.raw, logger, options),
    mailer: createMailer(env, logger),
    logger,
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
  };
}
