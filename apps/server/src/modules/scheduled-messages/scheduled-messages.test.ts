/**
 * Scheduled messages (issue 12; SPEC §3 Scheduled message, §4 ticket status `schedule`, §5 a date/time
 * is needed, §8 'Invalid date', §9 recurrence every 5…60 days): refused in the past with
 * ERR_INVALID_DATE; sent by a real durable job run within the minute of its time through the one
 * outbound path (variables rendered) into the contact's ongoing ticket or a new one; a recurring
 * schedule moves to its next occurrence; edit and cancel while pending only (versioning: the stale
 * job sends nothing); exactly once under duplicated jobs and concurrent runs; who sees what, across
 * tenants; the ticket list's `schedule` status; the live push; POST /messages/{ticketId} with a
 * scheduleDate schedules instead of sending.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildContact,
  closeAllSockets,
  connectAgent,
  eventually,
  inboundTicket,
  rows,
  type Agent,
  type InboxTenant,
  buildInboxTenant,
  visitorKey,
} from '../../../test/inbox.js';
import { nextOccurrenceDate, sendScheduledOccurrence } from './use-cases/send-scheduled-occurrence.js';

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
afterAll(async () => {
  closeAllSockets();
  await server?.close();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();

type Schedule = {
  id: number;
  status: string;
  body: string;
  scheduleDate: string;
  recurrence: number;
  occurrence: number;
  sentCount: number;
  ticketId: number | null;
  lastMessageStatus: string | null;
  error: string | null;
  contact: { id: number; name: string };
  channel: { id: number };
};

/** A customer's ticket in t's queue, attended by t.agent. */
async function agentTicket(name = 'Ana Lima'): Promise<{ ticketId: number; contactId: number }> {
  const { ticketId, contactId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name });
  await server.ctx.db.execute(sql`update tickets set status = 'open', user_id = ${t.agent.id} where id = ${ticketId}`);
  return { ticketId, contactId };
}

