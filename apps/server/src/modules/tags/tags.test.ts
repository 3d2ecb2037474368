/**
 * Tags (SPEC §2 /etiquetas, §3 Tag: name, color, active): CRUD at /tags (supervisors and admins
 * write, every user lists the active ones), name unique per tenant whatever its case; tickets and
 * contacts carry them (PUT /tickets/{id}/tags, PUT /contacts/{id}/tags) within the tickets'
 * visibility; an inactive tag stays but cannot be added; the ticket and contact lists filter by
 * tags; deleting a tag detaches it (GET /tags/{id}/usage tells how much); changes are pushed live;
 * a chatbot flow's "tag" interaction tags the customer's ticket.
 */
import { SOCKET_EVENTS } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { customer, flowChannel, positionRow, publishedFlow, waitBotMessages } from '../../../test/chatbot.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import {
  buildAgent,
  buildContact,
  buildInboxTenant,
  connectAgent,
  count,
  eventually,
  inboundTicket,
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

let sequence = 0;
type TagBody = { id: number; name: string; color: string; isActive: boolean };

async function createTag(body: Record<string, unknown> = {}, token = t.admin.token): Promise<TagBody> {
  const response = await api.post('/tags', { name: `Etiqueta ${++sequence}`, color: '#3366FF', ...body }, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as TagBody;
}

const conversation = (target: InboxTenant = t, name = 'Maria Souza') =>
  inboundTicket(server.ctx, { tenantId: target.tenant.id, channelId: target.channel.id }, { name });

const tagTicket = (ticketId: number, tagIds: number[], token = t.agent.token) =>
  api.put(`/tickets/${ticketId}/tags`, { tagIds }, { token });
const tagNames = async (ticketId: number, token = t.admin.token) =>
  ((await api.get(`/tickets/${ticketId}`, { token })).body.tags as { name: string }[]).map((tag) => tag.name);

describe('tags: CRUD and profiles', () => {
  it('supervisors and admins create, edit and delete; names are trimmed, unique whatever their case; colors are #rrggbb', async () => {
    const created = await createTag({ name: '  Cliente VIP  ', color: '#FFAA00' }, supervisor.token);
    expect(created).toMatchObject({ name: 'Cliente VIP', color: '#ffaa00', isActive: true });

    const duplicate = await api.post('/tags', { name: 'cliente vip', color: '#000000' }, { token: t.admin.token });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('ERR_DUPLICATED_TAG');
    // Another tenant may use the same name.
    expect((await api.post('/tags', { name: 'Cliente VIP', color: '#000000' }, { token: other.admin.token })).status).toBe(201);

    for (const body of [
      { name: '', color: '#000000' },
      { name: 'x'.repeat(61), color: '#000000' },
      { name: 'Ok', color: 'red' },
      { name: 'Ok' },
    ]) {
      const response = await api.post('/tags', body, { token: t.admin.token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
    }

    const renamed = await api.put(`/tags/${created.id}`, { name: 'Cliente Ouro', isActive: false }, { token: supervisor.token });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Cliente Ouro', color: '#ffaa00', isActive: false });
    const clash = await createTag({}, t.admin.token);
    expect((await api.put(`/tags/${clash.id}`, { name: 'CLIENTE OURO' }, { token: t.admin.token })).status).toBe(409);

    // Agents: no writes; they list the active tags only.
    expect((await api.post('/tags', { name: 'Nope', color: '#000000' }, { token: t.agent.token })).status).toBe(403);
    expect((await api.put(`/tags/${clash.id}`, { name: 'Nope' }, { token: t.agent.token })).status).toBe(403);
    expect((await api.delete(`/tags/${clash.id}`, { token: t.agent.token })).status).toBe(403);
    expect((await api.get(`/tags/${clash.id}/usage`, { token: t.agent.token })).status).toBe(403);
    const agentList = (await api.get('/tags', { token: t.agent.token })).body as TagBody[];
    expect(agentList.map((tag) => tag.id)).toContain(clash.id);
    expect(agentList.map((tag) => tag.id)).not.toContain(created.id);
    const adminList = (await api.get('/tags', { token: t.admin.token })).body as TagBody[];
    expect(adminList.map((tag) => tag.id)).toContain(created.id);
    expect((await api.get('/tags?activeOnly=true', { token: t.admin.token })).body.map((tag: TagBody) => tag.id)).not.toContain(created.id);

    // Another tenant's tag does not exist.
    expect((await api.put(`/tags/${created.id}`, { name: 'Roubada' }, { token: other.admin.token })).status).toBe(404);
    expect((await api.delete(`/tags/${created.id}`, { token: other.admin.token })).status).toBe(404);
    expect((await api.get('/tags', { token: other.admin.token })).body.map((tag: TagBody) => tag.id)).not.toContain(created.id);
  });
});

describe('tags on tickets', () => {
  it('an agent tags a ticket they see; the ticket answers its tags by name; a ticket they cannot see is refused', async () => {
    const [urgent, vip] = [await createTag({ name: `Urgente ${++sequence}` }), await createTag({ name: `aguardando ${++sequence}` })];
    const { ticketId } = await conversation();
    const response = await tagTicket(ticketId, [urgent.id, vip.id, urgent.id]);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.map((tag: { name: string }) => tag.name)).toEqual([vip.name, urgent.name]);
    expect(await tagNames(ticketId)).toEqual([vip.name, urgent.name]);

    // The outsider (in no queue of this ticket) may not tag it, and nothing changes.
    const refused = await tagTicket(ticketId, [], t.outsider.token);
    expect(refused.status).toBe(403);
    expect(await tagNames(ticketId)).toEqual([vip.name, urgent.name]);

    // Replacing the set.
    expect((await tagTicket(ticketId, [urgent.id])).status).toBe(200);
    expect(await tagNames(ticketId)).toEqual([urgent.name]);
  });

  it("another tenant's tag ids or ticket: 4xx, never attached", async () => {
    const foreign = await createTag({}, other.admin.token);
    const { ticketId } = await conversation();
    const response = await tagTicket(ticketId, [foreign.id]);
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('ERR_NO_TAG_FOUND');
    expect(await count(server.ctx, sql`select count(*)::int as n from ticket_tags where tag_id = ${foreign.id}`)).toBe(0);
    const mine = await createTag();
    expect((await tagTicket(ticketId, [mine.id], other.admin.token)).status).toBe(404);
    expect(await tagNames(ticketId)).toEqual([]);

    const contact = await buildContact(server.ctx, t.tenant.id);
    expect((await api.put(`/contacts/${contact.id}/tags`, { tagIds: [foreign.id] }, { token: t.agent.token })).status).toBe(404);
    expect((await api.put(`/contacts/${contact.id}/tags`, { tagIds: [mine.id] }, { token: other.admin.token })).status).toBe(404);
    expect(await count(server.ctx, sql`select count(*)::int as n from contact_tags where contact_id = ${contact.id}`)).toBe(0);
  });

  it('an inactive tag cannot be added, but stays where it is', async () => {
    const kept = await createTag();
    const { ticketId } = await conversation();
    expect((await tagTicket(ticketId, [kept.id])).status).toBe(200);
    await api.put(`/tags/${kept.id}`, { isActive: false }, { token: t.admin.token });
    expect(await tagNames(ticketId)).toEqual([kept.name]);

    const fresh = await createTag();
    // Keeping it while adding another is fine.
    expect((await tagTicket(ticketId, [kept.id, fresh.id])).status).toBe(200);
    const second = await conversation(t, 'João Lima');
    const refused = await tagTicket(second.ticketId, [kept.id]);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('ERR_VALIDATION');
    expect(refused.body.message).toContain(kept.name);
    expect(await tagNames(second.ticketId)).toEqual([]);
  });

  it('the ticket list filters by tags (any of them), within the visibility', async () => {
    const [a, b, c] = [await createTag(), await createTag(), await createTag()];
    const first = await conversation(t, 'Ana');
    const second = await conversation(t, 'Bruno');
    const third = await conversation(t, 'Carla');
    await tagTicket(first.ticketId, [a.id]);
    await tagTicket(second.ticketId, [b.id, c.id]);
    const ids = async (query: string, token = t.admin.token) => {
      const response = await api.get(`/tickets?showAll=true&${query}`, { token });
      expect(response.status).toBe(200);
      return (response.body.tickets as { id: number }[]).map((ticket) => ticket.id).sort((x, y) => x - y);
    };
    expect(await ids(`tagIds=${a.id}`)).toEqual([first.ticketId]);
    expect(await ids(`tagIds=${a.id},${c.id}`)).toEqual([first.ticketId, second.ticketId].sort((x, y) => x - y));
    expect(await ids(`tagIds=${a.id}&tagIds=${b.id}`)).toEqual([first.ticketId, second.ticketId].sort((x, y) => x - y));
    expect(await ids('')).toEqual(expect.arrayContaining([third.ticketId]));
    // The outsider sees none of them, even by tag.
    expect(await ids(`tagIds=${a.id},${b.id}`, t.outsider.token)).toEqual([]);
    // Another tenant's admin filtering by these tags finds nothing.
    expect(await ids(`tagIds=${a.id}`, other.admin.token)).toEqual([]);
    expect((await api.get('/tickets?tagIds=abc', { token: t.admin.token })).status).toBe(400);
  });

  it('deleting a tag: the usage says how much it detaches; it goes from tickets and contacts', async () => {
    const doomed = await createTag();
    const { ticketId } = await conversation();
    const contact = await buildContact(server.ctx, t.tenant.id);
    await tagTicket(ticketId, [doomed.id]);
    expect((await api.put(`/contacts/${contact.id}/tags`, { tagIds: [doomed.id] }, { token: t.agent.token })).status).toBe(200);
    expect((await api.get(`/tags/${doomed.id}/usage`, { token: supervisor.token })).body).toEqual({ tickets: 1, contacts: 1 });
    expect((await api.get(`/tags/${doomed.id}/usage`, { token: other.admin.token })).status).toBe(404);

    const socket = await connectAgent(server.url, t.admin.token);
    expect((await api.delete(`/tags/${doomed.id}`, { token: supervisor.token })).status).toBe(204);
    const pushed = await socket.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId);
    expect(pushed.ticket.tags).toEqual([]);
    await socket.waitFor(SOCKET_EVENTS.contact, (p) => p.contact?.id === contact.id);
    expect(await tagNames(ticketId)).toEqual([]);
    expect((await api.get(`/contacts/${contact.id}`, { token: t.agent.token })).body.tags).toEqual([]);
    expect((await api.delete(`/tags/${doomed.id}`, { token: supervisor.token })).status).toBe(404);
  });

  it('tagging pushes the ticket to its agents with its tags', async () => {
    const tag = await createTag();
    const { ticketId } = await conversation();
    const socket = await connectAgent(server.url, t.peer.token);
    expect((await tagTicket(ticketId, [tag.id])).status).toBe(200);
    const pushed = await socket.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId && p.ticket.tags.length === 1);
    expect(pushed.ticket.tags).toEqual([{ id: tag.id, name: tag.name, color: tag.color }]);
    // Renamed or recoloured: its tickets are pushed again with the new chip.
    expect((await api.put(`/tags/${tag.id}`, { name: `${tag.name} ouro`, color: '#00AA00' }, { token: t.admin.token })).status).toBe(200);
    const renamed = await socket.waitFor(SOCKET_EVENTS.ticket, (p) => p.ticket?.id === ticketId && p.ticket.tags[0]?.color === '#00aa00');
    expect(renamed.ticket.tags).toEqual([{ id: tag.id, name: `${tag.name} ouro`, color: '#00aa00' }]);
  });
});

