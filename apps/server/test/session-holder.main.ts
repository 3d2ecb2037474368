/**
 * A server node for test/session-crash.test.ts, run as its own process (so that the test can
 * SIGKILL it): the job workers and the session host of main.ts on the test's PostgreSQL database,
 * with the test phone in place of WhatsApp. Prints `holding <channelId>` once it holds the session.
 */
import pino from 'pino';
import { createContext } from '../src/context.js';
import { registerSessionDriver, startSessionHost } from '../src/modules/channels/sessions/session-host.js';
import { openDatabase } from '../src/platform/db/client.js';
import { testEnv } from './env.js';
import { phoneDriver } from './phone-driver.js';

const { DATABASE_URL, PHONE_URL, CHANNEL_ID } = process.env;
if (!DATABASE_URL || !PHONE_URL || !CHANNEL_ID) throw new Error('DATABASE_URL, PHONE_URL and CHANNEL_ID are needed');

const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL, poolSize: 5 });
const ctx = createContext(
  testEnv({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }),
  database,
  pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  {
    pollingIntervalSeconds: 0.5,
  },
);
registerSessionDriver(phoneDriver(PHONE_URL));
await ctx.jobs.start(ctx, { workers: true });
const host = await startSessionHost(ctx);
const channelId = Number(CHANNEL_ID);
const timer = setInterval(() => {
  if (!host.holds(channelId)) return;
  clearInterval(timer);
  process.stdout.write(`holding ${channelId}\n`);
}, 50);