async function schedule(body: Record<string, unknown>, token = t.agent.token): Promise<Schedule> {
  const response = await api.post('/messagesSchedule/', { scheduleDate: inMinutes(60), ...body }, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Schedule;
}

const sendJobs = (scheduleId: number) =>
  rows(
    server.ctx,
    sql`select id, data, state, start_after as "startAfter" from pgboss.job where name = 'scheduledMessages.send' and (data->>'scheduleId')::int = ${scheduleId} order by created_on`,
  ) as Promise<{ id: string; data: { version: number }; state: string; startAfter: Date }[]>;

/** Brings a send job due now (instead of waiting for its date) and waits until it ran. */
async function fireJob(jobId: string): Promise<void> {
  await server.ctx.db.execute(sql`update pgboss.job set start_after = now() where id = ${jobId}`);
  await eventually(
    async () => (await rows(server.ctx, sql`select 1 from pgboss.job where id = ${jobId} and state = 'completed'`)).length > 0,
    {
      timeoutMs: 10_000,
      what: `send job ${jobId} completed`,
    },
  );
}

const outgoing = (ticketId: number) =>
  rows(
    server.ctx,
    sql`select id, body, status, user_id as "userId" from messages where ticket_id = ${ticketId} and from_me order by created_at`,
  ) as Promise<{ id: string; body: string; status: string; userId: number | null }[]>;

const read = async (id: number, token = t.agent.token): Promise<Schedule | undefined> => {
  const response = await api.get('/scheduleMessages/?status=pending,sent,failed,canceled', { token });
  expect(response.status).toBe(200);
  return (response.body.scheduledMessages as Schedule[]).find((s) => s.id === id);
};

describe('scheduled messages: validation', () => {
  it("refuses a date in the past with ERR_INVALID_DATE ('Invalid date'), and bad fields with ERR_VALIDATION", async () => {
    const { ticketId } = await agentTicket();
    const past = await api.post('/messagesSchedule/', { ticketId, body: 'Oi', scheduleDate: inMinutes(-5) }, { token: t.agent.token });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ error: 'ERR_INVALID_DATE', fields: { scheduleDate: ['Invalid date'] } });
    expect(past.body.message).toMatch(/^Invalid date/);

    for (const [body, field] of [
      [{ ticketId, body: 'Oi' }, 'scheduleDate'],
      [{ ticketId, body: 'Oi', scheduleDate: '31/12/2030 10:00' }, 'scheduleDate'],
      [{ ticketId, body: 'Oi', scheduleDate: inMinutes(60), recurrence: 7 }, 'recurrence'],
      [{ body: 'Oi', scheduleDate: inMinutes(60) }, 'contactId'],
      [{ ticketId, body: '  ', scheduleDate: inMinutes(60) }, 'body'],
      [{ ticketId, body: 'Olá {{apelido}}', scheduleDate: inMinutes(60) }, 'body'],
    ] as const) {
      const response = await api.post('/messagesSchedule/', body, { token: t.agent.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields ?? {})).toContain(field);
    }
    expect(await rows(server.ctx, sql`select 1 from scheduled_messages where ticket_id = ${ticketId}`)).toEqual([]);
  });

  it('takes every recurrence of SPEC §9 and computes the next occurrence (missed ones are not caught up)', async () => {
    const { ticketId } = await agentTicket();
    for (const recurrence of [0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 60]) {
      expect((await schedule({ ticketId, body: 'Oi', recurrence })).recurrence).toBe(recurrence);
    }
    const due = new Date('2030-01-10T12:00:00Z');
    expect(nextOccurrenceDate(due, 5, due).toISOString()).toBe('2030-01-15T12:00:00.000Z');
    expect(nextOccurrenceDate(due, 60, new Date(due.getTime() + MINUTE)).toISOString()).toBe('2030-03-11T12:00:00.000Z');
    // Sent 12 days late (the server was down): the next is the series' first date after now.
    expect(nextOccurrenceDate(due, 5, new Date('2030-01-22T09:00:00Z')).toISOString()).toBe('2030-01-25T12:00:00.000Z');
  });

  it('a contact of another tenant is not found; a ticket the agent may not see is refused', async () => {
    const foreignContact = await buildContact(server.ctx, other.tenant.id);
    const foreign = await api.post(
      '/messagesSchedule/',
      { contactId: foreignContact.id, body: 'Oi', scheduleDate: inMinutes(60) },
      { token: t.admin.token },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('ERR_NO_CONTACT_FOUND');
    const { ticketId } = await agentTicket();
    // A ticket names its contact and channel: another one given beside it is refused.
    const otherContact = await buildContact(server.ctx, t.tenant.id);
    const mismatch = await api.post(
      '/messagesSchedule/',
      { ticketId, contactId: otherContact.id, body: 'Oi', scheduleDate: inMinutes(60) },
      { token: t.agent.token },
    );
    expect(mismatch.status).toBe(400);
    expect(Object.keys(mismatch.body.fields)).toEqual(['contactId']);
    const hidden = await api.post('/messagesSchedule/', { ticketId, body: 'Oi', scheduleDate: inMinutes(60) }, { token: t.outsider.token });
    expect(hidden.status).toBe(403);
    expect(hidden.body.error).toBe('ERR_NO_PERMISSION');
  });
});

