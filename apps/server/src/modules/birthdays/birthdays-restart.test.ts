/**
 * Issue 12 "birthday once a year across a restart": the durable job (`birthdays.send-due`, run
 * through pg-boss as the cron runs it) greets a contact; the server is stopped and a new one started
 * on the same database; the job runs again there (its completion in pg-boss's table is the marker
 * that it ran): no second greeting, and the first one was delivered.
 */
import { calendarDayAt } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { testEnv } from '../../../test/env.js';
import { buildTenant } from '../../../test/factories.js';
import { openTestDatabase, startNodeOn, type TestServer } from '../../../test/harness.js';
import { buildChannel, count, eventually, inboundTicket, rows, visitorKey } from '../../../test/inbox.js';

const opened = await openTestDatabase();
afterAll(async () => {
  await opened.database.close();
  await opened.drop();
});

/** Runs the job once on this node, as the schedule would, and waits for pg-boss to record it completed. */
async function runBirthdayRound(node: TestServer): Promise<void> {
  const id = await node.ctx.jobs.send('birthdays.send-due', {});
  expect(id).toBeTruthy();
  await eventually(async () => {
    const [job] = await rows(node.ctx, sql`select state from pgboss.job where id = ${id}`);
    return job?.state === 'completed';
  });
}

describe('birthdays across a restart', () => {
  it('greets a contact once per year, whatever the restarts', async () => {
    await opened.database.migrate();
    const env = testEnv();
    const first = await startNodeOn(opened.database, env);
    const tenant = await buildTenant(first.ctx, { timeZone: 'UTC' });
    const channel = await buildChannel(first.ctx, tenant.id, {
      isDefault: true,
      birthdayMessage: 'Parabéns, {{firstName}}!',
      birthdayHour: 0,
    });
    const today = calendarDayAt(new Date(), 'UTC');
    const birthday = `1990-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
    const { contactId } = await inboundTicket(
      first.ctx,
      { tenantId: tenant.id, channelId: channel.id },
      { key: visitorKey(), name: 'Rita Maia' },
    );
    await first.ctx.db.execute(sql`update contacts set birthday = ${birthday} where id = ${contactId}`);
    const greetings = (node: TestServer) =>
      rows(node.ctx, sql`select body, status from messages where contact_id = ${contactId} and from_me order by created_at`);

    await runBirthdayRound(first);
    // Delivered (web chat delivers by storing the message).
    expect(await greetings(first)).toEqual([{ body: 'Parabéns, Rita!', status: 'sent' }]);
    await first.close();

    const second = await startNodeOn(opened.database, env);
    try {
      await runBirthdayRound(second);
      await runBirthdayRound(second);
      expect(await greetings(second)).toEqual([{ body: 'Parabéns, Rita!', status: 'sent' }]);
      expect(await count(second.ctx, sql`select count(*) from birthday_sends where contact_id = ${contactId}`)).toBe(1);
    } finally {
      await second.close();
    }
  });
});
