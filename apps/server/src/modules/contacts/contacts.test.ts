import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { buildTenant } from '../../../test/factories.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, buildContact, closeAllSockets, connectAgent, rows, type Agent } from '../../../test/inbox.js';
import { eventsBeforeMarker } from '../../../test/markers.js';
import type { DomainEvent } from '../../platform/events/domain-events.js';
import { CONTACTS_PAGE_SIZE } from './contacts.schemas.js';

let server: TestServer;
let api: Api;
let tenantId: number;
let admin: Agent;
let supervisor: Agent;
let agent: Agent;
let otherAdmin: Agent;
let otherAgent: Agent;
const events: DomainEvent[] = [];

beforeAll(async () => {
  server = await startTestServer();
  api = new Api(server.url);
  server.ctx.events.subscribe((event) => void events.push(event));
  const tenant = await buildTenant(server.ctx);
  tenantId = tenant.id;
  admin = await buildAgent(server, tenant.id, 'admin');
  supervisor = await buildAgent(server, tenant.id, 'super');
  agent = await buildAgent(server, tenant.id, 'user');
  const other = await buildTenant(server.ctx);
  otherAdmin = await buildAgent(server, other.id, 'admin');
  otherAgent = await buildAgent(server, other.id, 'user');
});
afterAll(async () => {
  closeAllSockets();
  await server?.close();
});

let sequence = 0;
/** A valid Brazilian mobile number not used before in this file, with the '+' and punctuation people type. */
const freshNumber = () => {
  const digits = `5521${String(910000000 + ++sequence * 7919)}`;
  return { typed: `+${digits.slice(0, 2)} (${digits.slice(2, 4)}) ${digits.slice(4, 9)}-${digits.slice(9)}`, stored: digits };
};

const contactEvents = (contactId: number) => events.filter((e) => e.type === 'contact.changed' && e.contactId === contactId);

/** Once relayed, the one event of a created contact, carrying the new contact (the push and the webhooks read it from there). */
async function expectCreatedEvent(created: { id: number }, contactFields: Record<string, unknown>) {
  await server.ctx.events.drain();
  expect(contactEvents(created.id)).toEqual([
    {
      type: 'contact.changed',
      tenantId,
      contactId: created.id,
      action: 'create',
      stored: { contact: expect.objectContaining({ id: created.id, ...contactFields }), tags: [] },
    },
  ]);
}

