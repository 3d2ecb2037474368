/**
 * The external API driven exactly as the community n8n node drives it (repository
 * cadusantosofc/n8n-nodes-whazing-api): for each operation, the method, path, headers and body the
 * node builds, and the answer it reads. The node's code is not copied; the facts come from:
 * - credentials/WhazingApi.credentials.ts: "Base URL" (the configuration's base URL, no trailing
 *   slash), `Authorization: Bearer <API Token>` on every call, and the credential test GET
 *   {baseUrl}/statuschannel (any 2xx passes);
 * - nodes/Whazing/GenericFunctions.ts (whazingApiRequest): `{baseUrl}{path}`, JSON with
 *   `Content-Type: application/json` (no header of its own for form-data), a body only when it has
 *   keys; the number stripped to digits (formatPhoneNumber: 55 put before 10–11-digit numbers);
 *   the answer handed on as n8n items (returnJsonArray: an object or an array);
 * - nodes/Whazing/Whazing.node.ts: the operations below (resource msgBaileys, msgOfficial, contact,
 *   ticket, channel), each body as it assembles it (blank parameters sent as "", ids as strings or
 *   Number(...), numbers as numbers for tickets).
 * Then the calls of the public documentation where they differ (below). The operations of the node
 * that Conversa does not offer are listed at the end: each answers a
 * JSON 4xx with its code (404 for the node's isNotFound) and never a 5xx.
 */
import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMetaCloudSimulator, type MetaCloudSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { SOCKET_EVENTS } from '@conversa/shared';
import { buildInboxTenant, connectAgent, connectWabaChannel, type InboxTenant, rows, settledMessageRow } from '../../../test/inbox.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;
let api: Api;
let sim: MetaCloudSimulator;
let files: Server;
let filesUrl: string;
let t: InboxTenant;
/** The n8n credential: Base URL and API Token, as an admin copies them from /api-service. */
let credential: { baseUrl: string; apiToken: string };
let channelId: number;

/** What the simulator recorded as sent to `number`, newest last (Graph's message objects). */
const sentTo = (number: string) => sim.sent.map((s) => s.payload as Record<string, any>).filter((payload) => payload.to === number);

/** A fresh Brazilian mobile number as formatPhoneNumber leaves it (digits, 55 first). */
const newNumber = () => `55119${randomInt(60_000_000, 99_999_999)}`;

interface N8nAnswer {
  status: number;
  body: any;
}

/** whazingApiRequest: `{baseUrl}{path}`, Bearer token, JSON (a body only when it has keys) or form-data. */
async function n8n(method: string, path: string, body: Record<string, unknown> = {}, formData?: FormData): Promise<N8nAnswer> {
  const headers: Record<string, string> = { Authorization: `Bearer ${credential.apiToken}` };
  if (!formData) headers['Content-Type'] = 'application/json';
  const payload = formData ?? (Object.keys(body).length > 0 ? JSON.stringify(body) : undefined);
  const response = await fetch(`${credential.baseUrl.replace(/\/+$/, '')}${path}`, { method, headers, body: payload });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** What the node hands on: returnJsonArray accepts an object or an array of objects. */
function expectItems(answer: N8nAnswer, status = 200) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(typeof answer.body).toBe('object');
  expect(answer.body).not.toBeNull();
}

/** The binary file the node's form-data sends as `media` (fileName, mimeType of the n8n binary). */
function binaryForm(fields: Record<string, string>, fileName = 'foto.png'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('media', new Blob([PNG], { type: 'image/png' }), fileName);
  return form;
}

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startMetaCloudSimulator({ displayPhoneNumber: '5511930000009', templates: ['order_update'] });
  files = createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  t = await buildInboxTenant(server);
  // A WhatsApp Business API channel (the simulator), so buttons, lists and templates can go out.
  channelId = (await connectWabaChannel(server, t, sim)).id;
  const config = await api.post('/api-config', { name: 'n8n', channelId }, { token: t.admin.token });
  expect(config.status).toBe(201);
  credential = { baseUrl: `${server.url}${config.body.basePath}/`, apiToken: config.body.token };
});
afterAll(async () => {
  await sim?.settle();
  await sim?.close();
  await new Promise((resolve) => files?.close(resolve));
  await server?.close();
});

