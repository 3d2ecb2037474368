/**
 * Issue 12 "exactly once, even through restarts": a message scheduled 2 minutes ahead is sent after
 * the server is stopped and started again, by the new process's workers from the database (its
 * pg-boss job is genuinely 2 minutes ahead; the test brings its start to now instead of waiting).
 * The old job enqueued again after the send (a duplicate surviving the restart) sends nothing more.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { testEnv } from '../../../test/env.js';
import { openTestDatabase, startNodeOn as startNode, type TestServer } from '../../../test/harness.js';
import { buildInboxTenant, eventually, inboundTicket, rows } from '../../../test/inbox.js';

const opened = await openTestDatabase();
afterAll(async () => {
  await opened.database.close();
  await opened.drop();
});

const jobsOf = (server: TestServer, scheduleId: number) =>
  rows(
    server.ctx,
    sql`select id, data, state, start_after as "startAfter", created_on as "createdOn" from pgboss.job where name = 'scheduledMessages.send' and (data->>'scheduleId')::int = ${scheduleId} order by created_on`,
  ) as Promise<{ id: string; data: Record<string, number>; state: string; startAfter: Date; createdOn: Date }[]>;

const outgoing = (server: TestServer, ticketId: number) =>
  rows(server.ctx, sql`select body from messages where ticket_id = ${ticketId} and from_me order by created_at`);

describe('restart', () => {
  it('a message scheduled 2 minutes ahead is sent once after the server is stopped and started again', async () => {
    await opened.database.migrate();
    const env = testEnv();
    const first = await startNode(opened.database, env);
    const t = await buildInboxTenant(first);
    const { ticketId } = await inboundTicket(first.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name: 'Ana Lima' });
    await first.ctx.db.execute(sql`update tickets set status = 'open', user_id = ${t.agent.id} where id = ${ticketId}`);
    const created = await new Api(first.url).post(
      '/messagesSchedule/',
      { ticketId, body: 'Bom dia, {{firstName}}', scheduleDate: new Date(Date.now() + 120_000).toISOString() },
      { token: t.agent.token },
    );
    expect(created.status).toBe(201);
    const [job] = await jobsOf(first, created.body.id);
    const aheadMs = new Date(job.startAfter).getTime() - new Date(job.createdOn).getTime();
    expect(aheadMs).toBeGreaterThanOrEqual(115_000);
    expect(aheadMs).toBeLessThan(125_000);
    await first.close();

    const second = await startNode(opened.database, env);
    try {
      await second.ctx.db.execute(sql`update pgboss.job set start_after = now() where id = ${job.id}`);
      await eventually(async () => (await outgoing(second, ticketId)).length === 1, {
        timeoutMs: 15_000,
        what: 'the scheduled message sent by the new process',
      });
      expect(await outgoing(second, ticketId)).toEqual([{ body: 'Bom dia, Ana' }]);
      // The same job again (a duplicate that outlived the restart): it finds the schedule sent and sends nothing.
      await second.ctx.jobs.send('scheduledMessages.send', job.data as never);
      await eventually(async () => (await jobsOf(second, created.body.id)).every((j) => j.state === 'completed'), {
        what: 'every send job completed',
      });
      expect(await outgoing(second, ticketId)).toEqual([{ body: 'Bom dia, Ana' }]);
      const [schedule] = await rows(
        second.ctx,
        sql`select status, sent_count as "sentCount" from scheduled_messages where id = ${created.body.id}`,
      );
      expect(schedule).toEqual({ status: 'sent', sentCount: 1 });
    } finally {
      await second.close();
    }
  });
});
