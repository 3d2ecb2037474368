/**
 * Tasks (SPEC §2 /tarefas for every profile, §3 Task, §4 statuses delayed/pending/finished, §5 task
 * fields required, §9 recurrence every 7, 30, 45, 60, 75 or 90 days): CRUD with shared schemas;
 * status computed at read time (delayed once the limit date passed) and filterable; finishing a
 * recurring task creates the next occurrence until the repetitions are used, once even when
 * "finish" arrives twice at the same time; a comment thread; who sees what (a plain user their own
 * and created tasks, supervisors and admins all; a task linked to a ticket only by who may see
 * the ticket); the owner's reminder, a durable job at the limit date, skipped once the task is
 * finished, deleted or rescheduled.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildInboxTenant,
  eventually,
  inboundTicket,
  rows,
  setWallets,
  type Agent,
  type InboxTenant,
} from '../../../test/inbox.js';

let server: TestServer;
let api: Api;
let t: InboxTenant;
let other: InboxTenant;
let supervisor: Agent;

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super', 'Supervisora');
});
afterAll(() => server?.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
let sequence = 0;

type TaskBody = {
  id: number;
  name: string;
  status: string;
  limitDate: string;
  recurrence: number;
  repetitions: number;
  occurrence: number;
  ownerId: number | null;
  finishedAt: string | null;
};

async function createTask(body: Record<string, unknown> = {}, token = t.agent.token): Promise<TaskBody> {
  const response = await api.post(
    '/tasks',
    {
      name: `Tarefa ${++sequence}`,
      description: 'Ligar para o cliente',
      limitDate: inHours(24),
      ownerId: t.agent.id,
      priority: 'medium',
      recurrence: 0,
      ...body,
    },
    { token },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as TaskBody;
}

const finish = (id: number, token = t.agent.token) => api.put(`/tasks/${id}/finish`, undefined, { token });
const listIds = async (query: string, token = t.agent.token) => {
  const response = await api.get(`/tasks${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.tasks as TaskBody[]).map((task) => task.id);
};

const reminderJobs = (taskId: number) =>
  rows(
    server.ctx,
    sql`select id, data, state, start_after as "startAfter" from pgboss.job where name = 'tasks.reminder' and data->>'taskId' = ${String(taskId)} order by created_on`,
  ) as Promise<{ id: string; data: { version: number }; state: string; startAfter: Date }[]>;

/** Brings a reminder due now (instead of waiting for its limit date) and waits until it ran. */
async function fireReminder(jobId: string): Promise<void> {
  await server.ctx.db.execute(sql`update pgboss.job set start_after = now() where id = ${jobId}`);
  await eventually(
    async () => (await rows(server.ctx, sql`select 1 from pgboss.job where id = ${jobId} and state = 'completed'`)).length > 0,
    {
      timeoutMs: 10_000,
      what: `reminder job ${jobId} completed`,
    },
  );
}

const reminders = (userId: number) =>
  rows(
    server.ctx,
    sql`select message, kind, params, link, source_id as "sourceId" from notifications where user_id = ${userId} and source = 'task.reminder'`,
  );