describe('POST /contacts', () => {
  it('creates a contact with every SPEC field; the number is stored as E.164 digits and the birthday as an ISO date', async () => {
    const number = freshNumber();
    const response = await api.post(
      '/contacts',
      {
        name: '  Maria da Silva ',
        number: number.typed,
        email: ' Maria@Example.TEST ',
        identity: '529.982.247-25',
        birthday: '20/05/1990',
        firstName: 'Maria',
        lastName: 'Silva',
        businessName: 'Padaria Silva',
        extraInfo: [{ name: 'Plano', value: 'Ouro' }],
        wallets: [agent.id, supervisor.id],
        chatbotBlocked: true,
      },
      { token: agent.token },
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Maria da Silva',
      number: number.stored,
      email: 'maria@example.test',
      identity: '529.982.247-25',
      birthday: '1990-05-20',
      firstName: 'Maria',
      lastName: 'Silva',
      businessName: 'Padaria Silva',
      extraInfo: [{ name: 'Plano', value: 'Ouro' }],
      wallets: [agent.id, supervisor.id].sort((a, b) => a - b),
      blocked: false,
      chatbotBlocked: true,
      isGroup: false,
    });
    await expectCreatedEvent(response.body, { number: response.body.number });
  });

  it('without wallets: one statement stores the contact and logs its event, which carries it (the log keeps it without the rows)', async () => {
    const number = freshNumber();
    const response = await api.post(
      '/contacts',
      { name: 'Sem carteira', number: number.typed, birthday: '1990-05-20' },
      { token: agent.token },
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Sem carteira', number: number.stored, birthday: '1990-05-20', wallets: [], tags: [] });
    await expectCreatedEvent(response.body, { number: number.stored, birthday: '1990-05-20' });
    const logged = await rows(
      server.ctx,
      sql`select type, payload, relayed_at is not null as "relayed" from domain_events where type = 'contact.changed' and payload ->> 'contactId' = ${String(response.body.id)}`,
    );
    expect(logged).toEqual([
      {
        type: 'contact.changed',
        payload: { type: 'contact.changed', tenantId, contactId: response.body.id, action: 'create' },
        relayed: expect.any(Boolean),
      },
    ]);

    // A number already taken: 409 and nothing written, no event.
    const twin = await api.post('/contacts', { name: 'Gêmeo', number: number.typed }, { token: agent.token });
    expect(twin.status).toBe(409);
    expect(twin.body.error).toBe('ERR_DUPLICATED_CONTACT');
    expect(await rows(server.ctx, sql`select id from contacts where tenant_id = ${tenantId} and name = 'Gêmeo'`)).toEqual([]);
  });

  it('accepts a CNPJ, an ISO birthday, the legacy 8-digit Brazilian mobile form and a number typed without "+"', async () => {
    const response = await api.post(
      '/contacts',
      { name: 'Loja', number: '551188887777', identity: '11.222.333/0001-81', birthday: '1985-12-31' },
      { token: agent.token },
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      number: '551188887777',
      identity: '11.222.333/0001-81',
      birthday: '1985-12-31',
      email: null,
      wallets: [],
    });
  });

  it('refuses a number that is not a phone number with its country code: 400 ERR_INVALID_PHONE', async () => {
    for (const number of ['12345', 'abc', '+55 11', '0000000000000', '+999 1234567']) {
      const response = await api.post('/contacts', { name: 'Bad number', number }, { token: agent.token });
      expect(response.status, number).toBe(400);
      expect(response.body).toMatchObject({ error: 'ERR_INVALID_PHONE', fields: { number: [expect.any(String)] } });
    }
  });

  it('refuses a number the tenant already has, however it is typed: 409 ERR_DUPLICATED_CONTACT; another tenant may have it', async () => {
    const number = freshNumber();
    expect((await api.post('/contacts', { name: 'First', number: number.stored }, { token: agent.token })).status).toBe(201);
    const again = await api.post('/contacts', { name: 'Second', number: number.typed }, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'ERR_DUPLICATED_CONTACT', message: 'A contact with this number already exists.' });

    const elsewhere = await api.post('/contacts', { name: 'Other tenant', number: number.typed }, { token: otherAgent.token });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.number).toBe(number.stored);
  });

  it('validates e-mail, CPF/CNPJ, birthday (dd/MM/yyyy, a real past date), name and extra info', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not-an-email' }, 'email'],
      [{ identity: '123.456.789-00' }, 'identity'],
      [{ identity: '11.222.333/0001-00' }, 'identity'],
      [{ birthday: '31/02/2000' }, 'birthday'],
      [{ birthday: '2000/01/01' }, 'birthday'],
      [{ birthday: '01/01/2999' }, 'birthday'],
      [{ name: '   ' }, 'name'],
      [{ extraInfo: [{ name: '', value: 'x' }] }, 'extraInfo.0.name'],
      [{ wallets: ['x'] }, 'wallets.0'],
    ];
    for (const [fields, path] of cases) {
      const response = await api.post('/contacts', { name: 'Valid', number: freshNumber().stored, ...fields }, { token: agent.token });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(response.body.error).toBe('ERR_VALIDATION');
      expect(Object.keys(response.body.fields), JSON.stringify(fields)).toEqual([path]);
    }
    const missing = await api.post('/contacts', {}, { token: agent.token });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields).sort()).toEqual(['name', 'number']);
  });

  it('treats emptied optional fields as none', async () => {
    const response = await api.post(
      '/contacts',
      { name: 'Blank', number: freshNumber().stored, email: '', identity: ' ', birthday: '', businessName: '' },
      { token: agent.token },
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ email: null, identity: null, birthday: null, businessName: null });
  });

  it("refuses wallet owners who are not users of the tenant (another tenant's user included): 404 ERR_NO_USER_FOUND, nothing created", async () => {
    const number = freshNumber();
    const response = await api.post(
      '/contacts',
      { name: 'Wallet', number: number.stored, wallets: [agent.id, otherAgent.id] },
      { token: agent.token },
    );
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('ERR_NO_USER_FOUND');
    const list = await api.get(`/contacts?searchParam=${number.stored}`, { token: agent.token });
    expect(list.body.count).toBe(0);
  });

  it('needs a signed-in user', async () => {
    const response = await api.post('/contacts', { name: 'Anonymous', number: freshNumber().stored });
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('ERR_INVALID_TOKEN');
  });
});