describe('the n8n credential', () => {
  it('passes its test: GET /statuschannel with the Bearer token answers 2xx; a wrong token fails it', async () => {
    const answer = await n8n('GET', '/statuschannel');
    expectItems(answer);
    expect(answer.body).toMatchObject({ id: channelId, type: 'waba', connected: true });
    const saved = credential.apiToken;
    credential.apiToken = 'cva_not-the-token';
    try {
      expect((await n8n('GET', '/statuschannel')).status).toBe(401);
    } finally {
      credential.apiToken = saved;
    }
  });
});

describe('resource msgBaileys (messages)', () => {
  it('sendText: POST "" { body, externalKey: "", number }, then by ticketId (a string)', async () => {
    const number = newNumber();
    const answer = await n8n('POST', '', { body: 'Pedido enviado', externalKey: '', number });
    expectItems(answer, 201);
    expect(answer.body).toMatchObject({ ticketId: expect.any(Number), messageId: expect.any(String) });
    const byTicket = await n8n('POST', '', { body: 'Segue o rastreio', externalKey: '', ticketId: String(answer.body.ticketId) });
    expectItems(byTicket, 201);
    expect(byTicket.body.ticketId).toBe(answer.body.ticketId);
    const sent = await settledMessageRow(server.ctx, byTicket.body.messageId);
    expect(sent.status).not.toBe('failed');
    expect(sentTo(number).some((payload) => payload.text?.body === 'Segue o rastreio')).toBe(true);
  });

  it('a text to a number with an ongoing ticket (one statement): stored, logged, pushed, its one send job delivers it; a closed ticket: a new one', async () => {
    const number = newNumber();
    const first = await n8n('POST', '', { body: 'Primeira', externalKey: '', number });
    expectItems(first, 201);
    const ticketId = first.body.ticketId;
    // The general path's transaction: the ticket's event, then the message's, logged by the message's
    // append in that order (the sweep relays by id), nothing twice.
    const opened = await rows(server.ctx, sql`select type from domain_events where (payload->>'ticketId')::int = ${ticketId} order by id`);
    expect(opened.map((row) => row.type)).toEqual(['ticket.changed', 'message.created']);
    const inbox = await connectAgent(server.url, t.admin.token);
    try {
      const again = await n8n('POST', '', { body: 'Segunda', externalKey: '', number });
      expectItems(again, 201);
      expect(again.body.ticketId).toBe(ticketId);
      const messageId = again.body.messageId;
      // Pushed to the inbox with the ticket as the send left it.
      const pushed = await inbox.waitFor(SOCKET_EVENTS.appMessage, (payload) => payload?.message?.id === messageId);
      expect(pushed).toMatchObject({ action: 'create', message: { body: 'Segunda', fromMe: true, ticketId } });
      expect(pushed.ticket).toMatchObject({ id: ticketId, lastMessage: 'Segunda' });
    } finally {
      inbox.close();
    }
    const messageId = (await rows(server.ctx, sql`select id from messages where ticket_id = ${ticketId} and body = 'Segunda'`))[0]
      .id as string;
    // Its event logged once, as the general path logs it; one send job, which delivered it.
    const events = await rows(
      server.ctx,
      sql`select tenant_id, type, payload from domain_events where payload->>'messageId' = ${messageId}`,
    );
    expect(events).toEqual([
      { tenant_id: t.tenant.id, type: 'message.created', payload: { type: 'message.created', tenantId: t.tenant.id, ticketId, messageId } },
    ]);
    const jobs = await rows(server.ctx, sql`select data from pgboss.job where name = 'message.send' and data->>'messageId' = ${messageId}`);
    expect(jobs).toEqual([{ data: { tenantId: t.tenant.id, messageId } }]);
    expect((await settledMessageRow(server.ctx, messageId)).status).not.toBe('failed');
    await expect.poll(() => sentTo(number).filter((payload) => payload.text?.body === 'Segunda').length).toBe(1);
    const [ticket] = await rows(server.ctx, sql`select last_message from tickets where id = ${ticketId}`);
    expect(ticket).toEqual({ last_message: 'Segunda' });

    // A closed ticket is no conversation: the next text opens a new ticket (the general path).
    expectItems(await n8n('POST', '/updateticketinfo', { ticketId, status: 'closed' }));
    const reopened = await n8n('POST', '', { body: 'Terceira', externalKey: '', number });
    expectItems(reopened, 201);
    expect(reopened.body.ticketId).not.toBe(ticketId);
  });

  it('sendFile by url, by base64 (mediaMessage) and by binary (form-data); sendSticker (form-data, sticker "true")', async () => {
    const number = newNumber();
    const byUrl = await n8n('POST', '', {
      body: 'Catálogo',
      externalKey: `n8n-${Date.now()}`,
      number,
      mediaUrl: `${filesUrl}/catalogo.png`,
    });
    expectItems(byUrl, 201);
    const byBase64 = await n8n('POST', '', {
      body: 'Boleto',
      externalKey: `n8n-${Date.now()}`,
      number,
      mediaMessage: { mediaType: 'image', fileName: 'boleto.png', media: PNG.toString('base64') },
    });
    expectItems(byBase64, 201);
    const byBinary = await n8n('POST', '', {}, binaryForm({ body: 'Nota', externalKey: `n8n-${Date.now()}`, number }));
    expectItems(byBinary, 201);
    const sticker = await n8n('POST', '', {}, binaryForm({ body: 'sticker', sticker: 'true', externalKey: '', number }, 'figurinha.png'));
    expectItems(sticker, 201);
    const stored = await rows(
      server.ctx,
      sql`select media_type, media_name from messages where id in (${byUrl.body.messageId}, ${byBase64.body.messageId}, ${byBinary.body.messageId}, ${sticker.body.messageId}) order by created_at`,
    );
    expect(stored.map((r) => r.media_type)).toEqual(['image', 'image', 'image', 'image']);
    expect(stored.map((r) => r.media_name)).toEqual(expect.arrayContaining(['boleto.png', 'foto.png', 'figurinha.png']));
  });

  it('sendButton: POST /apioficial { contents: { type: "button", body, action.buttons[{ type: "reply", reply }], footer, header }, number }', async () => {
    const number = newNumber();
    const answer = await n8n('POST', '/apioficial', {
      contents: {
        type: 'button',
        body: { text: 'Confirma o pedido?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'sim', title: 'Sim' } },
            { type: 'reply', reply: { id: 'Não', title: 'Não' } },
          ],
        },
        footer: { text: 'Loja' },
        header: { type: 'text', text: 'Pedido 123' },
      },
      number,
    });
    expectItems(answer, 201);
    await settledMessageRow(server.ctx, answer.body.messageId);
    const payload = sentTo(number).at(-1);
    expect(payload?.interactive).toMatchObject({ type: 'button', body: { text: 'Confirma o pedido?' } });
  });
});

