/**
 * Campaigns (issue 12; SPEC §3 Campaign, §4 statuses, §5 name and date required, start not
 * earlier than now, contacts linked before scheduling, §8 texts, §9 up to 3 messages): the state
 * machine and each refusal's code and message; linking by tag in one INSERT … SELECT; sending
 * through the WhatsApp Cloud API simulator, each contact exactly once with one of the 3 messages at
 * random, also across a pause, a cancel and a restart; the delay between sends; the report and its
 * export; replies opening tickets in the campaign's queue; tenant isolation.
 */
import { randomInt } from 'node:crypto';
import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  type Agent,
  buildAgent,
  buildContact,
  buildInboxTenant,
  connectWabaChannel,
  eventually,
  type InboxTenant,
  rows,
} from '../../../test/inbox.js';
import { pickMessage, usableMessages } from './campaign-rules.js';

let server: TestServer;
let api: Api;
let sim: MetaCloudSimulator;
let t: InboxTenant;
let other: InboxTenant;
let supervisor: Agent;
let wabaId: number;

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startMetaCloudSimulator({ displayPhoneNumber: '5511930000002', autoStatuses: { delayMs: 50 } });
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  supervisor = await buildAgent(server, t.tenant.id, 'super', 'Supervisora');
  wabaId = (await connectWabaChannel(server, t, sim, 'WABA campanhas')).id;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await sim?.close();
});

const soon = () => new Date(Date.now() + 5_000).toISOString();
const MESSAGES = {
  message1: 'Olá {{firstName}}, promoção A',
  message2: 'Oi {{firstName}}, promoção B',
  message3: 'E aí {{firstName}}, promoção C',
};
let sequence = 0;

async function createCampaign(body: Record<string, unknown> = {}, token = t.admin.token) {
  const response = await api.post(
    '/campaigns',
    { name: `Campanha ${++sequence}`, startAt: soon(), whatsappId: wabaId, delaySeconds: 0, ...MESSAGES, ...body },
    { token },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; name: string; status: string };
}

/** `n` contacts with fresh numbers carrying a new tag of the tenant. */
async function taggedContacts(n: number, tenant = t) {
  const [tag] = await rows(
    server.ctx,
    sql`insert into tags (tenant_id, name, color) values (${tenant.tenant.id}, ${`tag-${++sequence}-${randomInt(1e9)}`}, '#ff0000') returning id`,
  );
  const contacts = [];
  for (let i = 0; i < n; i++) {
    const contact = await buildContact(server.ctx, tenant.tenant.id, {
      name: `Cliente ${sequence} ${i}`,
      number: `55119${randomInt(10_000_000, 99_999_999)}`,
    });
    await rows(
      server.ctx,
      sql`insert into contact_tags (tenant_id, contact_id, tag_id) values (${tenant.tenant.id}, ${contact.id}, ${tag.id})`,
    );
    contacts.push(contact);
  }
  return { tagId: Number(tag.id), contacts };
}

const sentTo = (number: string) => sim.sent.filter((m) => m.to === number);

async function waitStatus(id: number, status: string, timeoutMs = 30_000) {
  return eventually(
    async () => {
      const response = await api.get(`/campaigns/${id}`, { token: t.admin.token });
      return response.body.status === status ? response.body : undefined;
    },
    { timeoutMs, what: `campaign ${id} ${status}` },
  );
}