describe('tasks: fields, status and filters', () => {
  it('creates with every field required (SPEC §5), owner a user of the tenant; answers pending with its owner and author', async () => {
    const task = await createTask({ priority: 'high' });
    expect(task).toMatchObject({ status: 'pending', ownerId: t.agent.id, recurrence: 0, repetitions: 0, occurrence: 1, finishedAt: null });
    const read = await api.get(`/tasks/${task.id}`, { token: t.agent.token });
    expect(read.body).toMatchObject({ owner: { id: t.agent.id, name: t.agent.name }, createdBy: { id: t.agent.id }, priority: 'high' });

    const base = { name: 'X', description: 'Y', limitDate: inHours(1), ownerId: t.agent.id, priority: 'low', recurrence: 0 };
    for (const [body, field] of [
      [{ ...base, name: ' ' }, 'name'],
      [{ ...base, description: '' }, 'description'],
      [{ ...base, limitDate: '31/12/2030 10:00' }, 'limitDate'],
      [{ ...base, limitDate: undefined }, 'limitDate'],
      [{ ...base, ownerId: undefined }, 'ownerId'],
      [{ ...base, priority: 'urgent' }, 'priority'],
      [{ ...base, recurrence: 10 }, 'recurrence'],
      [{ ...base, recurrence: 0, repetitions: 3 }, 'repetitions'],
    ] as const) {
      const response = await api.post('/tasks', body, { token: t.agent.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields ?? {})).toContain(field);
    }
    // Another tenant's user is as unknown as a missing one.
    const foreignOwner = await api.post('/tasks', { ...base, ownerId: other.agent.id }, { token: t.agent.token });
    expect(foreignOwner.status).toBe(404);
    expect(foreignOwner.body.error).toBe('ERR_NO_USER_FOUND');
  });

  it('a task past its limit date is delayed (computed at read time) and the status filter finds it; finished wins over delayed', async () => {
    const late = await createTask({ limitDate: new Date(Date.now() - HOUR).toISOString() });
    const onTime = await createTask();
    expect(late.status).toBe('delayed');
    expect(await listIds('?status=delayed')).toContain(late.id);
    expect(await listIds('?status=delayed')).not.toContain(onTime.id);
    expect(await listIds('?status=pending')).toContain(onTime.id);

    // A pending task becomes delayed when its date passes, with nothing written.
    await server.ctx.db.execute(sql`update tasks set limit_date = now() - interval '1 minute' where id = ${onTime.id}`);
    expect((await api.get(`/tasks/${onTime.id}`, { token: t.agent.token })).body.status).toBe('delayed');

    expect((await finish(late.id)).body.task.status).toBe('finished');
    expect(await listIds('?status=finished')).toContain(late.id);
    expect(await listIds('?status=delayed')).not.toContain(late.id);
    expect((await api.get('/tasks?status=late', { token: t.agent.token })).status).toBe(400);
  });

  it('filters by priority and owner; edits change only what is sent', async () => {
    const mine = await createTask({ priority: 'low' });
    const peers = await createTask({ priority: 'high', ownerId: t.peer.id });
    expect(await listIds(`?priority=high&ownerIds=${t.peer.id}`)).toEqual([peers.id]);
    expect(await listIds(`?priority=low`)).toContain(mine.id);
    expect(await listIds(`?priority=low`)).not.toContain(peers.id);

    const edited = await api.put(`/tasks/${mine.id}`, { name: 'Renomeada', priority: 'none' }, { token: t.agent.token });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Renomeada', priority: 'none', description: 'Ligar para o cliente', ownerId: t.agent.id });
    expect((await api.put(`/tasks/${mine.id}`, { repetitions: 2 }, { token: t.agent.token })).status).toBe(400);

    expect((await api.delete(`/tasks/${mine.id}`, { token: t.agent.token })).status).toBe(204);
    expect((await api.get(`/tasks/${mine.id}`, { token: t.agent.token })).status).toBe(404);
  });
});