describe('resource msgOfficial (interactive messages and templates, POST /apioficial)', () => {
  it('sendButtonOfficial and sendList (handleApiMessage: the blank header left out; a short "number" is a ticketId)', async () => {
    const number = newNumber();
    const buttons = await n8n('POST', '/apioficial', {
      contents: { type: 'button', body: { text: 'Escolha' }, action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'A' } }] } },
      number,
    });
    expectItems(buttons, 201);
    const list = await n8n('POST', '/apioficial', {
      contents: {
        type: 'list',
        body: { text: 'Nossos planos' },
        action: {
          button: 'Ver opções',
          sections: [
            {
              title: 'Planos',
              rows: [
                { id: 'p1', title: 'Básico', description: 'R$ 10' },
                { id: 'p2', title: 'Pro' },
              ],
            },
          ],
        },
      },
      // handleApiMessage sends a number shorter than 10 digits as ticketId.
      ticketId: String(buttons.body.ticketId),
    });
    expectItems(list, 201);
    expect(list.body.ticketId).toBe(buttons.body.ticketId);
    await settledMessageRow(server.ctx, list.body.messageId);
    const payload = sentTo(number).at(-1);
    expect(payload?.interactive).toMatchObject({ type: 'list', action: { button: 'Ver opções' } });
  });

  it('sendTemplate ({ name, language: { code }, components: [{ type: "body", parameters: [] }] }) and sendTemplateParams', async () => {
    const number = newNumber();
    const bare = await n8n('POST', '/apioficial', {
      contents: { name: 'order_update', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [] }] },
      number,
    });
    expectItems(bare, 201);
    const withParams = await n8n('POST', '/apioficial', {
      contents: {
        name: 'order_update',
        language: { code: 'pt_BR' },
        components: [{ type: 'body', parameters: [{ type: 'text', parameter_name: 'nome', text: 'Ana' }] }],
      },
      number,
    });
    expectItems(withParams, 201);
    await settledMessageRow(server.ctx, withParams.body.messageId);
    const payload = sentTo(number).at(-1);
    expect(payload?.template).toMatchObject({ name: 'order_update', language: { code: 'pt_BR' } });
    expect(JSON.stringify(payload?.template?.components)).toContain('Ana');
  });
});

