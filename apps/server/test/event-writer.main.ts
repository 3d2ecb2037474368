/**
 * A server node for src/platform/events/event-log-crash.test.ts, run as its own process: it takes a
 * customer's first message through the real inbound use case and dies by SIGKILL at the moment its
 * transaction has committed and the relay would start — the crash the event log must survive.
 */
import pino from 'pino';
import { createContext } from '../src/context.js';
import { ingestInbound } from '../src/modules/messages/use-cases/ingest-inbound.js';
import { openDatabase } from '../src/platform/db/client.js';
import { testEnv } from './env.js';

const { DATABASE_URL, TENANT_ID, CHANNEL_ID, EXTERNAL_ID } = process.env;
if (!DATABASE_URL || !TENANT_ID || !CHANNEL_ID || !EXTERNAL_ID)
  throw new Error('DATABASE_URL, TENANT_ID, CHANNEL_ID and EXTERNAL_ID are needed');

const database = await openDatabase({ kind: 'postgres', url: DATABASE_URL, poolSize: 2 });
const ctx = createContext(testEnv(), database, pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }));
// After the commit, before anyone hears of it.
ctx.events.relay = () => {
  process.stdout.write('committed\n');
  process.kill(process.pid, 'SIGKILL');
};
await ingestInbound(ctx, {
  tenantId: Number(TENANT_ID),
  channelId: Number(CHANNEL_ID),
  externalId: EXTERNAL_ID,
  contact: { key: { externalKey: `webchat:${EXTERNAL_ID}` }, name: 'Crash Customer' },
  body: 'Olá, alguém aí?',
});
process.stdout.write('not killed\n');