describe('tasks: recurrence', () => {
  it('finishing a recurring task creates the next one (limit date + the period) until the repetitions are used', async () => {
    const first = await createTask({ recurrence: 7, repetitions: 2, limitDate: '2030-01-10T12:00:00.000Z' });
    const one = await finish(first.id);
    expect(one.status).toBe(200);
    expect(one.body.task).toMatchObject({ id: first.id, status: 'finished' });
    expect(one.body.next).toMatchObject({
      name: first.name,
      recurrence: 7,
      repetitions: 1,
      occurrence: 2,
      status: 'pending',
      ownerId: t.agent.id,
    });
    expect(new Date(one.body.next.limitDate).getTime() - new Date(first.limitDate).getTime()).toBe(7 * DAY);

    const two = await finish(one.body.next.id);
    expect(two.body.next).toMatchObject({ repetitions: 0, occurrence: 3, limitDate: '2030-01-24T12:00:00.000Z' });
    const three = await finish(two.body.next.id);
    expect(three.body.next).toBeNull();
    // Finishing again changes nothing.
    const again = await finish(two.body.next.id);
    expect(again.status).toBe(200);
    expect(again.body.next).toBeNull();
  });

  it('a recurrence repeats at least once: 0 (or none sent) is refused on the repetitions field; the last of a series keeps its 0 left', async () => {
    const base = { name: 'X', description: 'Y', limitDate: inHours(1), ownerId: t.agent.id, priority: 'low', recurrence: 7 };
    for (const body of [{ ...base, repetitions: 0 }, base]) {
      const refused = await api.post('/tasks', body, { token: t.agent.token });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toBe('ERR_VALIDATION');
      expect(refused.body.issues).toEqual({ repetitions: [expect.objectContaining({ code: 'custom', rule: 'taskRepetitionsMin' })] });
    }
    expect((await api.post('/tasks', { ...base, repetitions: 1 }, { token: t.agent.token })).status).toBe(201);

    // An edit that makes a single task recur needs repetitions too.
    const single = await createTask();
    const edited = await api.put(`/tasks/${single.id}`, { recurrence: 30 }, { token: t.agent.token });
    expect(edited.status).toBe(400);
    expect(edited.body.issues).toEqual({ repetitions: [{ code: 'custom', rule: 'taskRepetitionsMin' }] });
    const zero = await api.put(`/tasks/${single.id}`, { recurrence: 30, repetitions: 0 }, { token: t.agent.token });
    expect(zero.status).toBe(400);
    expect((await api.put(`/tasks/${single.id}`, { recurrence: 30, repetitions: 2 }, { token: t.agent.token })).status).toBe(200);

    // The last occurrence of a series (0 left) is still editable as it is.
    const first = await createTask({ recurrence: 7, repetitions: 1 });
    const last = (await finish(first.id)).body.next;
    expect(last).toMatchObject({ occurrence: 2, repetitions: 0, recurrence: 7 });
    const renamed = await api.put(`/tasks/${last.id}`, { name: 'Última', recurrence: 7, repetitions: 0 }, { token: t.agent.token });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });

  it('"finish" sent twice at the same time finishes once and creates one next occurrence', async () => {
    const task = await createTask({ recurrence: 30, repetitions: 5 });
    const answers = await Promise.all([finish(task.id), finish(task.id), finish(task.id, supervisor.token)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.body.next !== null)).toHaveLength(1);
    const series = await rows(
      server.ctx,
      sql`select occurrence from tasks where series_id = (select series_id from tasks where id = ${task.id}) order by occurrence`,
    );
    expect(series.map((row) => row.occurrence)).toEqual([1, 2]);
  });
});

describe('tasks: comments', () => {
  it('a thread per task: added with author and date, listed oldest first; empty or unseen refused', async () => {
    const task = await createTask({ ownerId: t.peer.id });
    expect((await api.post(`/tasks/${task.id}/comments`, { comment: 'Primeiro contato feito' }, { token: t.agent.token })).status).toBe(
      201,
    );
    const second = await api.post(`/tasks/${task.id}/comments`, { comment: 'Cliente pediu retorno' }, { token: t.peer.token });
    expect(second.body).toMatchObject({ comment: 'Cliente pediu retorno', author: { id: t.peer.id, name: t.peer.name } });
    const thread = await api.get(`/tasks/${task.id}/comments`, { token: t.agent.token });
    expect(thread.body.map((c: { comment: string }) => c.comment)).toEqual(['Primeiro contato feito', 'Cliente pediu retorno']);
    expect(Number.isNaN(Date.parse(thread.body[0].createdAt))).toBe(false);
    expect((await api.get(`/tasks/${task.id}`, { token: t.agent.token })).body.commentCount).toBe(2);

    expect((await api.post(`/tasks/${task.id}/comments`, { comment: '  ' }, { token: t.agent.token })).status).toBe(400);
    expect((await api.post(`/tasks/${task.id}/comments`, { comment: 'x' }, { token: t.outsider.token })).status).toBe(403);
    expect((await api.get(`/tasks/${task.id}/comments`, { token: other.admin.token })).status).toBe(404);
  });
});

