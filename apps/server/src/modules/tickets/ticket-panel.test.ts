/**
 * The ticket panel (issue 11, SPEC /painel-atendimentos, admins): the open and pending tickets per
 * profile and view-all option, and the mass actions (transfer, return to queue, resolve with a
 * reason) in blocks of 10 (SPEC §9) with a per-ticket summary.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, buildInboxTenant, buildQueue, closeAllSockets, inboundTicket, rows, type InboxTenant } from '../../../test/inbox.js';
import { BULK_BLOCK_SIZE, inBlocks } from './use-cases/resolve-tickets-in-bulk.js';

let server: TestServer;
let api: Api;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
});
afterAll(() => {
  closeAllSockets();
  return server?.close();
});

const newTicket = async (t: InboxTenant, name: string) =>
  (await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name, body: 'oi' })).ticketId;
const panelIds = async (token: string, query = '') => {
  const response = await api.get(`/tickets/panel${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as {
    tickets: { id: number; status: string; userId: number | null; queueId: number | null }[];
    scopeQueueIds: number[] | null;
    truncated: boolean;
  };
};

describe('the ticket panel', () => {
  it("admins get every open and pending ticket (view all) or only their queues' (showAll=false); others get 403", async () => {
    const t = await buildInboxTenant(server);
    const mine = await buildQueue(server.ctx, t.tenant.id, [t.admin.id], 'Fila do admin');
    const inQueue = await newTicket(t, 'Ana');
    const open = await newTicket(t, 'Bruno');
    expect((await api.put(`/tickets/${open}`, { status: 'open' }, { token: t.agent.token })).status).toBe(200);
    const closed = await newTicket(t, 'Carla');
    expect((await api.put(`/ticketsForce/${closed}`, undefined, { token: t.admin.token })).status).toBe(200);
    const adminQueue = await newTicket(t, 'Davi');
    expect((await api.put(`/tickets/${adminQueue}`, { queueId: mine.id }, { token: t.admin.token })).status).toBe(200);

    const all = await panelIds(t.admin.token);
    expect(all.scopeQueueIds).toBeNull();
    expect(all.tickets.map((x) => x.id).sort()).toEqual([inQueue, open, adminQueue].sort());
    expect(all.tickets.find((x) => x.id === open)).toMatchObject({ status: 'open', userId: t.agent.id });

    const scoped = await panelIds(t.admin.token, '?showAll=false');
    expect(scoped.scopeQueueIds).toEqual([mine.id]);
    expect(scoped.tickets.map((x) => x.id)).toEqual([adminQueue]);

    const supervisor = await buildAgent(server, t.tenant.id, 'super');
    for (const token of [t.agent.token, supervisor.token]) {
      const refused = await api.get('/tickets/panel', { token });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('ERR_NO_PERMISSION');
    }
    // Another tenant's admin sees none of these.
    const other = await buildInboxTenant(server);
    expect((await panelIds(other.admin.token)).tickets).toEqual([]);
  });
});

describe('mass actions', () => {
  it('resolve 12 tickets with a reason in blocks of 10: summary says 12 done, each ticket closed with the reason and logged', async () => {
    const t = await buildInboxTenant(server);
    const demand = (await api.post('/demands', { name: 'Resolvido em massa' }, { token: t.admin.token })).body as { id: number };
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await newTicket(t, `Cliente ${i}`));
    const response = await api.post('/tickets/bulk', { ticketIds: ids, action: 'resolve', demandId: demand.id }, { token: t.admin.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ done: 12, refused: 0 });
    expect(response.body.results).toEqual(ids.map((ticketId) => ({ ticketId, ok: true })));
    const stored = await rows(
      server.ctx,
      sql`select status, demand_id as "demandId" from tickets where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    expect(stored).toHaveLength(12);
    expect(stored.every((r) => r.status === 'closed' && r.demandId === demand.id)).toBe(true);
    const logs = (await api.get(`/tickets/${ids[11]}/logs`, { token: t.admin.token })).body as {
      type: string;
      payload: Record<string, unknown>;
    }[];
    expect(logs.find((l) => l.type === 'resolved')?.payload).toMatchObject({ demandId: demand.id, demandName: 'Resolvido em massa' });
    // No farewell, no rating request went out.
    expect(await rows(server.ctx, sql`select 1 from messages where ticket_id = any(${`{${ids.join(',')}}`}::int[]) and from_me`)).toEqual(
      [],
    );
  });

  it('inBlocks works 10 at a time: the 11th starts only after the first 10 settled', async () => {
    let running = 0;
    let peak = 0;
    const outcomes = await inBlocks(
      Array.from({ length: 23 }, (_, i) => i),
      async (i) => {
        running++;
        peak = Math.max(peak, running);
        // Yield once: every item of a block has started before any of them ends (no timer needed).
        await Promise.resolve();
        running--;
        if (i === 3) throw new Error('refused');
        return i;
      },
    );
    expect(BULK_BLOCK_SIZE).toBe(10);
    expect(peak).toBe(10);
    expect(outcomes).toHaveLength(23);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1);
  });

  it('refused tickets are listed with why; the others are done (transfer, return to queue, required reason)', async () => {
    const t = await buildInboxTenant(server);
    const [a, b, c] = [await newTicket(t, 'Eva'), await newTicket(t, 'Fábio'), await newTicket(t, 'Gina')];
    const other = await buildInboxTenant(server);
    const foreign = await newTicket(other, 'Hugo');

    // Another tenant's ticket, queue, user or reason: 404 for the whole request, nothing done.
    for (const [body, code] of [
      [{ ticketIds: [a, foreign], action: 'return' }, 'ERR_NO_TICKET_FOUND'],
      [{ ticketIds: [a], action: 'transfer', queueId: other.queue.id }, 'ERR_NO_QUEUE_FOUND'],
      [{ ticketIds: [a], action: 'transfer', userId: other.agent.id }, 'ERR_NO_USER_FOUND'],
    ] as const) {
      const refused = await api.post('/tickets/bulk', body, { token: t.admin.token });
      expect(refused.status).toBe(404);
      expect(refused.body.error).toBe(code);
    }
    expect((await rows(server.ctx, sql`select queue_id as q from tickets where id = ${foreign}`))[0].q).toBe(other.queue.id);

    // Transfer to the other queue: a ticket already there is refused with why, the others go.
    expect((await api.put(`/tickets/${c}`, { queueId: t.otherQueue.id }, { token: t.admin.token })).status).toBe(200);
    const transfer = await api.post(
      '/tickets/bulk',
      { ticketIds: [a, b, c], action: 'transfer', queueId: t.otherQueue.id },
      { token: t.admin.token },
    );
    expect(transfer.status).toBe(200);
    expect(transfer.body).toMatchObject({ done: 2, refused: 1 });
    expect(transfer.body.results).toEqual([
      { ticketId: a, ok: true },
      { ticketId: b, ok: true },
      { ticketId: c, ok: false, error: 'ERR_TRANSFER_SAME_QUEUE', message: expect.any(String) },
    ]);

    // Transfer to a user, then return to the queue.
    const toUser = await api.post('/tickets/bulk', { ticketIds: [a], action: 'transfer', userId: t.outsider.id }, { token: t.admin.token });
    expect(toUser.body).toMatchObject({ done: 1 });
    expect((await rows(server.ctx, sql`select user_id as u from tickets where id = ${a}`))[0].u).toBe(t.outsider.id);
    const back = await api.post('/tickets/bulk', { ticketIds: [a, b], action: 'return' }, { token: t.admin.token });
    expect(back.body).toMatchObject({ done: 2, refused: 0 });
    expect(await rows(server.ctx, sql`select status, user_id as u from tickets where id = ${a}`)).toEqual([{ status: 'pending', u: null }]);

    // With the reason required, a resolve without one is refused ticket by ticket.
    expect((await api.put('/settings/demandRequiredOnClose', { value: 'enabled' }, { token: t.admin.token })).status).toBe(200);
    const noReason = await api.post('/tickets/bulk', { ticketIds: [a, b], action: 'resolve' }, { token: t.admin.token });
    expect(noReason.body).toMatchObject({ done: 0, refused: 2 });
    expect(noReason.body.results.map((r: { error: string }) => r.error)).toEqual(['ERR_DEMAND_REQUIRED', 'ERR_DEMAND_REQUIRED']);
  });

  it('only admins; bad bodies are 400', async () => {
    const t = await buildInboxTenant(server);
    const id = await newTicket(t, 'Iara');
    const supervisor = await buildAgent(server, t.tenant.id, 'super');
    for (const token of [t.agent.token, supervisor.token]) {
      expect((await api.post('/tickets/bulk', { ticketIds: [id], action: 'return' }, { token })).status).toBe(403);
    }
    for (const body of [
      { ticketIds: [], action: 'resolve' },
      { ticketIds: [id], action: 'delete' },
      { ticketIds: [id], action: 'transfer' },
      { ticketIds: Array(501).fill(id), action: 'return' },
    ]) {
      const response = await api.post('/tickets/bulk', body, { token: t.admin.token });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }
    expect((await rows(server.ctx, sql`select status from tickets where id = ${id}`))[0].status).toBe('pending');
  });
});