describe('resource contact', () => {
  /** The body of create / update as the node assembles it: every field, blank ones as "" and false. */
  const contactBody = (extra: Record<string, unknown>) => ({
    name: 'Ana Cliente',
    email: '',
    commentary: '',
    deadline: '',
    kanbanPrice: '',
    disableBot: false,
    disableCampaign: false,
    disableKanban: false,
    ignore: false,
    extraInfo: [{ name: 'CPF', value: '123' }],
    wallets: [],
    ...extra,
  });

  it('create, get (by contactId, by number), update, validateNumber, getLastTicket', async () => {
    const number = newNumber();
    const created = await n8n('POST', '/createcontact', contactBody({ number }));
    expectItems(created, 201);
    expect(created.body).toMatchObject({ id: expect.any(Number), name: 'Ana Cliente', number, extraInfo: [{ name: 'CPF', value: '123' }] });

    const byId = await n8n('POST', '/contact', { contactId: String(created.body.id) });
    expectItems(byId);
    expect(byId.body.id).toBe(created.body.id);
    const byNumber = await n8n('POST', '/contact', { number });
    expect(byNumber.body.id).toBe(created.body.id);

    const updated = await n8n(
      'POST',
      '/updatecontact',
      contactBody({ name: 'Ana Maria', email: 'ana@example.com', contactId: String(created.body.id), number }),
    );
    expectItems(updated);
    expect(updated.body).toMatchObject({ id: created.body.id, name: 'Ana Maria', email: 'ana@example.com' });

    const valid = await n8n('POST', '/valid-whatsapp-number', { number });
    expectItems(valid);
    expect(valid.body).toMatchObject({ valid: true, number, contactId: created.body.id });

    await n8n('POST', '', { body: 'Oi', externalKey: '', number });
    const lastTicket = await n8n('POST', '/showticket', { number: Number(number) });
    expectItems(lastTicket);
    expect(lastTicket.body).toMatchObject({ contactId: created.body.id, status: 'pending' });
  });
});

describe('resource ticket', () => {
  it('create (number as a number, status, Number(queueId), Number(userId)), showTicket, updateInfo, setQueue, close', async () => {
    const number = newNumber();
    const created = await n8n('POST', '/createticket', { number: Number(number), status: 'pending', queueId: Number(t.otherQueue.id) });
    expectItems(created);
    expect(created.body).toMatchObject({ id: expect.any(Number), status: 'pending', queueId: t.otherQueue.id, channelId });

    const shown = await n8n('POST', '/showticket', { number: Number(number) });
    expect(shown.body.id).toBe(created.body.id);

    const moved = await n8n('POST', '/updatequeue', { ticketId: Number(String(created.body.id)), queueId: Number(String(t.queue.id)) });
    expectItems(moved);
    expect(moved.body).toMatchObject({ id: created.body.id, queueId: t.queue.id });

    const assigned = await n8n('POST', '/updateticketinfo', { ticketId: created.body.id, status: 'open', userId: t.agent.id });
    expectItems(assigned);
    expect(assigned.body).toMatchObject({ status: 'open', userId: t.agent.id });

    const closed = await n8n('POST', '/updateticketinfo', { ticketId: created.body.id, status: 'closed' });
    expectItems(closed);
    expect(closed.body.status).toBe('closed');

    // updateInfo with its ticketId left blank: Number("") is 0, refused with a code (never a 5xx).
    const blank = await n8n('POST', '/updateticketinfo', { ticketId: Number('') });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('ERR_VALIDATION');
  });
});

describe('resource channel', () => {
  it('getStatus: GET /statuschannel', async () => {
    const answer = await n8n('GET', '/statuschannel');
    expectItems(answer);
    expect(answer.body).toMatchObject({ id: channelId, status: 'connected', number: '5511930000009' });
  });
});