describe('tasks: who sees what', () => {
  it('a plain user sees the tasks they own or created; supervisors and admins all; another tenant none', async () => {
    const byAgentForPeer = await createTask({ ownerId: t.peer.id });
    const byAdminForAdmin = await createTask({ ownerId: t.admin.id }, t.admin.token);

    expect(await listIds('?pageNumber=1', t.peer.token)).toContain(byAgentForPeer.id);
    expect(await listIds('', t.agent.token)).toContain(byAgentForPeer.id);
    expect(await listIds('', t.outsider.token)).not.toContain(byAgentForPeer.id);
    expect(await listIds('', t.agent.token)).not.toContain(byAdminForAdmin.id);
    expect(await listIds('', supervisor.token)).toEqual(expect.arrayContaining([byAgentForPeer.id, byAdminForAdmin.id]));

    expect((await api.get(`/tasks/${byAdminForAdmin.id}`, { token: t.agent.token })).status).toBe(403);
    expect((await finish(byAdminForAdmin.id, t.agent.token)).status).toBe(403);
    expect((await api.put(`/tasks/${byAdminForAdmin.id}`, { name: 'x' }, { token: t.agent.token })).status).toBe(403);
    expect((await api.delete(`/tasks/${byAdminForAdmin.id}`, { token: t.agent.token })).status).toBe(403);
    expect((await api.get(`/tasks/${byAdminForAdmin.id}`, { token: supervisor.token })).status).toBe(200);

    for (const token of [other.admin.token, other.agent.token]) {
      expect((await api.get(`/tasks/${byAgentForPeer.id}`, { token })).status).toBe(404);
      expect((await api.put(`/tasks/${byAgentForPeer.id}/finish`, undefined, { token })).status).toBe(404);
      expect(await listIds('', token)).not.toContain(byAgentForPeer.id);
    }
  });

  it("a task linked to a ticket is seen only by who may see the ticket (the tickets module's visibility)", async () => {
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name: 'Cliente da tarefa' });
    // The outsider is not in the ticket's queue: may not link a task to it…
    const refused = await api.post(
      '/tasks',
      { name: 'Ver ticket', description: 'd', limitDate: inHours(2), ownerId: t.outsider.id, priority: 'low', recurrence: 0, ticketId },
      { token: t.outsider.token },
    );
    expect(refused.status).toBe(403);
    // …and does not see a task on it, even as its owner.
    const linked = await createTask({ ticketId, ownerId: t.outsider.id });
    expect(await listIds('', t.agent.token)).toContain(linked.id);
    expect(await listIds('', t.outsider.token)).not.toContain(linked.id);
    expect((await api.get(`/tasks/${linked.id}`, { token: t.outsider.token })).status).toBe(403);
    expect(await listIds(`?ticketId=${ticketId}`, supervisor.token)).toEqual([linked.id]);

    // Another tenant's ticket does not exist.
    const { ticketId: foreign } = await inboundTicket(
      server.ctx,
      { tenantId: other.tenant.id, channelId: other.channel.id },
      { name: 'Outro' },
    );
    const cross = await api.post(
      '/tasks',
      { name: 'x', description: 'd', limitDate: inHours(2), ownerId: t.agent.id, priority: 'low', recurrence: 0, ticketId: foreign },
      { token: t.admin.token },
    );
    expect(cross.status).toBe(404);
    expect(cross.body.error).toBe('ERR_NO_TICKET_FOUND');
  });
});