describe('scheduled messages: sending', () => {
  it('a real job run sends it within seconds of its time through the outbound path, {{variables}} rendered, then it is sent', async () => {
    const { ticketId } = await agentTicket('Bruna Costa');
    const created = await schedule({
      ticketId,
      body: 'Olá {{firstName}}, lembrete da sua consulta',
      scheduleDate: new Date(Date.now() + 2_000).toISOString(),
    });
    expect(created).toMatchObject({ status: 'pending', occurrence: 1, sentCount: 0, lastMessageStatus: null, ticketId });
    expect(await outgoing(ticketId)).toEqual([]);
    const [message] = await eventually(
      async () => {
        const sent = await outgoing(ticketId);
        return sent.length > 0 && sent;
      },
      { timeoutMs: 20_000, what: 'the scheduled message in the ticket' },
    );
    expect(message).toMatchObject({ body: 'Olá Bruna, lembrete da sua consulta', userId: t.agent.id });
    const after = await eventually(async () => {
      const s = await read(created.id);
      return s?.status === 'sent' && s;
    });
    expect(after).toMatchObject({ sentCount: 1, ticketId, lastMessageStatus: 'sent' });
    expect(await sendJobs(created.id)).toHaveLength(1);
  });

  it("without an ongoing ticket it opens one, assigned to who scheduled it, on the schedule's channel", async () => {
    const contact = await buildContact(server.ctx, t.tenant.id, { name: 'Carla Dias', ...visitorKey() });
    const created = await schedule({ contactId: contact.id, whatsappId: t.channel.id, body: 'Oi {{name}}' });
    expect(created.ticketId).toBeNull();
    const [job] = await sendJobs(created.id);
    await fireJob(job.id);
    const [ticket] = await rows(
      server.ctx,
      sql`select id, status, user_id as "userId", channel_id as "channelId" from tickets where contact_id = ${contact.id}`,
    );
    expect(ticket).toMatchObject({ status: 'open', userId: t.agent.id, channelId: t.channel.id });
    expect((await outgoing(ticket.id as number)).map((m) => m.body)).toEqual(['Oi Carla Dias']);
    expect(await read(created.id)).toMatchObject({ status: 'sent', ticketId: ticket.id });
  });

  it('a recurring one stays pending for its next occurrence, with its own job at that date', async () => {
    const { ticketId } = await agentTicket();
    const due = new Date(Date.now() + 30 * MINUTE);
    const created = await schedule({ ticketId, body: 'Mensalidade', scheduleDate: due.toISOString(), recurrence: 5 });
    const [first] = await sendJobs(created.id);
    await fireJob(first.id);
    const after = await read(created.id);
    expect(after).toMatchObject({ status: 'pending', occurrence: 2, sentCount: 1 });
    expect(new Date(after!.scheduleDate).getTime()).toBe(due.getTime() + 5 * DAY);
    const jobs = await sendJobs(created.id);
    expect(jobs).toHaveLength(2);
    expect(new Date(jobs[1].startAfter).getTime()).toBe(due.getTime() + 5 * DAY);
    expect(jobs[1].data.version).toBeGreaterThan(first.data.version);
    await fireJob(jobs[1].id);
    expect((await outgoing(ticketId)).map((m) => m.body)).toEqual(['Mensalidade', 'Mensalidade']);
    expect(await read(created.id)).toMatchObject({ status: 'pending', occurrence: 3, sentCount: 2 });
  });

  it('a message the channel refuses ends the schedule failed, with why (and the failed filter finds it)', async () => {
    const { ticketId, contactId } = await agentTicket();
    const created = await schedule({ ticketId, body: 'Oi' });
    // The contact can no longer be reached on the channel (its web-chat key is gone): the send job fails the message.
    await server.ctx.db.execute(sql`update contacts set external_key = null where id = ${contactId}`);
    const [job] = await sendJobs(created.id);
    await fireJob(job.id);
    const after = await eventually(
      async () => {
        const s = await read(created.id);
        return s?.status === 'failed' && s;
      },
      { timeoutMs: 15_000, what: 'the schedule failed' },
    );
    expect(after).toMatchObject({ lastMessageStatus: 'failed', sentCount: 1 });
    expect(after.error).toBeTruthy();
    const failed = await api.get('/scheduleMessages/?status=failed', { token: t.agent.token });
    expect((failed.body.scheduledMessages as Schedule[]).map((s) => s.id)).toContain(created.id);
    const sent = await api.get('/scheduleMessages/?status=sent', { token: t.agent.token });
    expect((sent.body.scheduledMessages as Schedule[]).map((s) => s.id)).not.toContain(created.id);
  });
});

