/**
 * Reports (issue 14): validation texts of SPEC §5, the two ticket reports' figures and filters on a
 * hand-built data set (expected values written here), supervisors' visibility, tenant isolation.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { REPORT_ERROR_MESSAGES } from '@conversa/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildChannel,
  buildContact,
  buildInboxTenant,
  buildQueue,
  rows,
  setSetting,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;
let supervisor: Agent;
let q3: number;
let channel2: { id: number; name: string };
const ids: Record<string, number> = {};
let tagId: number;
let laneId: number;
let demandId: number;

/** A ticket inserted as it is after its life: times in UTC. */
async function ticket(
  name: string,
  values: {
    queueId: number | null;
    userId: number | null;
    status: string;
    createdAt: string;
    closedAt?: string;
    channelId?: number;
    tenant?: InboxTenant;
  },
): Promise<number> {
  const tenant = values.tenant ?? t;
  const contact = await buildContact(server.ctx, tenant.tenant.id, { name });
  const [row] = await rows(
    server.ctx,
    sql`insert into tickets (tenant_id, contact_id, channel_id, queue_id, user_id, status, created_at, updated_at, closed_at, last_message)
        values (${tenant.tenant.id}, ${contact.id}, ${values.channelId ?? tenant.channel.id}, ${values.queueId}, ${values.userId}, ${values.status},
                ${values.createdAt}, ${values.createdAt}, ${values.closedAt ?? null}, ${`Última de ${name}`})
        returning id`,
  );
  return Number(row.id);
}

async function message(ticketId: number, values: { fromMe: boolean; userId: number | null; at: string }): Promise<void> {
  await server.ctx.db.execute(sql`
    insert into messages (id, tenant_id, ticket_id, contact_id, channel_id, from_me, body, status, user_id, created_at, updated_at, timestamp)
    select ${randomUUID()}, t.tenant_id, t.id, t.contact_id, t.channel_id, ${values.fromMe}, 'msg', 'sent', ${values.userId}, ${values.at}, ${values.at}, ${values.at}
      from tickets t where t.id = ${ticketId}`);
  // As the product's statement storing an agent's own reply does (the dashboard's test covers it): the
  // ticket's first response is its first such message after its creation.
  if (values.fromMe && values.userId !== null)
    await server.ctx.db.execute(sql`update tickets set first_response_at = ${values.at}
      where id = ${ticketId} and first_response_at is null and created_at <= ${values.at}`);
}

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super', `Supervisor ${randomUUID().slice(0, 6)}`);
  q3 = (await buildQueue(server.ctx, t.tenant.id, [supervisor.id, t.outsider.id], 'Fila Três')).id;
  channel2 = await buildChannel(server.ctx, t.tenant.id, { name: 'Canal Dois' });
  const q = t.queue.id;
  const [a, p, o] = [t.agent.id, t.peer.id, t.outsider.id];

  // The tenant's clock is America/Sao_Paulo (UTC-3): November 2026 runs from 03:00Z on the 1st to 03:00Z on Dec 1st.
  ids.t1 = await ticket('Ana', {
    queueId: q,
    userId: a,
    status: 'closed',
    createdAt: '2026-11-10T12:00:00Z',
    closedAt: '2026-11-10T12:30:00Z',
  });
  await message(ids.t1, { fromMe: false, userId: null, at: '2026-11-10T12:00:00Z' });
  await message(ids.t1, { fromMe: true, userId: null, at: '2026-11-10T12:01:00Z' }); // a bot's: not a response
  await message(ids.t1, { fromMe: true, userId: a, at: '2026-11-10T12:05:00Z' }); // first response: 300 s
  ids.t2 = await ticket('Bruno', { queueId: q, userId: a, status: 'open', createdAt: '2026-11-11T12:00:00Z' });
  await message(ids.t2, { fromMe: true, userId: a, at: '2026-11-11T12:10:00Z' }); // 600 s
  await message(ids.t2, { fromMe: true, userId: a, at: '2026-11-11T12:20:00Z' });
  ids.t3 = await ticket('Carla', { queueId: q, userId: a, status: 'pending', createdAt: '2026-11-12T10:00:00Z' });
  ids.t4 = await ticket('Diego', {
    queueId: q,
    userId: p,
    status: 'closed',
    createdAt: '2026-11-15T10:00:00Z',
    closedAt: '2026-11-15T11:00:00Z',
  });
  await message(ids.t4, { fromMe: true, userId: p, at: '2026-11-15T10:01:00Z' }); // 60 s
  ids.t5 = await ticket('Elisa', { queueId: q, userId: a, status: 'open', createdAt: '2026-11-01T02:00:00Z' }); // Oct 31st 23:00 there: out
  ids.t6 = await ticket('Fábio', { queueId: q, userId: p, status: 'pending', createdAt: '2026-12-01T02:00:00Z' }); // Nov 30th 23:00 there: in
  ids.t7 = await ticket('Gabi', { queueId: q, userId: null, status: 'pending', createdAt: '2026-11-20T12:00:00Z' }); // no user
  ids.t8 = await ticket('Hugo', { queueId: q3, userId: o, status: 'open', createdAt: '2026-11-20T12:00:00Z', channelId: channel2.id });
  ids.t9 = await ticket('Iara', { queueId: t.otherQueue.id, userId: o, status: 'open', createdAt: '2026-11-20T12:00:00Z' }); // a queue not asked for
  await ticket('Outro', {
    queueId: other.queue.id,
    userId: other.agent.id,
    status: 'open',
    createdAt: '2026-11-20T12:00:00Z',
    tenant: other,
  });

  // Tag, lane, reason, notes and value of some tickets.
  const tenantId = t.tenant.id;
  tagId = Number(
    (await rows(server.ctx, sql`insert into tags (tenant_id, name, color) values (${tenantId}, 'VIP', '#000') returning id`))[0].id,
  );
  await server.ctx.db.execute(sql`insert into ticket_tags (tenant_id, ticket_id, tag_id) values (${tenantId}, ${ids.t1}, ${tagId})`);
  laneId = Number(
    (await rows(server.ctx, sql`insert into lanes (tenant_id, name, position) values (${tenantId}, 'Negociação', 0) returning id`))[0].id,
  );
  demandId = Number(
    (await rows(server.ctx, sql`insert into demands (tenant_id, name) values (${tenantId}, 'Suporte') returning id`))[0].id,
  );
  await server.ctx.db.execute(sql`update tickets set lane_id = ${laneId} where id = ${ids.t2}`);
  await server.ctx.db.execute(sql`update tickets set demand_id = ${demandId}, unread_messages = 2 where id = ${ids.t4}`);
  await server.ctx.db.execute(sql`update tickets set value = 150.5 where id = ${ids.t1}`);
  await server.ctx.db.execute(sql`insert into ticket_notes (tenant_id, ticket_id, user_id, note, created_at) values
    (${tenantId}, ${ids.t1}, ${a}, 'primeira', '2026-11-10T12:10:00Z'), (${tenantId}, ${ids.t1}, ${a}, 'segunda', '2026-11-10T12:20:00Z')`);
});
afterAll(() => server?.close());