describe('tags on contacts', () => {
  it('every user sets a contact tags; the contact answers them; the contact list filters by tags', async () => {
    const [a, b] = [await createTag(), await createTag()];
    const tagged = await buildContact(server.ctx, t.tenant.id, { name: `Zé Etiquetado ${++sequence}` });
    const plain = await buildContact(server.ctx, t.tenant.id, { name: `Zé Sem ${++sequence}` });
    const socket = await connectAgent(server.url, t.agent.token);
    const response = await api.put(`/contacts/${tagged.id}/tags`, { tagIds: [b.id, a.id] }, { token: t.agent.token });
    expect(response.status).toBe(200);
    expect(response.body.map((tag: { id: number }) => tag.id)).toEqual([a.id, b.id]);
    await socket.waitFor(SOCKET_EVENTS.contact, (p) => p.contact?.id === tagged.id);
    expect((await api.get(`/contacts/${tagged.id}`, { token: t.agent.token })).body.tags.map((tag: { id: number }) => tag.id)).toEqual([
      a.id,
      b.id,
    ]);

    const list = await api.get(`/contacts?tagIds=${b.id}`, { token: t.agent.token });
    expect(list.status).toBe(200);
    expect(list.body.contacts.map((contact: { id: number }) => contact.id)).toEqual([tagged.id]);
    expect(list.body.contacts[0].tags).toHaveLength(2);
    const all = await api.get('/contacts?searchParam=Zé', { token: t.agent.token });
    expect(all.body.contacts.map((contact: { id: number }) => contact.id)).toEqual(expect.arrayContaining([tagged.id, plain.id]));

    await api.put(`/tags/${a.id}`, { isActive: false }, { token: t.admin.token });
    const refused = await api.put(`/contacts/${plain.id}/tags`, { tagIds: [a.id] }, { token: t.agent.token });
    expect(refused.status).toBe(400);
    expect((await api.put(`/contacts/${tagged.id}/tags`, { tagIds: [a.id] }, { token: t.agent.token })).status).toBe(200);
  });
});