describe('tasks: a page of linked tasks, filtered by the tickets policy', () => {
  // Ten kinds of ticket, each under a different part of the rule; three tickets of each.
  const kinds = {
    queue: {},
    otherQueue: { queue: 'other' },
    closedByPeer: { status: 'closed', user: 'peer' },
    openByPeer: { status: 'open', user: 'peer' },
    ownClosed: { status: 'closed', user: 'agent' },
    noQueue: { queue: 'none' },
    group: { group: true },
    chatbot: { chatbot: true },
    walletOfAgentInOtherQueue: { queue: 'other', wallet: 'agent' },
    walletOfPeer: { wallet: 'peer' },
  } as const satisfies Record<
    string,
    { queue?: 'other' | 'none'; status?: string; user?: 'peer' | 'agent'; group?: boolean; chatbot?: boolean; wallet?: 'agent' | 'peer' }
  >;
  type Kind = keyof typeof kinds;

  it("a plain user's 30 linked tasks keep exactly the tickets they may open, under each visibility setting", async () => {
    const v = await buildInboxTenant(server);
    const kindOf = new Map<number, Kind>();
    for (const [kind, shape] of Object.entries(kinds) as [Kind, (typeof kinds)[Kind]][]) {
      for (let i = 0; i < 3; i++) {
        const { ticketId, contactId } = await inboundTicket(
          server.ctx,
          { tenantId: v.tenant.id, channelId: v.channel.id },
          { name: `${kind} ${i}` },
        );
        const userId = 'user' in shape ? v[shape.user].id : null;
        const queueId = !('queue' in shape) ? v.queue.id : shape.queue === 'other' ? v.otherQueue.id : null;
        await server.ctx.db.execute(
          sql`update tickets set status = ${'status' in shape ? shape.status : 'pending'}, user_id = ${userId}, queue_id = ${queueId},
            is_group = ${'group' in shape}, chat_flow_id = ${'chatbot' in shape ? 1 : null} where id = ${ticketId}`,
        );
        if ('wallet' in shape) await setWallets(server.ctx, v.tenant.id, contactId, [v[shape.wallet].id]);
        kindOf.set(ticketId, kind);
      }
    }
    // Linked by the admin (who sees every ticket) to tasks owned by each plain user, with one unlinked task each.
    for (const owner of [v.agent, v.outsider]) {
      for (const ticketId of kindOf.keys()) await createTask({ ticketId, ownerId: owner.id }, v.admin.token);
      await createTask({ ownerId: owner.id }, v.admin.token);
    }

    const listed = async (owner: Agent) => {
      const response = await api.get('/tasks', { token: owner.token });
      expect(response.status).toBe(200);
      const tasks = response.body.tasks as { ticketId: number | null }[];
      expect(response.body).toMatchObject({ count: tasks.length, hasMore: false });
      expect(tasks.filter((task) => task.ticketId === null)).toHaveLength(1);
      return tasks.flatMap((task) => (task.ticketId === null ? [] : [task.ticketId])).sort((a, b) => a - b);
    };
    /** The tickets `owner` may open one by one (GET /tickets/:id, the policy's single-ticket check). */
    const openable = async (owner: Agent) => {
      const ids: number[] = [];
      for (const id of kindOf.keys()) {
        const status = (await api.get(`/tickets/${id}`, { token: owner.token })).status;
        expect([200, 403]).toContain(status);
        if (status === 200) ids.push(id);
      }
      return ids.sort((a, b) => a - b);
    };
    const kindsIn = (ids: number[]) => [...new Set(ids.map((id) => kindOf.get(id)))].sort();
    const expectSees = async (owner: Agent, expected: Kind[]) => {
      const ids = await listed(owner);
      expect(kindsIn(ids)).toEqual([...expected].sort());
      expect(ids).toHaveLength(expected.length * 3);
      expect(ids).toEqual(await openable(owner));
    };

    await expectSees(v.agent, ['queue', 'closedByPeer', 'openByPeer', 'ownClosed', 'group', 'chatbot', 'walletOfPeer']);
    await expectSees(v.outsider, ['otherQueue', 'walletOfAgentInOtherQueue']);

    const set = async (settings: Record<string, 'enabled' | 'disabled'>) => {
      for (const [key, value] of Object.entries(settings)) {
        const response = await api.put(`/settings/${key}`, { value }, { token: v.admin.token });
        expect(response.status, JSON.stringify(response.body)).toBe(200);
      }
    };
    // The exclusive trio (SPEC §5) one at a time, with wallets on and closed and group tickets hidden.
    await set({
      DirectTicketsToWallets: 'enabled',
      mostrarFechadoParaTodos: 'disabled',
      mostrarGruposParaTodos: 'disabled',
      NotViewAssignedTickets: 'enabled',
    });
    await expectSees(v.agent, ['queue', 'ownClosed', 'chatbot', 'walletOfAgentInOtherQueue']);
    await expectSees(v.outsider, ['otherQueue']);

    await set({ NotViewAssignedTickets: 'disabled', NotViewTicketsChatBot: 'enabled' });
    await expectSees(v.agent, ['queue', 'openByPeer', 'ownClosed', 'walletOfAgentInOtherQueue']);
    await expectSees(v.outsider, ['otherQueue']);

    await set({ NotViewTicketsChatBot: 'disabled', ViewTicketsWithoutQueue: 'enabled' });
    await expectSees(v.agent, ['queue', 'openByPeer', 'ownClosed', 'noQueue', 'chatbot', 'walletOfAgentInOtherQueue']);
    await expectSees(v.outsider, ['otherQueue', 'noQueue']);
  });

  it("a supervisor sees every task; reduced to the users' logic (supervisorAdmin), a linked one only with its ticket", async () => {
    const v = await buildInboxTenant(server);
    const chief = await buildAgent(server, v.tenant.id, 'super', 'Supervisor reduzido');
    const { ticketId } = await inboundTicket(server.ctx, { tenantId: v.tenant.id, channelId: v.channel.id }, { name: 'Cliente da fila' });
    const linked = await createTask({ ticketId, ownerId: v.agent.id }, v.admin.token);
    const unlinked = await createTask({ ownerId: v.agent.id }, v.admin.token);
    expect(await listIds('', chief.token)).toEqual(expect.arrayContaining([linked.id, unlinked.id]));
    expect((await api.put('/settings/supervisorAdmin', { value: 'enabled' }, { token: v.admin.token })).status).toBe(200);
    // The supervisor is in no queue: the ticket is no longer theirs to see, nor its task; the unlinked task stays.
    const ids = await listIds('', chief.token);
    expect(ids).toContain(unlinked.id);
    expect(ids).not.toContain(linked.id);
    expect((await api.get(`/tasks/${linked.id}`, { token: chief.token })).status).toBe(403);
  });
});

