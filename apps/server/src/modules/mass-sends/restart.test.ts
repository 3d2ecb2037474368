/**
 * Issue 12 "exactly once, even through restarts", for mass sends: the server stops in the middle of
 * a mass send (its runner's next job waiting for the end of a pause) and a new process on the same
 * database finishes it; every number gets one message, none two, and the pauses still hold.
 */
import { randomInt } from 'node:crypto';
import { startMetaCloudSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { testEnv } from '../../../test/env.js';
import { openTestDatabase, startNodeOn } from '../../../test/harness.js';
import { buildInboxTenant, eventually, rows } from '../../../test/inbox.js';

const opened = await openTestDatabase();
const sim = await startMetaCloudSimulator({ displayPhoneNumber: '5511930000004' });
afterAll(async () => {
  await sim.close();
  await opened.database.close();
  await opened.drop();
});

describe('restart', () => {
  it('a mass send stopped halfway is finished by the next process, each number once', async () => {
    await opened.database.migrate();
    const env = testEnv({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
    const first = await startNodeOn(opened.database, env);
    const t = await buildInboxTenant(first);
    const api = new Api(first.url);
    const channel = await api.post(
      '/whatsapp',
      {
        name: 'WABA reinício',
        type: 'waba',
        settings: {
          phoneNumberId: sim.phoneNumberId,
          businessAccountId: sim.businessAccountId,
          token: sim.token,
          appSecret: sim.appSecret,
          verifyToken: 'verify-restart',
          baseUrl: sim.url,
        },
      },
      { token: t.admin.token },
    );
    expect(channel.status, JSON.stringify(channel.body)).toBe(201);
    const numbers = Array.from({ length: 5 }, () => `55119${randomInt(10_000_000, 99_999_999)}`);
    const created = await api.post(
      '/mass-sends',
      {
        kind: 'texto',
        whatsappId: channel.body.id,
        message: 'Reinício',
        minDelaySeconds: 1,
        maxDelaySeconds: 2,
        recipients: { source: 'numbers', numbers: numbers.join('\n') },
      },
      { token: t.admin.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const sentCount = () => numbers.filter((n) => sim.sent.some((m) => m.to === n)).length;
    await eventually(async () => sentCount() >= 2, { timeoutMs: 20_000, what: 'two sends before the stop' });
    await first.close();
    const before = sentCount();
    expect(before).toBeLessThan(5);

    const second = await startNodeOn(opened.database, env);
    try {
      await eventually(
        async () => (await rows(second.ctx, sql`select status from mass_sends where id = ${created.body.id}`))[0]?.status === 'finished',
        { timeoutMs: 30_000, what: 'the mass send finished by the new process' },
      );
      for (const number of numbers)
        expect(
          sim.sent.filter((m) => m.to === number),
          number,
        ).toHaveLength(1);
      const claims = await rows(
        second.ctx,
        sql`select claimed_at from mass_send_recipients where mass_send_id = ${created.body.id} order by claimed_at`,
      );
      const times = claims.map((row) => new Date(row.claimed_at as string).getTime());
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(990);
    } finally {
      await second.close();
    }
  }, 90_000);
});