/** A multipart form (text fields, then one file) posted to `path`. */
async function postForm(path: string, fields: Record<string, string>, token = t.agent.token, method = 'POST', fileName = 'boleto.png') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('medias', new Blob([PNG], { type: 'image/png' }), fileName);
  const response = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as any };
}
/** A 1×1 PNG (the upload check reads the type from the content). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('scheduled messages: a file', () => {
  it('a multipart schedule keeps its file and sends it with the text; the composer form schedules with a file too', async () => {
    const { ticketId } = await agentTicket();
    const created = await postForm('/messagesSchedule/', {
      ticketId: String(ticketId),
      body: 'Segue o boleto',
      scheduleDate: inMinutes(60),
      recurrence: '0',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ mediaName: 'boleto.png', mediaType: 'image', body: 'Segue o boleto' });
    await fireJob((await sendJobs(created.body.id))[0].id);
    const [sent] = await rows(
      server.ctx,
      sql`select body, media_name as "mediaName", media_type as "mediaType" from messages where ticket_id = ${ticketId} and from_me`,
    );
    expect(sent).toEqual({ body: 'Segue o boleto', mediaName: 'boleto.png', mediaType: 'image' });

    const viaComposer = await postForm(`/messages/${ticketId}`, { body: '', scheduleDate: inMinutes(90) });
    expect(viaComposer.status, JSON.stringify(viaComposer.body)).toBe(202);
    expect(viaComposer.body).toMatchObject({ status: 'pending', mediaName: 'boleto.png', body: '' });
    const past = await postForm('/messagesSchedule/', { ticketId: String(ticketId), scheduleDate: inMinutes(-60) });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('ERR_INVALID_DATE');
  });
});

describe('scheduled messages: edit and cancel while pending, exactly once', () => {
  it('an edit is a new version with its own job; the earlier job runs and sends nothing', async () => {
    const { ticketId } = await agentTicket();
    const created = await schedule({ ticketId, body: 'Antes' });
    const edited = await api.put(
      `/messagesSchedule/${created.id}`,
      { body: 'Depois {{firstName}}', scheduleDate: inMinutes(120), recurrence: 10 },
      { token: t.agent.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ body: 'Depois {{firstName}}', recurrence: 10, status: 'pending' });
    const [stale, current] = await sendJobs(created.id);
    await fireJob(stale.id);
    expect(await outgoing(ticketId)).toEqual([]);
    await fireJob(current.id);
    expect((await outgoing(ticketId)).map((m) => m.body)).toEqual(['Depois Ana']);

    const past = await api.put(`/messagesSchedule/${created.id}`, { scheduleDate: inMinutes(-10) }, { token: t.agent.token });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('ERR_INVALID_DATE');
  });

  it('a canceled schedule sends nothing and can be neither edited nor canceled again; a sent one neither', async () => {
    const { ticketId } = await agentTicket();
    const created = await schedule({ ticketId, body: 'Cancelada' });
    const canceled = await api.put(`/messagesSchedule/${created.id}/cancel`, undefined, { token: t.agent.token });
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe('canceled');
    const [job] = await sendJobs(created.id);
    await fireJob(job.id);
    expect(await outgoing(ticketId)).toEqual([]);
    for (const response of [
      await api.put(`/messagesSchedule/${created.id}/cancel`, undefined, { token: t.agent.token }),
      await api.put(`/messagesSchedule/${created.id}`, { body: 'x' }, { token: t.agent.token }),
    ]) {
      expect(response.status).toBe(409);
      expect(response.body.error).toBe('ERR_SCHEDULE_NOT_PENDING');
    }
    const sent = await schedule({ ticketId, body: 'Enviada' });
    await fireJob((await sendJobs(sent.id))[0].id);
    const late = await api.put(`/messagesSchedule/${sent.id}/cancel`, undefined, { token: t.agent.token });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('ERR_SCHEDULE_NOT_PENDING');
  });

  it('a duplicated job and concurrent runs of the same occurrence send it once', async () => {
    const { ticketId } = await agentTicket();
    const created = await schedule({ ticketId, body: 'Uma vez' });
    const [job] = await sendJobs(created.id);
    // Three runs of the same job at once, then the same job enqueued twice more (a duplicate) and the original.
    const outcomes = await Promise.all([1, 2, 3].map(() => sendScheduledOccurrence(server.ctx, job.data as never)));
    expect(outcomes.sort()).toEqual(['sent', 'stale', 'stale']);
    await server.ctx.jobs.send('scheduledMessages.send', job.data as never);
    await server.ctx.jobs.send('scheduledMessages.send', job.data as never);
    await fireJob(job.id);
    await eventually(async () => (await sendJobs(created.id)).every((j) => j.state === 'completed'), { what: 'every send job completed' });
    expect((await outgoing(ticketId)).map((m) => m.body)).toEqual(['Uma vez']);
    expect(await rows(server.ctx, sql`select occurrence from scheduled_message_sends where schedule_id = ${created.id}`)).toEqual([
      { occurrence: 1 },
    ]);
  });
});

describe('scheduled messages: editing the file, deleting what no longer waits', () => {
  const sentMedia = (ticketId: number) =>
    rows(
      server.ctx,
      sql`select body, media_name as "mediaName" from messages where ticket_id = ${ticketId} and from_me order by created_at`,
    );

  it('an edit replaces the file (multipart) or takes it off (removeMedia); the job sends what the schedule then has', async () => {
    const { ticketId } = await agentTicket();
    const created = await postForm('/messagesSchedule/', { ticketId: String(ticketId), body: 'Segue', scheduleDate: inMinutes(60) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;

    const replaced = await postForm(`/messagesSchedule/${id}`, { body: 'Segue o novo' }, t.agent.token, 'PUT', 'novo.png');
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ body: 'Segue o novo', mediaName: 'novo.png', mediaType: 'image', status: 'pending' });

    const removed = await api.put(`/messagesSchedule/${id}`, { removeMedia: true }, { token: t.agent.token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ body: 'Segue o novo', mediaName: null, mediaType: null });
    const jobs = await sendJobs(id);
    await fireJob(jobs.at(-1)!.id);
    expect(await sentMedia(ticketId)).toEqual([{ body: 'Segue o novo', mediaName: null }]);

    // A file-only schedule keeps something to send: its file off needs a text.
    const fileOnly = await postForm('/messagesSchedule/', { ticketId: String(ticketId), scheduleDate: inMinutes(60) });
    const empty = await api.put(`/messagesSchedule/${fileOnly.body.id}`, { removeMedia: true }, { token: t.agent.token });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { body: ['Required'] } });
    const withText = await api.put(
      `/messagesSchedule/${fileOnly.body.id}`,
      { removeMedia: true, body: 'Agora só texto' },
      { token: t.agent.token },
    );
    expect(withText.body).toMatchObject({ body: 'Agora só texto', mediaName: null });
    // Someone who may not see it changes nothing.
    const foreign = await postForm(`/messagesSchedule/${id}`, { body: 'x' }, other.admin.token, 'PUT');
    expect(foreign.status).toBe(404);
  });

  it('a canceled or sent schedule is deleted (its sent message stays); a pending one is canceled first; pushed live', async () => {
    const { ticketId } = await agentTicket();
    const adminSocket = await connectAgent(server.url, t.admin.token);
    const pending = await schedule({ ticketId, body: 'Apagar depois' });
    const early = await api.delete(`/messagesSchedule/${pending.id}`, { token: t.agent.token });
    expect(early.status).toBe(409);
    expect(early.body.error).toBe('ERR_SCHEDULE_PENDING');
    expect((await read(pending.id))?.status).toBe('pending');

    await api.put(`/messagesSchedule/${pending.id}/cancel`, undefined, { token: t.agent.token });
    for (const token of [t.peer.token, other.admin.token]) {
      const hidden = await api.delete(`/messagesSchedule/${pending.id}`, { token });
      expect(hidden.status).toBe(404);
      expect(hidden.body.error).toBe('ERR_NO_SCHEDULE_FOUND');
    }
    expect((await api.delete(`/messagesSchedule/${pending.id}`, { token: t.agent.token })).status).toBe(204);
    expect(await read(pending.id)).toBeUndefined();
    expect((await api.delete(`/messagesSchedule/${pending.id}`, { token: t.agent.token })).status).toBe(404);
    expect(await adminSocket.waitFor('scheduledMessage', (p) => p.action === 'delete' && p.id === pending.id)).toEqual({
      action: 'delete',
      id: pending.id,
    });

    const sent = await schedule({ ticketId, body: 'Já enviada' });
    await fireJob((await sendJobs(sent.id))[0].id);
    expect((await api.delete(`/messagesSchedule/${sent.id}`, { token: t.admin.token })).status).toBe(204);
    expect(await read(sent.id, t.admin.token)).toBeUndefined();
    expect((await outgoing(ticketId)).map((m) => m.body)).toEqual(['Já enviada']);
  });
});

describe('scheduled messages: the files they no longer have leave storage', () => {
  const fileOf = async (id: number) =>
    ((await rows(server.ctx, sql`select media_key as "key" from scheduled_messages where id = ${id}`))[0]?.key ?? null) as string | null;
  const stored = async (key: string) => (await server.ctx.media.read(key)) !== undefined;

  it('a file replaced or taken off by an edit, and the file of a deleted schedule, are deleted from storage', async () => {
    const { ticketId } = await agentTicket();
    const created = await postForm('/messagesSchedule/', { ticketId: String(ticketId), body: 'Segue', scheduleDate: inMinutes(60) });
    const id = created.body.id as number;
    const first = (await fileOf(id))!;
    expect(await stored(first)).toBe(true);

    expect((await postForm(`/messagesSchedule/${id}`, { body: 'Segue o novo' }, t.agent.token, 'PUT', 'novo.png')).status).toBe(200);
    const second = (await fileOf(id))!;
    expect(second).not.toBe(first);
    expect(await stored(first)).toBe(false);
    expect(await stored(second)).toBe(true);
    // An edit that keeps the file keeps it stored.
    expect((await api.put(`/messagesSchedule/${id}`, { body: 'Segue, editado' }, { token: t.agent.token })).status).toBe(200);
    expect(await stored(second)).toBe(true);

    expect((await api.put(`/messagesSchedule/${id}`, { removeMedia: true }, { token: t.agent.token })).status).toBe(200);
    expect(await fileOf(id)).toBeNull();
    expect(await stored(second)).toBe(false);

    const canceled = await postForm('/messagesSchedule/', { ticketId: String(ticketId), scheduleDate: inMinutes(60) });
    const file = (await fileOf(canceled.body.id))!;
    // An edit refused (nothing left to send) rolls back: the file stays.
    expect((await api.put(`/messagesSchedule/${canceled.body.id}`, { removeMedia: true }, { token: t.agent.token })).status).toBe(400);
    expect(await stored(file)).toBe(true);
    await api.put(`/messagesSchedule/${canceled.body.id}/cancel`, undefined, { token: t.agent.token });
    expect((await api.delete(`/messagesSchedule/${canceled.body.id}`, { token: t.agent.token })).status).toBe(204);
    expect(await stored(file)).toBe(false);
  });

  it('a file a sent message shows stays, through an edit of a recurring schedule and the deletion of a sent one', async () => {
    const { ticketId } = await agentTicket();
    const recurring = await postForm('/messagesSchedule/', {
      ticketId: String(ticketId),
      body: 'Todo mês',
      scheduleDate: inMinutes(60),
      recurrence: '30',
    });
    const id = recurring.body.id as number;
    const sentFile = (await fileOf(id))!;
    await fireJob((await sendJobs(id))[0].id);
    expect(await rows(server.ctx, sql`select media_key as "key" from messages where ticket_id = ${ticketId} and from_me`)).toEqual([
      { key: sentFile },
    ]);
    // Its next occurrence gets another file: the one the sent message shows stays.
    expect((await postForm(`/messagesSchedule/${id}`, { body: 'Todo mês' }, t.agent.token, 'PUT', 'novo.png')).status).toBe(200);
    const unsent = (await fileOf(id))!;
    expect(await stored(sentFile)).toBe(true);
    await api.put(`/messagesSchedule/${id}/cancel`, undefined, { token: t.agent.token });
    expect((await api.delete(`/messagesSchedule/${id}`, { token: t.agent.token })).status).toBe(204);
    expect(await stored(unsent)).toBe(false);
    expect(await stored(sentFile)).toBe(true);

    const oneOff = await postForm('/messagesSchedule/', { ticketId: String(ticketId), body: 'Uma vez', scheduleDate: inMinutes(60) });
    const oneOffFile = (await fileOf(oneOff.body.id))!;
    await fireJob((await sendJobs(oneOff.body.id))[0].id);
    expect((await api.delete(`/messagesSchedule/${oneOff.body.id}`, { token: t.agent.token })).status).toBe(204);
    expect(await stored(oneOffFile)).toBe(true);
  });

  it('storage failing to delete the file fails nothing: the change is made, the failure logged', async () => {
    const { ticketId } = await agentTicket();
    const created = await postForm('/messagesSchedule/', { ticketId: String(ticketId), scheduleDate: inMinutes(60) });
    const file = (await fileOf(created.body.id))!;
    await api.put(`/messagesSchedule/${created.body.id}/cancel`, undefined, { token: t.agent.token });
    const remove = vi.spyOn(server.ctx.media, 'remove').mockRejectedValueOnce(new Error('storage unreachable'));
    const warn = vi.spyOn(server.ctx.logger, 'warn');
    try {
      expect((await api.delete(`/messagesSchedule/${created.body.id}`, { token: t.agent.token })).status).toBe(204);
      expect(remove).toHaveBeenCalledWith(file);
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ key: file }), expect.any(String));
    } finally {
      remove.mockRestore();
      warn.mockRestore();
    }
    expect(await read(created.body.id)).toBeUndefined();
  });
});

describe('scheduled messages: who sees what', () => {
  it('a user sees and changes their own; admins and supervisors all of the tenant; another tenant nothing', async () => {
    const { ticketId } = await agentTicket();
    const mine = await schedule({ ticketId, body: 'Do agente' });
    const ids = async (token: string) =>
      ((await api.get('/scheduleMessages/?status=pending', { token })).body.scheduledMessages as Schedule[]).map((s) => s.id);
    expect(await ids(t.agent.token)).toContain(mine.id);
    expect(await ids(t.admin.token)).toContain(mine.id);
    expect(await ids(supervisor.token)).toContain(mine.id);
    expect(await ids(t.peer.token)).not.toContain(mine.id);
    expect(await ids(other.admin.token)).not.toContain(mine.id);
    for (const token of [t.peer.token, other.admin.token]) {
      const edit = await api.put(`/messagesSchedule/${mine.id}`, { body: 'x' }, { token });
      expect(edit.status).toBe(404);
      expect(edit.body.error).toBe('ERR_NO_SCHEDULE_FOUND');
      expect((await api.put(`/messagesSchedule/${mine.id}/cancel`, undefined, { token })).status).toBe(404);
    }
    expect((await api.put(`/messagesSchedule/${mine.id}/cancel`, undefined, { token: supervisor.token })).body.status).toBe('canceled');
  });

  it('pushes changes live to the creator and the admins, not to other agents', async () => {
    const { ticketId } = await agentTicket();
    const [agentSocket, adminSocket, peerSocket] = await Promise.all([
      connectAgent(server.url, t.agent.token),
      connectAgent(server.url, t.admin.token),
      connectAgent(server.url, t.peer.token),
    ]);
    const created = await schedule({ ticketId, body: 'Ao vivo' });
    const match = (payload: any) => payload.scheduledMessage?.id === created.id;
    expect((await agentSocket.waitFor('scheduledMessage', match)).action).toBe('create');
    await adminSocket.waitFor('scheduledMessage', match);
    await api.put(`/messagesSchedule/${created.id}/cancel`, undefined, { token: t.agent.token });
    const update = await adminSocket.waitFor('scheduledMessage', (p) => match(p) && p.action === 'update');
    expect(update.scheduledMessage.status).toBe('canceled');
    // The peer's socket got neither: after the admin's update, a later marker for the peer arrives first.
    const marker = await schedule({ ticketId: (await peerTicket()).ticketId, body: 'Marcador' }, t.peer.token);
    await peerSocket.waitFor('scheduledMessage', (p) => p.scheduledMessage?.id === marker.id);
    expect(peerSocket.received('scheduledMessage', match)).toEqual([]);
  });
});

/** A ticket of the queue attended by t.peer. */
async function peerTicket(): Promise<{ ticketId: number }> {
  const { ticketId } = await inboundTicket(server.ctx, { tenantId: t.tenant.id, channelId: t.channel.id }, { name: 'Cliente do colega' });
  await server.ctx.db.execute(sql`update tickets set status = 'open', user_id = ${t.peer.id} where id = ${ticketId}`);
  return { ticketId };
}