const NOV = 'from=2026-11-01&to=2026-11-30';
const get = (path: string, token = t.admin.token) => api.get(path, { token });

describe('validation (SPEC §5 texts)', () => {
  it('dates, queues and selections are required where the report says so; ranges are ranges; unknown reports are 404', async () => {
    const expectError = async (path: string, code: keyof typeof REPORT_ERROR_MESSAGES) => {
      const response = await get(path);
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body).toMatchObject({ error: code, message: REPORT_ERROR_MESSAGES[code] });
    };
    await expectError(`/reports/estatisticas-atendimentos-usuarios?queueIds=${t.queue.id}`, 'ERR_REPORT_DATES_REQUIRED');
    await expectError(`/reports/estatisticas-atendimentos-usuarios?from=2026-11-01&queueIds=${t.queue.id}`, 'ERR_REPORT_DATES_REQUIRED');
    await expectError(`/reports/estatisticas-atendimentos-usuarios?${NOV}`, 'ERR_REPORT_QUEUES_REQUIRED');
    await expectError(`/reports/atendimentos-por-parametros?${NOV}`, 'ERR_REPORT_QUEUES_REQUIRED');
    await expectError(`/reports/atendimentos-por-parametros?queueIds=${t.queue.id}`, 'ERR_REPORT_DATES_REQUIRED');
    for (const report of ['contatos-por-etiquetas', 'contatos-por-estado', 'contatos-por-kanban', 'contatos-por-carteira'])
      await expectError(`/reports/${report}`, 'ERR_REPORT_SELECTION_REQUIRED');
    await expectError(
      `/reports/estatisticas-atendimentos-usuarios?from=2026-11-30&to=2026-11-01&queueIds=${t.queue.id}`,
      'ERR_REPORT_INVALID_RANGE',
    );
    await expectError(
      `/reports/estatisticas-atendimentos-usuarios?from=2025-01-01&to=2026-01-02&queueIds=${t.queue.id}`,
      'ERR_REPORT_INVALID_RANGE',
    );
    // 366 days is the most.
    expect((await get(`/reports/estatisticas-atendimentos-usuarios?from=2025-01-01&to=2026-01-01&queueIds=${t.queue.id}`)).status).toBe(
      200,
    );
    // "No queue" fills the queue selector alone; switched off it fills nothing; anything but a boolean is refused.
    expect((await get(`/reports/estatisticas-atendimentos-usuarios?${NOV}&withoutQueue=true`)).status).toBe(200);
    expect((await get(`/reports/atendimentos-por-parametros?${NOV}&withoutQueue=true`)).status).toBe(200);
    await expectError(`/reports/atendimentos-por-parametros?${NOV}&withoutQueue=false`, 'ERR_REPORT_QUEUES_REQUIRED');
    const notBoolean = await get(`/reports/atendimentos-por-parametros?${NOV}&withoutQueue=talvez`);
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.error).toBe('ERR_VALIDATION');
    const malformed = await get(`/reports/estatisticas-atendimentos-usuarios?${NOV}&queueIds=abc`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('ERR_VALIDATION');
    // A filter the report does not take is ignored (when well formed).
    const ignored = await get(`/reports/estatisticas-atendimentos-usuarios?${NOV}&queueIds=${t.queue.id}&statuses=closed`);
    expect(ignored.body.rows).toEqual((await get(`/reports/estatisticas-atendimentos-usuarios?${NOV}&queueIds=${t.queue.id}`)).body.rows);
    expect((await get(`/reports/atendimentos-por-parametros?${NOV}&queueIds=${t.queue.id}&statuses=nope`)).status).toBe(400);
    const unknown = await get('/reports/nao-existe');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('ERR_ROUTE_NOT_FOUND');
    // The same checks and texts for an export.
    const exportMissing = await api.post(
      '/reports/estatisticas-atendimentos-usuarios/exports',
      { format: 'csv', filters: { queueIds: String(t.queue.id) } },
      { token: t.admin.token },
    );
    expect(exportMissing.body).toMatchObject({
      error: 'ERR_REPORT_DATES_REQUIRED',
      message: REPORT_ERROR_MESSAGES.ERR_REPORT_DATES_REQUIRED,
    });
    const exportBad = await api.post(
      '/reports/atendimentos-por-parametros/exports',
      { format: 'csv', filters: { from: 'ontem' } },
      { token: t.admin.token },
    );
    expect(exportBad.status).toBe(400);
    expect(exportBad.body.error).toBe('ERR_VALIDATION');
    expect((await api.post('/reports/nao-existe/exports', { format: 'csv', filters: {} }, { token: t.admin.token })).status).toBe(404);
  });

  it('agents may not use reports; supervisors and admins may', async () => {
    const path = `/reports/estatisticas-atendimentos-usuarios?${NOV}&queueIds=${t.queue.id}`;
    expect((await get(path, t.agent.token)).status).toBe(403);
    expect(
      (await api.post('/reports/estatisticas-atendimentos-usuarios/exports', { format: 'csv', filters: {} }, { token: t.agent.token }))
        .status,
    ).toBe(403);
    expect((await get(path, supervisor.token)).status).toBe(200);
    expect((await get(path)).status).toBe(200);
    expect((await api.get(path)).status).toBe(401);
  });
});