describe('chatbot: the "tag" interaction', () => {
  it('a customer going through the flow gets the tag on their ticket, and the flow goes on at once', async () => {
    const tag = await createTag({ name: `Lead do bot ${++sequence}` });
    const flow = await publishedFlow(api, t.admin.token, {
      steps: [
        {
          id: 'start',
          name: 'Início',
          interactions: [
            { id: 'i1', kind: 'tag', tagId: tag.id },
            { id: 'i2', kind: 'tag', tagId: tag.id },
            { id: 'i3', kind: 'text', text: 'Marcamos você como lead.' },
          ],
          conditions: [{ id: 'c1', type: 'any', route: { kind: 'close' } }],
        },
      ],
    });
    const channel = await flowChannel(server, t.tenant.id, flow.id, t.queue.id);
    const { ticketId } = await customer(server, t.tenant.id, channel.id)('Oi');
    expect(await waitBotMessages(server, ticketId, 1)).toEqual(['Marcamos você como lead.']);
    expect(await positionRow(server, ticketId)).toMatchObject({ stepId: 'start', waitingFor: 'answer' });
    expect(await tagNames(ticketId)).toEqual([tag.name]);
  });

  it('a tag deleted after the flow was saved is skipped: the flow goes on; saving a flow naming a missing or foreign tag is refused', async () => {
    const tag = await createTag();
    const flow = await publishedFlow(api, t.admin.token, {
      steps: [
        {
          id: 'start',
          name: 'Início',
          interactions: [
            { id: 'i1', kind: 'tag', tagId: tag.id },
            { id: 'i2', kind: 'text', text: 'Seguimos.' },
          ],
          conditions: [{ id: 'c1', type: 'any', route: { kind: 'close' } }],
        },
      ],
    });
    await api.delete(`/tags/${tag.id}`, { token: t.admin.token });
    const channel = await flowChannel(server, t.tenant.id, flow.id, t.queue.id);
    const { ticketId } = await customer(server, t.tenant.id, channel.id)('Oi');
    expect(await waitBotMessages(server, ticketId, 1)).toEqual(['Seguimos.']);
    expect(await tagNames(ticketId)).toEqual([]);

    const foreign = await createTag({}, other.admin.token);
    for (const tagId of [tag.id, foreign.id]) {
      const response = await api.post(
        '/chat-flow',
        {
          name: `Fluxo ${++sequence}`,
          definition: {
            startStepId: 's',
            steps: [{ id: 's', name: 'S', interactions: [{ id: 'i', kind: 'tag', tagId }], conditions: [] }],
          },
          publish: true,
        },
        { token: t.admin.token },
      );
      expect(response.status).toBe(400);
      expect(response.body.fields['definition.steps.0.interactions.0.tagId']).toBeDefined();
    }
    await eventually(async () => (await positionRow(server, ticketId))?.waitingFor === 'answer');
  });
});