describe('scheduled messages: the ticket status schedule and the composer', () => {
  it('GET /tickets?status=schedule lists the tickets with a pending scheduled message, within the visibility rules', async () => {
    const { ticketId } = await agentTicket();
    const { ticketId: without } = await agentTicket();
    const listed = async (token: string) =>
      ((await api.get('/tickets?status=schedule', { token })).body.tickets as { id: number }[]).map((ticket) => ticket.id);
    expect(await listed(t.agent.token)).not.toContain(ticketId);
    const created = await schedule({ ticketId, body: 'Depois' });
    expect(await listed(t.agent.token)).toContain(ticketId);
    expect(await listed(t.agent.token)).not.toContain(without);
    expect(await listed(t.admin.token)).toContain(ticketId);
    // The outsider (another queue) does not see the ticket, scheduled or not.
    expect(await listed(t.outsider.token)).not.toContain(ticketId);
    expect(await listed(other.admin.token)).not.toContain(ticketId);
    // Both statuses at once: the scheduled ticket and the open ones.
    const both = ((await api.get('/tickets?status=open,schedule', { token: t.agent.token })).body.tickets as { id: number }[]).map(
      (x) => x.id,
    );
    expect(both).toEqual(expect.arrayContaining([ticketId, without]));
    await api.put(`/messagesSchedule/${created.id}/cancel`, undefined, { token: t.agent.token });
    expect(await listed(t.agent.token)).not.toContain(ticketId);
  });

  it('POST /messages/{ticketId} with a scheduleDate schedules the message (202) instead of sending it now', async () => {
    const { ticketId } = await agentTicket();
    const response = await api.post(
      `/messages/${ticketId}`,
      { body: 'Mais tarde', scheduleDate: inMinutes(30), recurrence: 15 },
      { token: t.agent.token },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(202);
    expect(response.body).toMatchObject({ status: 'pending', body: 'Mais tarde', recurrence: 15, ticketId });
    expect(await outgoing(ticketId)).toEqual([]);
    const past = await api.post(`/messages/${ticketId}`, { body: 'Ontem', scheduleDate: inMinutes(-30) }, { token: t.agent.token });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe('ERR_INVALID_DATE');
    expect(await outgoing(ticketId)).toEqual([]);
  });
});
