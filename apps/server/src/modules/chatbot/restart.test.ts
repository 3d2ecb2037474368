/**
 * Issue 10 "A restart test": a conversation waiting in a 2-minute delay step continues after the
 * server is stopped and started again. The delay's job is genuinely scheduled 2 minutes ahead
 * (checked in pg-boss's table); after the restart the test brings that job's start time to now
 * (`update pgboss.job set start_after = now()`) instead of waiting the 2 minutes out, and the new
 * server's workers — which know nothing of the old process — run it from the database.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { botMessages, customer, flowChannel, pendingTimers, positionRow, publishedFlow } from '../../../test/chatbot.js';
import { testEnv } from '../../../test/env.js';
import { openTestDatabase } from '../../../test/harness.js';
import { startNode } from '../../../test/restart-node.js';
import { buildInboxTenant, eventually } from '../../../test/inbox.js';

const opened = await openTestDatabase();
afterAll(async () => {
  await opened.database.close();
  await opened.drop();
});

describe('restart', () => {
  it('a conversation waiting in a 2-minute delay continues after the server is stopped and started again', async () => {
    await opened.database.migrate();
    const env = testEnv();
    const first = await startNode(opened.database, env);
    const t = await buildInboxTenant(first);
    const flow = await publishedFlow(new Api(first.url), t.admin.token, {
      steps: [
        {
          id: 'a',
          name: 'Espera',
          interactions: [
            { id: 'hi', kind: 'text', text: 'Um momento, {{firstName}}' },
            { id: 'wait', kind: 'delay', seconds: 120 },
            { id: 'later', kind: 'text', text: 'Dois minutos depois' },
          ],
          next: { kind: 'queue', queueId: t.queue.id },
        },
      ],
    });
    const channel = await flowChannel(first, t.tenant.id, flow.id);
    const { ticketId } = await customer(first, t.tenant.id, channel.id, 'Ana Lima')('Oi');
    const [timer] = await eventually(async () => {
      const timers = await pendingTimers(first, ticketId);
      return timers.length === 1 && timers;
    });
    expect(timer.data.event).toBe('delayElapsed');
    const scheduledMs = new Date(timer.startAfter).getTime() - new Date(timer.createdOn).getTime();
    expect(scheduledMs).toBeGreaterThanOrEqual(119_000);
    expect(scheduledMs).toBeLessThan(125_000);
    expect((await botMessages(first, ticketId)).map((m) => m.body)).toEqual(['Um momento, Ana']);
    await first.close();

    const second = await startNode(opened.database, env);
    try {
      expect(await positionRow(second, ticketId)).toMatchObject({ waitingFor: 'delay' });
      await second.ctx.db.execute(sql`update pgboss.job set start_after = now() where id = ${timer.id}`);
      await eventually(async () => (await botMessages(second, ticketId)).length === 2, { timeoutMs: 15_000 });
      expect((await botMessages(second, ticketId)).map((m) => m.body)).toEqual(['Um momento, Ana', 'Dois minutos depois']);
      await eventually(async () => (await positionRow(second, ticketId)) === undefined);
    } finally {
      await second.close();
    }
  });
});
