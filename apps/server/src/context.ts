import type { Logger } from 'pino';
import type { AppContext } from './app-context.js';
import type { Env } from './config/env.js';
import { resolveSecrets } from './config/secrets.js';
import type { Database } from './platform/db/client.js';
import { EventLog, type EventLogOptions } from './platform/events/event-log.js';
import { allModules } from './modules.js';
import type { ModuleRegistration } from './platform/module.js';
import { Jobs } from './platform/jobs/jobs.js';
import { createMailer } from './platform/mail/mailer.js';
import { createMediaStore } from './platform/media/create-media-store.js';
import { createOutboundHttp } from './platform/http/outbound-http.js';
import { createOutboundPolicy } from './platform/http/outbound-policy.js';
import { createSecretBox } from './platform/crypto/secret-box.js';
import { createHmac } from 'node:crypto';
import { createClock } from './platform/clock.js';

export interface ContextOptions {
  pollingIntervalSeconds?: number;
  events?: EventLogOptions;
  /** Tests: modules beside the product's (extra jobs or consumers). */
  extraModules?: readonly ModuleRegistration[];
  /** Tests: cron jobs never scheduled here, whose rounds a test runs at the instants it chooses. */
  unscheduled?: readonly string[];
}

export function createContext(env: Env, database: Database, logger: Logger, options: ContextOptions = {}): AppContext {
  const modules = [...allModules, ...(options.extraModules ?? [])];
  const secrets = resolveSecrets(env);
  const outbound = createOutboundPolicy({ allowPrivateNetworks: env.OUTBOUND_ALLOW_PRIVATE_NETWORKS || env.DEMO_SIMULATORS });
  const ctx: AppContext = {
    env,
    secrets,
    database,
    db: database.db,
    jobs: new Jobs(
      database.raw,
      logger,
      {
        pollingIntervalSeconds: options.pollingIntervalSeconds,
        unscheduled: options.unscheduled,
        leaseSeconds: env.JOB_LEASE_SECONDS,
      },
      modules.flatMap((module) => module.jobs ?? []).filter((job) => job.database === undefined || job.database === database.kind),
    ),
    mailer: createMailer(env, logger),
    media: createMediaStore(env, database, logger, createHmac('sha256', secrets.jwtRefreshSecret).update('media-urls').digest('base64url')),
    logger,
    events: new EventLog(logger, options.events),
    realtime: null,
    secretBox: createSecretBox(secrets.secretsKey),
    outbound,
    http: createOutboundHttp({ policy: outbound }),
    appUrl: env.APP_URL ?? `http://localhost:${env.PORT}`,
    clock: createClock(),
  };
  ctx.events.bind(ctx);
  for (const module of modules) for (const consumer of module.consumers ?? []) ctx.events.register(consumer);
  return ctx;
}