describe('the state machine and its refusals (SPEC §4, §5, §8)', () => {
  it('refuses a start in the past, a start without contacts, and edits outside pending or canceled', async () => {
    const past = await api.post(
      '/campaigns',
      { name: 'Passado', startAt: new Date(Date.now() - 3_600_000).toISOString(), whatsappId: wabaId, ...MESSAGES },
      { token: t.admin.token },
    );
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({ error: 'ERR_CAMPAIGN_PAST_DATE', message: 'campaign cannot be scheduled in the past' });

    const missing = await api.post('/campaigns', { whatsappId: wabaId }, { token: t.admin.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('ERR_VALIDATION');

    const campaign = await createCampaign({ startAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect(campaign.status).toBe('pending');
    const empty = await api.post(`/campaigns/${campaign.id}/start`, undefined, { token: t.admin.token });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'ERR_CAMPAIGN_NO_CONTACTS', message: 'campaign needs linked contacts' });

    const { tagId } = await taggedContacts(3);
    const linked = await api.post(`/campaigns/${campaign.id}/contacts`, { tagIds: [tagId] }, { token: supervisor.token });
    expect(linked.body).toEqual({ added: 3, contactCount: 3 });
    // Linking again adds nobody twice.
    expect((await api.post(`/campaigns/${campaign.id}/contacts`, { tagIds: [tagId] }, { token: t.admin.token })).body).toEqual({
      added: 0,
      contactCount: 3,
    });

    const scheduled = await api.post(`/campaigns/${campaign.id}/start`, undefined, { token: t.admin.token });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', contactCount: 3 });

    const edit = await api.put(`/campaigns/${campaign.id}`, { name: 'Outro' }, { token: t.admin.token });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe('ERR_CAMPAIGN_NOT_EDITABLE');
    const again = await api.post(`/campaigns/${campaign.id}/start`, undefined, { token: t.admin.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_CAMPAIGN_STATUS');
    const pause = await api.post(`/campaigns/${campaign.id}/pause`, undefined, { token: t.admin.token });
    expect(pause.status).toBe(409);
    expect(pause.body.error).toBe('ERR_CAMPAIGN_STATUS');

    const canceled = await api.post(`/campaigns/${campaign.id}/cancel`, undefined, { token: t.admin.token });
    expect(canceled.body.status).toBe('canceled');
    const edited = await api.put(`/campaigns/${campaign.id}`, { name: 'Editada', delaySeconds: 30 }, { token: t.admin.token });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Editada', delaySeconds: 30, status: 'canceled' });
    const pastEdit = await api.put(
      `/campaigns/${campaign.id}`,
      { startAt: new Date(Date.now() - 3_600_000).toISOString() },
      { token: t.admin.token },
    );
    expect(pastEdit.body).toMatchObject({ error: 'ERR_CAMPAIGN_PAST_DATE', message: 'campaign cannot be scheduled in the past' });
    const tooMany = await api.put(`/campaigns/${campaign.id}`, { delaySeconds: 3_601 }, { token: t.admin.token });
    expect(tooMany.status).toBe(400);
  });

  it('chooses among the messages that have a text or a file, uniformly', () => {
    const campaign = { message1: 'a', message2: '  ', message3: 'c', media: [null, null, null] };
    expect(usableMessages(campaign)).toEqual([1, 3]);
    expect(
      usableMessages({ ...campaign, media: [null, { key: 'k', name: 'f', mime: 'image/png', size: 1, type: 'image' }, null] }),
    ).toEqual([1, 2, 3]);
    expect(pickMessage([1, 2, 3], () => 0)).toBe(1);
    expect(pickMessage([1, 2, 3], () => 0.5)).toBe(2);
    expect(pickMessage([1, 2, 3], () => 0.9999)).toBe(3);
    const counts = new Map<number, number>();
    for (let i = 0; i < 3_000; i++) counts.set(pickMessage([1, 2, 3]), (counts.get(pickMessage([1, 2, 3])) ?? 0) + 1);
    for (const n of [1, 2, 3]) expect(counts.get(n)).toBeGreaterThan(800);
  });
});

describe('sending through the WhatsApp Cloud API simulator', () => {
  it('sends each contact exactly one of the 3 messages at random, then finishes; the report and its export agree', async () => {
    const { tagId, contacts } = await taggedContacts(30);
    const campaign = await createCampaign({ startAt: new Date().toISOString() });
    await api.post(`/campaigns/${campaign.id}/contacts`, { tagIds: [tagId] }, { token: t.admin.token });
    const started = await api.post(`/campaigns/${campaign.id}/start`, undefined, { token: t.admin.token });
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    // A cancel while it sends is refused with SPEC §8's text; one that came before the runner took the
    // campaign (still scheduled) cancels it, and it is started again: it still sends each contact once.
    const processing = await api.post(`/campaigns/${campaign.id}/cancel`, undefined, { token: t.admin.token });
    if (processing.status === 409 && processing.body.error === 'ERR_CAMPAIGN_IN_PROCESS')
      expect(processing.body.message).toBe('cannot cancel campaigns in process');
    if (processing.status === 200) {
      expect(processing.body.status).toBe('canceled');
      const again = await api.post(`/campaigns/${campaign.id}/start`, undefined, { token: t.admin.token });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
    }

    await waitStatus(campaign.id, 'finished');
    const variants = new Set<string>();
    for (const contact of contacts) {
      const got = sentTo(contact.number!);
      expect(got, contact.number!).toHaveLength(1);
      const text = String((got[0].payload as any).text?.body);
      const first = contact.name.split(' ')[0];
      expect([`Olá ${first}, promoção A`, `Oi ${first}, promoção B`, `E aí ${first}, promoção C`]).toContain(text);
      variants.add(text.split(',')[1]);
    }
    expect(variants.size).toBeGreaterThan(1);

    const view = await eventually(
      async () => {
        const response = await api.get(`/campaigns/${campaign.id}`, { token: t.admin.token });
        return response.body.sent === 30 ? response.body : undefined;
      },
      { timeoutMs: 15_000, what: 'all 30 counted sent' },
    );
    expect(view).toMatchObject({ contactCount: 30, sent: 30, notSent: 0 });

    const page = await api.get(`/campaigns/${campaign.id}/contacts?pageNumber=1`, { token: t.admin.token });
    expect(page.body.count).toBe(30);
    expect(page.body.contacts.every((c: any) => ['sent', 'delivered', 'read'].includes(c.status) && c.messageNumber >= 1)).toBe(true);
    const csv = await fetch(`${server.url}/campaigns/${campaign.id}/report?format=csv`, {
      headers: { authorization: `Bearer ${t.admin.token}` },
    });
    expect(csv.status).toBe(200);
    // The name as written (accents and spaces), in filename*; an ASCII fallback in filename.
    const disposition = csv.headers.get('content-disposition') ?? '';
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1] ?? '')).toBe(`${campaign.name}.csv`);
    expect(disposition).not.toContain('%20"');
    const text = await csv.text();
    expect(text.trim().split('\n')).toHaveLength(31);
    // In Portuguese, statuses by name, times on the tenant's clock (dd/mm/aaaa hh:mm:ss).
    expect(text).toContain('Nome;Número;Situação;Mensagem;Enviada em;Motivo');
    expect(text).toMatch(/;(Enviada|Entregue|Lida);\d;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};/);
    expect(text).toContain(contacts[0].number!);
    const xlsx = await fetch(`${server.url}/campaigns/${campaign.id}/report?format=xlsx`, {
      headers: { authorization: `Bearer ${t.admin.token}` },
    });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('keeps the delay between sends; pause, cancel and a new start never send anyone twice', async () => {
    const { tagId, contacts } = await taggedContacts(4);
    const campaign = await createCampaign({ startAt: new Date().toISOString(), delaySeconds: 1 });
    await api.post(`/campaigns/${campaign.id}/contacts`, { tagIds: [tagId] }, { token: t.admin.token });
    await api.post(`/campaigns/${campaign.id}/start`, undefined, { token: t.admin.token });
    await eventually(async () => contacts.some((c) => sentTo(c.number!).length > 0), { timeoutMs: 15_000, what: 'a first send' });

    const refused = await api.post(`/campaigns/${campaign.id}/cancel`, undefined, { token: t.admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'ERR_CAMPAIGN_IN_PROCESS', message: 'cannot cancel campaigns in process' });
    const paused = await api.post(`/campaigns/${campaign.id}/pause`, undefined, { token: t.admin.token });
    expect(paused.body.status).toBe('paused');
    const canceled = await api.post(`/campaigns/${campaign.id}/cancel`, undefined, { token: t.admin.token });
    expect(canceled.body.status).toBe('canceled');
    const restarted = await api.post(`/campaigns/${campaign.id}/start`, undefined, { token: t.admin.token });
    expect(restarted.body.status).toBe('scheduled');
    await waitStatus(campaign.id, 'finished');
    for (const contact of contacts) expect(sentTo(contact.number!), contact.number!).toHaveLength(1);

    const claims = await rows(
      server.ctx,
      sql`select claimed_at from campaign_contacts where campaign_id = ${campaign.id} order by claimed_at`,
    );
    const times = claims.map((row) => new Date(row.claimed_at as string).getTime());
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(990);
  }, 60_000);

  it("opens the ticket of a contact's reply in the campaign's queue", async () => {
    const { tagId, contacts } = await taggedContacts(1);
    const campaign = await createCampaign({ startAt: new Date().toISOString(), queueId: t.otherQueue.id });
    await api.post(`/campaigns/${campaign.id}/contacts`, { tagIds: [tagId] }, { token: t.admin.token });
    await api.post(`/campaigns/${campaign.id}/start`, undefined, { token: t.admin.token });
    await waitStatus(campaign.id, 'finished');
    const contact = contacts[0];
    const delivery = await sim.sendInbound({ type: 'text', from: contact.number!, name: contact.name, text: 'Quero saber mais' });
    expect(delivery.status).toBe(200);
    const ticket = await eventually(
      async () =>
        (await rows(server.ctx, sql`select queue_id from tickets where contact_id = ${contact.id} and status in ('open', 'pending')`))[0],
      { timeoutMs: 15_000, what: 'the reply ticket' },
    );
    expect(Number(ticket.queue_id)).toBe(t.otherQueue.id);
  });
});

describe('who may, and tenant isolation', () => {
  it('a plain user may not manage campaigns; another tenant sees none of them and links none of its contacts', async () => {
    const campaign = await createCampaign();
    expect((await api.get('/campaigns', { token: t.agent.token })).status).toBe(403);
    expect((await api.get(`/campaigns/${campaign.id}`, { token: other.admin.token })).body.error).toBe('ERR_NO_CAMPAIGN_FOUND');
    expect((await api.get('/campaigns', { token: other.admin.token })).body.map((c: any) => c.id)).not.toContain(campaign.id);
    expect((await api.post(`/campaigns/${campaign.id}/start`, undefined, { token: other.admin.token })).status).toBe(404);

    const foreign = await taggedContacts(2, other);
    const linked = await api.post(`/campaigns/${campaign.id}/contacts`, { tagIds: [foreign.tagId] }, { token: t.admin.token });
    expect(linked.body).toEqual({ added: 0, contactCount: 0 });
    const byId = await api.post(
      `/campaigns/${campaign.id}/contacts`,
      { contactIds: foreign.contacts.map((c) => c.id) },
      { token: t.admin.token },
    );
    expect(byId.status).toBe(404);
    expect(byId.body.error).toBe('ERR_NO_CONTACT_FOUND');
    const otherChannel = await api.post(
      '/campaigns',
      { name: 'x', startAt: soon(), whatsappId: other.channel.id },
      { token: t.admin.token },
    );
    expect(otherChannel.body.error).toBe('ERR_NO_WAPP_FOUND');
  });
});