describe('estatisticas-atendimentos-usuarios', () => {
  const stats = (query: string, token?: string) => get(`/reports/estatisticas-atendimentos-usuarios?${NOV}&${query}`, token);

  it('per user: pending, open, closed, total, average first response and handling time of the tickets created in the range', async () => {
    const response = await stats(`queueIds=${t.queue.id},${q3}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.columns.map((c: { key: string }) => c.key)).toEqual([
      'name',
      'email',
      'pending',
      'open',
      'closed',
      'total',
      'avgFirstResponseSeconds',
      'avgHandlingSeconds',
    ]);
    expect(response.body).toMatchObject({ report: 'estatisticas-atendimentos-usuarios', total: 3, page: 1, pageSize: 25 });
    // By name: Agent…, Outsider…, Peer….
    expect(response.body.rows).toEqual([
      {
        name: t.agent.name,
        email: t.agent.email,
        pending: 1,
        open: 1,
        closed: 1,
        total: 3,
        avgFirstResponseSeconds: 450,
        avgHandlingSeconds: 1800,
      },
      {
        name: t.outsider.name,
        email: t.outsider.email,
        pending: 0,
        open: 1,
        closed: 0,
        total: 1,
        avgFirstResponseSeconds: null,
        avgHandlingSeconds: null,
      },
      {
        name: t.peer.name,
        email: t.peer.email,
        pending: 1,
        open: 0,
        closed: 1,
        total: 2,
        avgFirstResponseSeconds: 60,
        avgHandlingSeconds: 3600,
      },
    ]);
  });

  it('the queues filter, sorting and pages', async () => {
    const onlyQ = await stats(`queueIds=${t.queue.id}`);
    expect(onlyQ.body.rows.map((r: { name: string }) => r.name)).toEqual([t.agent.name, t.peer.name]);
    const byTotal = await stats(`queueIds=${t.queue.id},${q3}&sort=total&order=desc`);
    expect(byTotal.body.rows.map((r: { total: number }) => r.total)).toEqual([3, 2, 1]);
    const byFirstResponse = await stats(`queueIds=${t.queue.id},${q3}&sort=avgFirstResponseSeconds&order=asc`);
    expect(byFirstResponse.body.rows.map((r: { avgFirstResponseSeconds: number | null }) => r.avgFirstResponseSeconds)).toEqual([
      60,
      450,
      null,
    ]);
    const second = await stats(`queueIds=${t.queue.id},${q3}&page=2`);
    expect(second.body).toMatchObject({ rows: [], total: 3, page: 2 });
    expect((await stats(`queueIds=${t.queue.id}&pageSize=30`)).status).toBe(400);
  });

  it("a supervisor sees only their queues' tickets; another tenant sees none of these", async () => {
    const asSupervisor = await stats(`queueIds=${t.queue.id},${q3}`, supervisor.token);
    expect(asSupervisor.body.rows).toEqual([
      {
        name: t.outsider.name,
        email: t.outsider.email,
        pending: 0,
        open: 1,
        closed: 0,
        total: 1,
        avgFirstResponseSeconds: null,
        avgHandlingSeconds: null,
      },
    ]);
    expect((await stats(`queueIds=${t.queue.id}`, supervisor.token)).body).toMatchObject({ rows: [], total: 0 });
    const otherAdmin = await stats(`queueIds=${t.queue.id},${q3}`, other.admin.token);
    expect(otherAdmin.body).toMatchObject({ rows: [], total: 0 });
  });
});

describe('atendimentos-por-parametros', () => {
  const tickets = async (query: string, token?: string) => {
    const response = await get(`/reports/atendimentos-por-parametros?${NOV}&queueIds=${t.queue.id},${q3}&${query}`, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { rows: Record<string, unknown>[]; total: number };
  };
  const idsOf = (body: { rows: Record<string, unknown>[] }) => body.rows.map((r) => r.id);

  it('the columns of SPEC §3 for each ticket created in the range in the queues', async () => {
    const all = await tickets('');
    expect(all.total).toBe(7);
    expect(idsOf(all)).toEqual([ids.t1, ids.t2, ids.t3, ids.t4, ids.t6, ids.t7, ids.t8]);
    const contact = (
      await rows(server.ctx, sql`select c.number from tickets t join contacts c on c.id = t.contact_id where t.id = ${ids.t1}`)
    )[0];
    expect(all.rows[0]).toEqual({
      id: ids.t1,
      status: 'closed',
      name: 'Ana',
      number: contact.number,
      connection: t.channel.name,
      lastMessage: 'Última de Ana',
      unreadMessages: 0,
      demand: null,
      queue: t.queue.name,
      channel: 'webchat',
      value: 150.5,
      notes: 'primeira | segunda',
      createdAt: '2026-11-10T12:00:00.000Z',
    });
    expect(all.rows[3]).toMatchObject({ id: ids.t4, demand: 'Suporte', unreadMessages: 2, value: null, notes: null });
    expect(all.rows[6]).toMatchObject({ id: ids.t8, queue: 'Fila Três', connection: 'Canal Dois' });
  });

  it('each filter, alone and together, and sorting by a column', async () => {
    expect(idsOf(await tickets('statuses=closed'))).toEqual([ids.t1, ids.t4]);
    expect(idsOf(await tickets('statuses=open,pending'))).toEqual([ids.t2, ids.t3, ids.t6, ids.t7, ids.t8]);
    expect(idsOf(await tickets(`userIds=${t.peer.id}`))).toEqual([ids.t4, ids.t6]);
    expect(idsOf(await tickets(`channelIds=${channel2.id}`))).toEqual([ids.t8]);
    expect(idsOf(await tickets(`tagIds=${tagId}`))).toEqual([ids.t1]);
    expect(idsOf(await tickets(`laneIds=${laneId}`))).toEqual([ids.t2]);
    expect(idsOf(await tickets(`demandIds=${demandId}`))).toEqual([ids.t4]);
    expect(idsOf(await tickets(`statuses=closed&userIds=${t.agent.id}`))).toEqual([ids.t1]);
    expect((await tickets(`statuses=closed&demandIds=${demandId}&userIds=${t.agent.id}`)).total).toBe(0);
    expect(idsOf(await tickets('sort=createdAt&order=desc'))).toEqual([ids.t6, ids.t8, ids.t7, ids.t4, ids.t3, ids.t2, ids.t1]);
    // Nulls last whatever the order; ties by id.
    expect(idsOf(await tickets('sort=demand&order=asc')).slice(0, 1)).toEqual([ids.t4]);
    expect(idsOf(await tickets('sort=value&order=desc'))).toEqual([ids.t1, ids.t8, ids.t7, ids.t6, ids.t4, ids.t3, ids.t2]);
  });

  it("sorting by the channel column follows the channel types' names the screen shows, not their codes", async () => {
    const own = await buildInboxTenant(server);
    const byType: Record<string, number> = {};
    // Created in the codes' order: an order by code or by id would read the same.
    for (const type of ['baileys', 'evolution', 'hub', 'meow', 'telegram', 'waba', 'webchat', 'whatsapp'] as const) {
      const channel = await buildChannel(server.ctx, own.tenant.id, { type, name: `Conexão ${type}` });
      byType[type] = await ticket(`Cliente ${type}`, {
        queueId: own.queue.id,
        userId: null,
        status: 'open',
        createdAt: '2026-11-20T12:00:00Z',
        channelId: channel.id,
        tenant: own,
      });
    }
    const channels = async (order: string) => {
      const response = await get(
        `/reports/atendimentos-por-parametros?${NOV}&queueIds=${own.queue.id}&sort=channel&order=${order}&pageSize=25`,
        own.admin.token,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body as { rows: { id: number; channel: string }[] }).rows.map((row) => row.channel);
    };
    // "Chat do site (webchat)", "Evolution API", "NotificaMe Hub", "Telegram", "WhatsApp (Baileys)",
    // "WhatsApp (whatsapp-web.js)", "WhatsApp (WuzAPI)", "WhatsApp oficial (WABA)".
    const byName = ['webchat', 'evolution', 'hub', 'telegram', 'baileys', 'whatsapp', 'meow', 'waba'];
    expect(await channels('asc')).toEqual(byName);
    expect(await channels('desc')).toEqual([...byName].reverse());
  });

  it("a supervisor sees only their queues' tickets; another tenant's admin sees none", async () => {
    expect(idsOf(await tickets('', supervisor.token))).toEqual([ids.t8]);
    expect((await tickets('', other.admin.token)).total).toBe(0);
  });
});

describe('the contact reports through the route (definitions registered by the module)', () => {
  it('contatos-por-estado and contatos-por-etiquetas answer their rows; another tenant sees none of them', async () => {
    const tenantId = t.tenant.id;
    const rio = await buildContact(server.ctx, tenantId, { name: 'Zélia Carioca', number: '5521988887777' });
    await buildContact(server.ctx, tenantId, { name: 'Zuleica Paulista', number: '5511977776666' });
    await server.ctx.db.execute(sql`insert into contact_tags (tenant_id, contact_id, tag_id) values (${tenantId}, ${rio.id}, ${tagId})`);
    const byState = await get('/reports/contatos-por-estado?states=RJ');
    expect(byState.status, JSON.stringify(byState.body)).toBe(200);
    expect(byState.body.rows).toEqual([expect.objectContaining({ name: 'Zélia Carioca', number: '5521988887777', state: 'RJ' })]);
    expect(byState.body.total).toBe(1);
    const byTag = await get(`/reports/contatos-por-etiquetas?tagIds=${tagId}`);
    expect(byTag.body.rows.map((row: { name: string }) => row.name)).toEqual(['Zélia Carioca']);
    expect((await get('/reports/contatos-por-estado?states=RJ', other.admin.token)).body.total).toBe(0);
  });
});

describe('tickets without queue ("Sem fila")', () => {
  let noQueue: { mine: number; nobodys: number; late: number };
  beforeAll(async () => {
    noQueue = {
      mine: await ticket('Joana', { queueId: null, userId: t.agent.id, status: 'open', createdAt: '2026-11-18T12:00:00Z' }),
      nobodys: await ticket('Kaio', { queueId: null, userId: null, status: 'pending', createdAt: '2026-11-19T12:00:00Z' }),
      late: await ticket('Lia', { queueId: null, userId: t.agent.id, status: 'open', createdAt: '2026-12-05T12:00:00Z' }), // December: out
    };
  });
  const byParameters = async (query: string, token?: string) => {
    const response = await get(`/reports/atendimentos-por-parametros?${NOV}&${query}`, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { rows: Record<string, unknown>[]; total: number };
  };

  it('are read alone or with queues, in both ticket reports, and never without being asked for', async () => {
    const alone = await byParameters('withoutQueue=true');
    expect(alone.rows.map((r) => r.id)).toEqual([noQueue.mine, noQueue.nobodys]);
    expect(alone.total).toBe(2);
    expect(alone.rows[0]).toMatchObject({ name: 'Joana', queue: null });
    const withQueue = await byParameters(`queueIds=${q3}&withoutQueue=true`);
    expect(withQueue.rows.map((r) => r.id)).toEqual([ids.t8, noQueue.mine, noQueue.nobodys]);
    expect((await byParameters(`queueIds=${q3}`)).rows.map((r) => r.id)).toEqual([ids.t8]);
    expect((await byParameters(`queueIds=${q3}&withoutQueue=false`)).rows.map((r) => r.id)).toEqual([ids.t8]);
    // The other filters narrow them as any ticket.
    expect((await byParameters(`withoutQueue=true&statuses=pending`)).rows.map((r) => r.id)).toEqual([noQueue.nobodys]);

    const stats = await get(`/reports/estatisticas-atendimentos-usuarios?${NOV}&withoutQueue=true`);
    expect(stats.body.rows).toEqual([
      {
        name: t.agent.name,
        email: t.agent.email,
        pending: 0,
        open: 1,
        closed: 0,
        total: 1,
        avgFirstResponseSeconds: null,
        avgHandlingSeconds: null,
      },
    ]);
    const both = await get(`/reports/estatisticas-atendimentos-usuarios?${NOV}&queueIds=${t.queue.id}&withoutQueue=true`);
    expect(both.body.rows[0]).toMatchObject({ name: t.agent.name, pending: 1, open: 2, closed: 1, total: 4 });
    // Another tenant's admin asking for its own tickets without queue reads none of these.
    expect((await byParameters('withoutQueue=true', other.admin.token)).total).toBe(0);
  });

  it('a supervisor reads them when the inbox shows them such tickets (not with supervisorAdmin, unless ViewTicketsWithoutQueue)', async () => {
    expect((await byParameters('withoutQueue=true', supervisor.token)).rows.map((r) => r.id)).toEqual([noQueue.mine, noQueue.nobodys]);
    await setSetting(server.ctx, t.tenant.id, 'supervisorAdmin', 'enabled');
    try {
      expect(await byParameters('withoutQueue=true', supervisor.token)).toMatchObject({ rows: [], total: 0 });
      // Their own queues are still read.
      expect((await byParameters(`queueIds=${q3}&withoutQueue=true`, supervisor.token)).rows.map((r) => r.id)).toEqual([ids.t8]);
      await setSetting(server.ctx, t.tenant.id, 'ViewTicketsWithoutQueue', 'enabled');
      expect((await byParameters('withoutQueue=true', supervisor.token)).total).toBe(2);
    } finally {
      await setSetting(server.ctx, t.tenant.id, 'supervisorAdmin', 'disabled');
      await setSetting(server.ctx, t.tenant.id, 'ViewTicketsWithoutQueue', 'disabled');
    }
  });
});

describe('the summary per user and the dashboard agree', () => {
  it('for the same days, with every queue and "Sem fila" chosen, each user\'s row is their dashboard line', async () => {
    // A tenant of its own: tickets in two queues and without queue, of every status, answered, closed,
    // one closed "before" it was created (an imported ticket's clocks): both count 0 for it.
    const d = await buildInboxTenant(server);
    const at = (iso: string) => iso;
    const make = async (queueId: number | null, userId: number | null, status: string, createdAt: string, closedAt?: string) =>
      ticket(`D ${randomUUID().slice(0, 4)}`, { tenant: d, queueId, userId, status, createdAt, closedAt });
    const [agent, peer] = [d.agent.id, d.peer.id];
    const a1 = await make(d.queue.id, agent, 'closed', at('2026-11-03T12:00:00Z'), '2026-11-03T12:45:00Z');
    const a2 = await make(null, agent, 'open', at('2026-11-04T12:00:00Z'));
    await make(null, agent, 'pending', at('2026-11-05T12:00:00Z'));
    const a4 = await make(d.otherQueue.id, agent, 'closed', at('2026-11-06T12:00:00Z'), '2026-11-06T11:00:00Z');
    const p1 = await make(null, peer, 'closed', at('2026-11-07T12:00:00Z'), '2026-11-07T14:00:00Z');
    await make(d.queue.id, peer, 'open', at('2026-11-30T23:30:00Z')); // Nov 30th 20:30 in São Paulo: in
    await make(null, peer, 'open', at('2026-11-01T02:59:00Z')); // Oct 31st there: out of both
    await make(null, null, 'pending', at('2026-11-08T12:00:00Z')); // nobody's: no row here, the dashboard's "no user"
    await message(a1, { fromMe: true, userId: agent, at: '2026-11-03T12:01:01Z' }); // 61 s
    await message(a2, { fromMe: true, userId: agent, at: '2026-11-04T12:02:00Z' }); // 120 s
    await message(p1, { fromMe: true, userId: peer, at: '2026-11-07T12:00:30Z' }); // 30 s
    await server.ctx.db.execute(sql`update tickets set first_response_at = '2026-11-06T11:59:00Z' where id = ${a4}`); // before: 0 s

    const report = await api.get(
      `/reports/estatisticas-atendimentos-usuarios?${NOV}&queueIds=${d.queue.id},${d.otherQueue.id}&withoutQueue=true`,
      { token: d.admin.token },
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    // November in São Paulo, as the dashboard's screen asks for it from a reader there.
    const dashboard = await api.get(
      `/dashboard?from=2026-11-01T03:00:00.000Z&to=2026-12-01T03:00:00.000Z&granularity=day&timeZone=America/Sao_Paulo`,
      { token: d.admin.token },
    );
    expect(dashboard.status, JSON.stringify(dashboard.body)).toBe(200);
    type Line = { userId: number | null; name: string | null; tickets: number; open: number; closed: number } & Record<string, unknown>;
    const fromDashboard = (dashboard.body.byUser as Line[])
      .filter((line) => line.userId !== null)
      .map((line) => ({
        name: line.name,
        open: line.open,
        closed: line.closed,
        total: line.tickets,
        avgFirstResponseSeconds: line.avgFirstResponseSeconds,
        avgHandlingSeconds: line.avgHandlingSeconds,
      }))
      .sort((x, y) => String(x.name).localeCompare(String(y.name)));
    const fromReport = (report.body.rows as Record<string, unknown>[]).map(
      ({ name, open, closed, total, avgFirstResponseSeconds, avgHandlingSeconds }) => ({
        name,
        open,
        closed,
        total,
        avgFirstResponseSeconds,
        avgHandlingSeconds,
      }),
    );
    expect(fromReport).toEqual(fromDashboard);
    // The figures themselves (by name: Agent…, Peer…): first responses (61 + 120 + 0) / 3, handling (2700 + 0) / 2.
    expect(report.body.rows).toEqual([
      {
        name: d.agent.name,
        email: d.agent.email,
        pending: 1,
        open: 1,
        closed: 2,
        total: 4,
        avgFirstResponseSeconds: 60,
        avgHandlingSeconds: 1350,
      },
      {
        name: d.peer.name,
        email: d.peer.email,
        pending: 0,
        open: 1,
        closed: 1,
        total: 2,
        avgFirstResponseSeconds: 30,
        avgHandlingSeconds: 7200,
      },
    ]);
  });
});
