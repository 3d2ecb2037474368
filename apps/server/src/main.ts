import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ensureFirstStart } from './bootstrap/first-start.js';
import { sealStoredChannelSecrets } from './bootstrap/seal-channel-secrets.js';
import { sealStoredPaymentTokens } from './modules/tenants/use-cases/seal-stored-payment-tokens.js';
import { loadEnv } from './config/env.js';
import { createContext } from './context.js';
import { startSessionHost, stopSessionHost } from './modules/channels/sessions/session-host.js';
import { markCallbacksReceivable } from './modules/messages/callback-intake.js';
import { openDatabase } from './platform/db/client.js';
import { closeToOthers, secureDataDir } from './platform/files/data-dir.js';
import { createLogger } from './platform/observability/logger.js';

/** Starts every role (API, realtime, worker) in one process. */
async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL);
  // Everything the server writes (database files, media, sessions, temporary files) is its user's alone.
  process.umask(0o077);
  secureDataDir(resolve(env.DATA_DIR));
  const pgdata = join(resolve(env.DATA_DIR), 'pgdata');
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, jobPoolSize: env.DATABASE_JOB_POOL_SIZE }
      : { kind: 'pglite', dataDir: pgdata },
  );
  if (!env.DATABASE_URL) closeToOthers(pgdata);
  logger.info({ database: database.kind }, 'database opened; applying migrations');
  await database.migrate();

  const ctx = createContext(env, database, logger);
  await sealStoredChannelSecrets(ctx);
  await sealStoredPaymentTokens(ctx);
  await ctx.jobs.start(ctx, { workers: true });
  // Relays what a previous life of this process (or a dead node) committed and did not relay.
  ctx.events.start();
  // The first start's password box is printed last, below the start-up lines, where it stays in sight.
  const firstStartNotes: string[] = [];
  await ensureFirstStart(ctx, (note) => firstStartNotes.push(note));

  const webDist = env.WEB_DIST ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const app = await buildApp(ctx, { webDist });
  // QR-code channel sessions: lease renewal and the sweep that takes over sessions of dead processes.
  await startSessionHost(ctx);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: no new requests, finishing in-flight requests and jobs');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      await app.close();
      await stopSessionHost(ctx);
      await ctx.events.stop();
      await ctx.jobs.stop();
      await database.close();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  markCallbacksReceivable();
  logger.info(`Conversa is listening on http://localhost:${env.PORT} (API docs at /docs)`);
  for (const note of firstStartNotes) console.log(note);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