/**
 * Where the public documentation (repository eudanielhenrique/whazing-documentation) calls the API
 * differently from the node: images/postman.json (the /apioficial list with numeric row ids and a
 * text header) and images/Whazing N8N API Beta.json, n8n's generic HTTP Request node with
 * "Body Parameters" (every value a string, blank ones "", an extra externalKey field):
 * showallticket, SetTicketInfo (so spelled), updatequeue, valid-whatsapp-number and createcontact.
 */
describe('the calls of the public Whazing documentation', () => {
  it('the /apioficial list of images/postman.json: numeric row ids, a text header, two titled sections', async () => {
    const number = newNumber();
    const answer = await n8n('POST', '/apioficial', {
      number,
      contents: {
        type: 'list',
        header: { type: 'text', text: 'Título' },
        body: { text: 'Descrição' },
        action: {
          sections: [
            {
              title: 'Lista 1',
              rows: [
                { id: 1, title: 'Linha 1', description: 'Descrição da linha 1' },
                { id: 2, title: 'Linha 2' },
              ],
            },
            {
              title: 'Lista 2',
              rows: [
                { id: 3, title: 'Linha 3' },
                { id: 4, title: 'Linha 4' },
              ],
            },
          ],
          button: 'Clique aqui',
        },
      },
    });
    expectItems(answer, 201);
    await settledMessageRow(server.ctx, answer.body.messageId);
    const payload = sentTo(number).at(-1);
    expect(payload?.interactive?.action?.sections?.[0]?.rows?.[0]).toMatchObject({ id: '1', title: 'Linha 1' });
  });

  it('the HTTP Request nodes of images/Whazing N8N API Beta.json (string values, an extra externalKey)', async () => {
    const number = newNumber();
    const externalKey = credential.baseUrl.split('/').filter(Boolean).at(-1)!;
    const contact = await n8n('POST', '/createcontact', {
      name: 'João Silva',
      number,
      email: 'joao.silva@exemplo.com',
      extraInfo: [{ name: 'Empresa', value: 'Exemplo Ltda' }],
      wallets: [],
      disableBot: false,
      disableCampaign: false,
      commentary: 'Cliente VIP',
      deadline: '2023-12-31T23:59:59Z',
      disableKanban: false,
      kanbanPrice: '1500',
      ignore: false,
    });
    expectItems(contact, 201);
    const valid = await n8n('POST', '/valid-whatsapp-number', { number, externalKey });
    expect(valid.body).toMatchObject({ valid: true, contactId: contact.body.id });
    const first = await n8n('POST', '', { body: 'Olá', number, externalKey });
    expectItems(first, 201);

    const all = await n8n('POST', '/showallticket', { number });
    expectItems(all);
    expect(all.body.map((ticket: { id: number }) => ticket.id)).toEqual([first.body.ticketId]);
    expect((await n8n('POST', '/showallticket', { number: newNumber() })).body).toEqual([]);

    const moved = await n8n('POST', '/updatequeue', {
      ticketId: String(first.body.ticketId),
      queueId: String(t.otherQueue.id),
      externalKey,
    });
    expect(moved.body).toMatchObject({ id: first.body.ticketId, queueId: t.otherQueue.id });
    const set = await n8n('POST', '/SetTicketInfo', { ticketId: String(first.body.ticketId), status: 'closed', userId: '', queueId: '' });
    expectItems(set);
    expect(set.body).toMatchObject({ id: first.body.ticketId, status: 'closed' });
    // Its blank form (ticketId "") is refused with a code.
    const blank = await n8n('POST', '/SetTicketInfo', { ticketId: '', status: '', userId: '', queueId: '' });
    expect([blank.status, blank.body.error]).toEqual([400, 'ERR_VALIDATION']);
    // The closed ticket stays in the number's list; a new message opens a new one, listed first.
    const again = await n8n('POST', '', { body: 'Olá de novo', number, externalKey });
    const after = await n8n('POST', '/showallticket', { number: Number(number) });
    expect(after.body.map((ticket: { id: number; status: string }) => [ticket.id, ticket.status])).toEqual([
      [again.body.ticketId, 'pending'],
      [first.body.ticketId, 'closed'],
    ]);
  });
});