describe('GET /contacts', () => {
  it('pages the contacts by name with count and hasMore', async () => {
    const tenant = await buildTenant(server.ctx);
    const user = await buildAgent(server, tenant.id, 'user');
    for (let i = 0; i < CONTACTS_PAGE_SIZE + 5; i++)
      await buildContact(server.ctx, tenant.id, { name: `Pessoa ${String(i).padStart(3, '0')}` });

    const first = await api.get('/contacts', { token: user.token });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(CONTACTS_PAGE_SIZE + 5);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.contacts).toHaveLength(CONTACTS_PAGE_SIZE);
    expect(first.body.contacts[0].name).toBe('Pessoa 000');

    const second = await api.get('/contacts?pageNumber=2', { token: user.token });
    expect(second.body).toMatchObject({ count: CONTACTS_PAGE_SIZE + 5, hasMore: false });
    expect(second.body.contacts.map((c: any) => c.name)).toEqual(['Pessoa 040', 'Pessoa 041', 'Pessoa 042', 'Pessoa 043', 'Pessoa 044']);
  });

  it('searches by name, e-mail or number (typed with punctuation), and shows wallets', async () => {
    const number = freshNumber();
    const created = await api.post(
      '/contacts',
      { name: 'Zélia Procurada', number: number.typed, email: 'zelia@search.test', wallets: [agent.id] },
      { token: agent.token },
    );
    expect(created.status).toBe(201);
    for (const search of ['zélia', 'ZELIA@SEARCH', number.typed, number.stored.slice(4)]) {
      const response = await api.get(`/contacts?searchParam=${encodeURIComponent(search)}`, { token: agent.token });
      expect(response.status, search).toBe(200);
      expect(
        response.body.contacts.map((c: any) => c.id),
        search,
      ).toEqual([created.body.id]);
      expect(response.body.contacts[0].wallets).toEqual([agent.id]);
    }
  });

  it("never shows another tenant's contacts", async () => {
    const number = freshNumber();
    await api.post('/contacts', { name: 'Segredo do Alpha', number: number.stored }, { token: agent.token });
    const response = await api.get('/contacts?searchParam=Segredo', { token: otherAdmin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ contacts: [], count: 0, hasMore: false });
  });
});