describe('tasks: the reminder on the limit date', () => {
  it('is a durable job due at the limit date that notifies the owner once', async () => {
    const task = await createTask({ ownerId: t.peer.id, limitDate: inHours(3) });
    const [job] = await reminderJobs(task.id);
    expect(job).toMatchObject({ state: 'created', data: { version: 1 } });
    expect(Math.abs(new Date(job.startAfter).getTime() - new Date(task.limitDate).getTime())).toBeLessThan(1_000);

    await fireReminder(job.id);
    const sent = await reminders(t.peer.id);
    // Stored as a kind and its params, not as text in one language: each reader's app words it.
    expect(sent).toEqual([
      { message: null, kind: 'task.reminder', params: { task: task.name }, link: `/tarefas?task=${task.id}`, sourceId: `${task.id}:1` },
    ]);
    const bell = await api.get('/notifications', { token: t.peer.token });
    // The API words it in the caller's language (pt without Accept-Language).
    expect(bell.body.notifications[0]).toMatchObject({
      message: `Lembrete: a tarefa "${task.name}" chegou à data limite.`,
      content: { kind: 'task.reminder', params: { task: task.name } },
      isRead: false,
    });
  });

  it('is skipped when the task was finished or deleted before the date', async () => {
    const finished = await createTask({ ownerId: t.admin.id }, t.admin.token);
    const deleted = await createTask({ ownerId: t.admin.id }, t.admin.token);
    await finish(finished.id, t.admin.token);
    expect((await api.delete(`/tasks/${deleted.id}`, { token: t.admin.token })).status).toBe(204);
    for (const id of [finished.id, deleted.id]) {
      const [job] = await reminderJobs(id);
      await fireReminder(job.id);
    }
    expect(await reminders(t.admin.id)).toEqual([]);
  });

  it('moves with the limit date: the earlier reminder goes stale, the new one (new version) notifies', async () => {
    const owner = await buildAgent(server, t.tenant.id, 'user', 'Dona da tarefa');
    const task = await createTask({ ownerId: owner.id, limitDate: inHours(2) }, t.admin.token);
    const moved = await api.put(`/tasks/${task.id}`, { limitDate: inHours(48) }, { token: t.admin.token });
    expect(moved.status).toBe(200);
    const [stale, current] = await reminderJobs(task.id);
    expect(stale.data.version).toBe(1);
    expect(current.data.version).toBe(2);
    expect(new Date(current.startAfter).getTime()).toBeGreaterThan(Date.now() + 47 * HOUR);

    await fireReminder(stale.id);
    expect(await reminders(owner.id)).toEqual([]);
    await fireReminder(current.id);
    expect(await reminders(owner.id)).toEqual([expect.objectContaining({ sourceId: `${task.id}:2` })]);
  });
});