describe("the node's operations Conversa does not offer", () => {
  /**
   * handleApiMessage's other `contents` types on /apioficial (sendLinkCta: cta_url,
   * requestLocation: location_request_message, sendCarouselOfficial: carousel_button) and a media
   * header (sendButtonImageOfficial): the waba adapter sends reply buttons, lists and templates
   * only, so these are refused with 400 ERR_VALIDATION naming `contents`, and nothing is stored.
   */
  it('refuses the /apioficial contents the channel adapter cannot send with 400 ERR_VALIDATION', async () => {
    const number = newNumber();
    const bodies = [
      {
        type: 'cta_url',
        body: { text: 'Veja' },
        action: { name: 'cta_url', parameters: { display_text: 'Abrir', url: 'https://example.com' } },
      },
      { type: 'location_request_message', body: { text: 'Sua localização?' }, action: { name: 'send_location' } },
      { type: 'carousel_button', text: 'Ofertas', items: [{ text: 'A', image: 'https://example.com/a.png', buttons: [] }] },
      {
        type: 'button',
        header: { type: 'image', image: { link: 'https://example.com/a.png' } },
        body: { text: 'Escolha' },
        action: { buttons: [{ type: 'reply', reply: { id: 'a', title: 'A' } }] },
      },
    ];
    for (const contents of bodies) {
      const answer = await n8n('POST', '/apioficial', { contents, number });
      expect([
        contents.type,
        answer.status,
        answer.body.error,
        Object.keys(answer.body.fields ?? {}).some((f) => f.startsWith('contents')),
      ]).toEqual([contents.type, 400, 'ERR_VALIDATION', true]);
    }
    const [stored] = await rows(
      server.ctx,
      sql`select count(*)::int as n from contacts where tenant_id = ${t.tenant.id} and number = ${number}`,
    );
    expect(stored.n).toBe(0);
  });

  /**
   * Whazing.node.ts calls these too (Baileys-only messages, "API Plus", CRM and follow-up fields,
   * chatbot switches, Kanban Pro, the channel's QR code, logout and restart). Each answers a JSON
   * 404 ERR_ROUTE_NOT_FOUND naming the route, so the node reports "not found" (and its Kanban
   * fallback runs), not a crash; logout and restart, which the node POSTs with a JSON content type
   * and no body, a JSON 400 ERR_VALIDATION ("The request body is empty.").
   */
  const unsupported: Array<[string, string, Record<string, unknown>]> = [
    ['POST', '/sendcontact', { contents: { type: 'contact', displayName: 'Ana', telephone: '5511999990000' }, number: '5511999990000' }],
    [
      'POST',
      '/location',
      { contents: { type: 'location', latitude: -23.5, longitude: -46.6, name: 'Loja', address: 'Rua A' }, number: '5511999990000' },
    ],
    ['GET', '/params', {}],
    ['POST', '/apiplus', { contents: { type: 'button', body: { text: 'x' } }, number: '5511999990000' }],
    ['POST', '/pixbutton', { contents: { type: 'pixbutton' }, number: '5511999990000' }],
    ['POST', '/requestpayment', { contents: { type: 'requestpayment' }, number: '5511999990000' }],
    ['POST', '/updatecrm', { contactId: 1, crm: 1 }],
    ['POST', '/updatefollowup', { contactId: 1, followup: 1 }],
    ['POST', '/updatetag', { contactId: 1, tags: [1] }],
    ['GET', '/contacts/tag/1', {}],
    ['POST', '/showticketchatbot', { number: 5511999990000 }],
    ['POST', '/updatechatbot', { ticketId: 1, chatbot: true }],
    ['GET', '/ticket/1', {}],
    ['POST', '/qrcode', { number: null }],
    ['POST', '/logout', {}],
    ['POST', '/restart', {}],
    ['GET', '/kanbanpro/boards', {}],
    ['GET', '/kanban/boards', {}],
  ];

  it('answers each with a JSON error and its code, never a 5xx', async () => {
    const answers = [];
    for (const [method, path, body] of unsupported) {
      const answer = await n8n(method, path, body);
      answers.push([method, path, answer.status, answer.body?.error]);
    }
    const emptyBody = (path: string) => path === '/logout' || path === '/restart';
    expect(answers).toEqual(
      unsupported.map(([method, path]) => [method, path, ...(emptyBody(path) ? [400, 'ERR_VALIDATION'] : [404, 'ERR_ROUTE_NOT_FOUND'])]),
    );
  });
});