describe('GET, PUT /contacts/:id', () => {
  it('reads and edits a contact: fields left out stay, wallets are replaced, the number is normalised again', async () => {
    const created = await api.post(
      '/contacts',
      { name: 'Editável', number: freshNumber().stored, email: 'edit@example.test', wallets: [agent.id] },
      { token: agent.token },
    );
    const id = created.body.id;
    const read = await api.get(`/contacts/${id}`, { token: agent.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);

    const number = freshNumber();
    const updated = await api.put(
      `/contacts/${id}`,
      { name: 'Editado', number: number.typed, wallets: [admin.id], extraInfo: [{ name: 'CRM', value: '42' }] },
      { token: agent.token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id,
      name: 'Editado',
      number: number.stored,
      email: 'edit@example.test',
      wallets: [admin.id],
      extraInfo: [{ name: 'CRM', value: '42' }],
    });

    const cleared = await api.put(`/contacts/${id}`, { email: null, wallets: [] }, { token: agent.token });
    expect(cleared.body).toMatchObject({ name: 'Editado', email: null, wallets: [] });
    await server.ctx.events.drain();
    expect(contactEvents(id).map((e) => (e as { action: string }).action)).toEqual(['create', 'update', 'update']);
  });

  it('refuses to move a contact to a number another contact has (409) or to an invalid number (400)', async () => {
    const taken = freshNumber();
    await api.post('/contacts', { name: 'Owner', number: taken.stored }, { token: agent.token });
    const created = await api.post('/contacts', { name: 'Mover', number: freshNumber().stored }, { token: agent.token });
    const duplicated = await api.put(`/contacts/${created.body.id}`, { number: taken.typed }, { token: agent.token });
    expect(duplicated.status).toBe(409);
    expect(duplicated.body.error).toBe('ERR_DUPLICATED_CONTACT');
    const invalid = await api.put(`/contacts/${created.body.id}`, { number: '999' }, { token: agent.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('ERR_INVALID_PHONE');
    expect((await api.get(`/contacts/${created.body.id}`, { token: agent.token })).body.number).toBe(created.body.number);
  });

  it('answers 404 ERR_NO_CONTACT_FOUND for a missing id', async () => {
    expect((await api.get('/contacts/2147483000', { token: agent.token })).body.error).toBe('ERR_NO_CONTACT_FOUND');
    const response = await api.put('/contacts/2147483000', { name: 'x' }, { token: agent.token });
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('ERR_NO_CONTACT_FOUND');
  });
});

describe('PUT /contacts/:id/block', () => {
  it('blocks and unblocks a contact, and blocks it from the chatbot, each flag on its own', async () => {
    const created = await api.post('/contacts', { name: 'Bloqueável', number: freshNumber().stored }, { token: agent.token });
    const id = created.body.id;
    const blocked = await api.put(`/contacts/${id}/block`, { blocked: true }, { token: agent.token });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ id, blocked: true, chatbotBlocked: false });

    const bot = await api.put(`/contacts/${id}/block`, { chatbotBlocked: true }, { token: agent.token });
    expect(bot.body).toMatchObject({ blocked: true, chatbotBlocked: true });

    const unblocked = await api.put(`/contacts/${id}/block`, { blocked: false }, { token: agent.token });
    expect(unblocked.body).toMatchObject({ blocked: false, chatbotBlocked: true });

    const empty = await api.put(`/contacts/${id}/block`, {}, { token: agent.token });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('ERR_VALIDATION');
  });

  it('pushes the change to the agents of the tenant as a presented contact', async () => {
    const created = await api.post('/contacts', { name: 'Socket', number: freshNumber().stored }, { token: agent.token });
    const peer = await connectAgent(server.url, supervisor.token);
    const outsider = await connectAgent(server.url, otherAdmin.token);
    await api.put(`/contacts/${created.body.id}/block`, { blocked: true }, { token: agent.token });
    const pushed = await peer.waitFor('contact', (p) => p.contact?.id === created.body.id);
    expect(pushed).toMatchObject({ action: 'update', contact: { id: created.body.id, blocked: true } });
    // The push went out in one emit: the other tenant's marker comes after anything it sent there.
    const [before] = await eventsBeforeMarker(server.url, otherAdmin.token, [outsider]);
    expect(before.filter((e) => e.event === 'contact')).toEqual([]);
  });
});

describe('DELETE /contacts/:id', () => {
  it('is for supervisors and admins only (403 for a user), then the contact is gone', async () => {
    const created = await api.post('/contacts', { name: 'Apagável', number: freshNumber().stored }, { token: agent.token });
    const id = created.body.id;
    const byUser = await api.delete(`/contacts/${id}`, { token: agent.token });
    expect(byUser.status).toBe(403);
    expect(byUser.body.error).toBe('ERR_NO_PERMISSION');

    expect((await api.delete(`/contacts/${id}`, { token: supervisor.token })).status).toBe(204);
    expect((await api.get(`/contacts/${id}`, { token: agent.token })).status).toBe(404);
    const again = await api.delete(`/contacts/${id}`, { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('ERR_NO_CONTACT_FOUND');
    await server.ctx.events.drain();
    expect(contactEvents(id).map((e) => (e as { action: string }).action)).toEqual(['create', 'delete']);
  });
});

describe('tenant isolation', () => {
  it("answers 404 to every route given another tenant's contact id, and changes nothing", async () => {
    const created = await api.post(
      '/contacts',
      { name: 'Só do Alpha', number: freshNumber().stored, wallets: [agent.id] },
      { token: agent.token },
    );
    const id = created.body.id;
    for (const token of [otherAdmin.token, otherAgent.token]) {
      expect((await api.get(`/contacts/${id}`, { token })).status).toBe(404);
      expect((await api.put(`/contacts/${id}`, { name: 'Hacked' }, { token })).status).toBe(404);
      expect((await api.put(`/contacts/${id}/block`, { blocked: true }, { token })).status).toBe(404);
    }
    const deleted = await api.delete(`/contacts/${id}`, { token: otherAdmin.token });
    expect(deleted.status).toBe(404);
    expect(deleted.body.error).toBe('ERR_NO_CONTACT_FOUND');
    expect((await api.get(`/contacts/${id}`, { token: agent.token })).body).toEqual(created.body);
  });
});
