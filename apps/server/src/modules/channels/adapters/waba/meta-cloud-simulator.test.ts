/**
 * Fidelity of the Meta Cloud API simulator (packages/simulators/src/meta-cloud): what it POSTs to
 * a webhook and what its Graph endpoints answer have, key by key and type by type, the shapes of
 * Meta's documented samples (packages/simulators/fixtures/meta-cloud/); webhooks are signed as Meta
 * signs them; auth, errors, media and automatic statuses behave as documented.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  metaCloudFixture,
  metaCloudFixtureNames,
  startMetaCloudSimulator,
  type MetaCloudSimulator,
  type MetaInboundInput,
} from '@conversa/simulators';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { webhookMessageSchema, webhookNotificationSchema, webhookStatusSchema } from './waba.schemas.js';

/** A value's shape: objects by sorted keys, arrays by their first element, leaves by JSON type. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? [shapeOf(value[0])] : [];
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return value === null ? 'null' : typeof value;
}

interface Captured {
  raw: string;
  headers: IncomingHttpHeaders;
  json: any;
}

let sim: MetaCloudSimulator;
let captured: Captured[] = [];
let receiverUrl = '';
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    captured.push({ raw, headers: req.headers, json: raw ? JSON.parse(raw) : undefined });
    if (req.method === 'GET') {
      const url = new URL(req.url ?? '/', 'http://x');
      res.end(url.searchParams.get('hub.challenge') ?? '');
    } else res.end('{}');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  sim = await startMetaCloudSimulator({ webhookUrl: receiverUrl, templates: ['order_update'] });
});
afterAll(async () => {
  await sim?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
beforeEach(() => {
  captured = [];
});

const FROM = '5511987654321';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const json = (response: Response): Promise<any> => response.json();
const auth = () => ({ authorization: `Bearer ${sim.token}` });
const graph = (path: string, init: RequestInit = {}) =>
  fetch(`${sim.url}/v21.0/${path}`, { ...init, headers: { ...auth(), ...(init.headers as Record<string, string>) } });
const sendJson = (body: unknown) =>
  graph(`${sim.phoneNumberId}/messages`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

const INBOUND: [fixture: string, input: MetaInboundInput][] = [
  ['webhook-text', { type: 'text', from: FROM, name: 'Ana', text: 'Olá' }],
  ['webhook-text-reply', { type: 'text', from: FROM, name: 'Ana', text: 'Essa', replyTo: 'wamid.X' }],
  ['webhook-image', { type: 'image', from: FROM, content: PNG, mime: 'image/png', caption: 'foto' }],
  ['webhook-audio', { type: 'audio', from: FROM, content: Buffer.from('OggS....'), mime: 'audio/ogg; codecs=opus' }],
  ['webhook-video', { type: 'video', from: FROM, content: Buffer.from('....ftypmp42'), mime: 'video/mp4', caption: 'vídeo' }],
  [
    'webhook-document',
    { type: 'document', from: FROM, content: Buffer.from('%PDF-1.4'), mime: 'application/pdf', caption: 'nota', filename: 'nota.pdf' },
  ],
  ['webhook-sticker', { type: 'sticker', from: FROM, content: Buffer.from('RIFF....WEBP'), mime: 'image/webp' }],
  [
    'webhook-location',
    {
      type: 'location',
      from: FROM,
      latitude: -23.55,
      longitude: -46.63,
      name: 'Loja',
      address: 'Av. Paulista, 1000',
      url: 'https://example.com',
    },
  ],
  [
    'webhook-contacts',
    {
      type: 'contacts',
      from: FROM,
      contacts: [
        {
          name: 'Bia Souza',
          firstName: 'Bia',
          lastName: 'Souza',
          phone: '+55 11 91234-5678',
          waId: '5511912345678',
          email: 'bia@example.com',
        },
      ],
    },
  ],
  [
    'webhook-interactive-button-reply',
    { type: 'interactive', from: FROM, reply: { kind: 'button_reply', id: 'yes', title: 'Sim' }, replyTo: 'wamid.Y' },
  ],
  [
    'webhook-interactive-list-reply',
    {
      type: 'interactive',
      from: FROM,
      reply: { kind: 'list_reply', id: 'express', title: 'Expresso', description: '1 dia' },
      replyTo: 'wamid.Z',
    },
  ],
  ['webhook-reaction', { type: 'reaction', from: FROM, messageId: 'wamid.ABC', emoji: '👍' }],
];

describe('webhooks', () => {
  it.each(INBOUND)('inbound %s has the shape of Meta’s sample and is signed with the app secret', async (fixture, input) => {
    const delivery = await sim.sendInbound(input);
    expect(delivery.status).toBe(200);
    expect(captured).toHaveLength(1);
    const [request] = captured;
    expect(shapeOf(request.json)).toEqual(shapeOf(metaCloudFixture(fixture)));
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-hub-signature-256']).toBe(`sha256=${createHmac('sha256', sim.appSecret).update(request.raw).digest('hex')}`);
    const message = request.json.entry[0].changes[0].value.messages[0];
    expect(message.id).toBe(delivery.messageId);
    expect(message.id).toMatch(/^wamid\./);
    expect(request.json.entry[0].changes[0].value.metadata.phone_number_id).toBe(sim.phoneNumberId);
  });

  it.each(['sent', 'delivered', 'read', 'failed'] as const)('status %s has the shape of Meta’s sample', async (status) => {
    await sim.sendStatus('wamid.OUT', status, { recipientId: FROM });
    expect(shapeOf(captured[0].json)).toEqual(shapeOf(metaCloudFixture(`webhook-status-${status}`)));
    expect(captured[0].json.entry[0].changes[0].value.statuses[0]).toMatchObject({ id: 'wamid.OUT', status, recipient_id: FROM });
  });

  it('the adapter’s parser reads every webhook fixture', () => {
    const names = metaCloudFixtureNames().filter((n) => n.startsWith('webhook-'));
    expect(names.length).toBeGreaterThanOrEqual(16);
    for (const name of names) {
      const parsed = webhookNotificationSchema.parse(metaCloudFixture(name));
      const value = parsed.entry[0].changes[0].value;
      for (const message of value.messages ?? []) expect(webhookMessageSchema.safeParse(message).success, name).toBe(true);
      for (const status of value.statuses ?? []) expect(webhookStatusSchema.safeParse(status).success, name).toBe(true);
    }
  });

  it('the verification GET carries hub.mode, hub.verify_token and hub.challenge', async () => {
    const answer = await sim.verifyWebhook('tok-123', '1158201444');
    expect(answer).toEqual({ status: 200, body: '1158201444' });
  });
});

describe('Graph endpoints', () => {
  it('refuses a missing or wrong token with 401 and the OAuthException 190 body', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }] as Record<string, string>[]) {
      const response = await fetch(`${sim.url}/v21.0/${sim.phoneNumberId}`, { headers });
      expect(response.status).toBe(401);
      const body = await json(response);
      expect(shapeOf(body)).toEqual(shapeOf(metaCloudFixture('error-190')));
      expect(body.error).toMatchObject({ type: 'OAuthException', code: 190 });
    }
  });

  it('answers the phone number, and an unknown id with the documented code 100 subcode 33', async () => {
    const phone = await graph(sim.phoneNumberId);
    expect(phone.status).toBe(200);
    expect(shapeOf(await json(phone))).toEqual(shapeOf(metaCloudFixture('graph-phone-number')));
    const unknown = await graph('999999999999');
    expect(unknown.status).toBe(400);
    expect(shapeOf(await json(unknown))).toEqual(shapeOf(metaCloudFixture('error-100-unknown-object')));
  });

  it('sends a text and answers a wamid in the documented shape', async () => {
    const response = await sendJson({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: FROM,
      type: 'text',
      text: { preview_url: false, body: 'Oi' },
    });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(shapeOf(body)).toEqual(shapeOf(metaCloudFixture('graph-send-message')));
    expect(body.messages[0].id).toMatch(/^wamid\./);
    expect(sim.sent.at(-1)).toMatchObject({ id: body.messages[0].id, to: FROM, type: 'text' });
  });

  it('refuses sends without messaging_product or with bad parameters (100 / 131009 bodies)', async () => {
    const noProduct = await sendJson({ to: FROM, type: 'text', text: { body: 'x' } });
    expect(noProduct.status).toBe(400);
    expect((await json(noProduct)).error.code).toBe(100);
    const tooManyButtons = await sendJson({
      messaging_product: 'whatsapp',
      to: FROM,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'x' },
        action: { buttons: [1, 2, 3, 4].map((i) => ({ type: 'reply', reply: { id: `b${i}`, title: `B${i}` } })) },
      },
    });
    expect(tooManyButtons.status).toBe(400);
    const body = await json(tooManyButtons);
    expect(shapeOf(body)).toEqual(shapeOf(metaCloudFixture('error-131009')));
    const unknownTemplate = await sendJson({
      messaging_product: 'whatsapp',
      to: FROM,
      type: 'template',
      template: { name: 'nope', language: { code: 'pt_BR' } },
    });
    expect((await json(unknownTemplate)).error.code).toBe(132001);
  });

  it('lists the account’s templates in the documented shape, paged; a template is sent in its language with its number of parameters', async () => {
    const documented = metaCloudFixture<{ data: any[] }>('graph-message-templates').data[0];
    sim.templates.push(documented, {
      name: 'pedido_pronto',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      id: '778899',
      components: [{ type: 'BODY', text: 'Olá {{1}}, seu pedido está pronto.' }],
    });
    try {
      const all = await graph(`${sim.businessAccountId}/message_templates`);
      expect(all.status).toBe(200);
      const listed = await json(all);
      expect(shapeOf({ ...listed, data: listed.data.filter((t: any) => t.name === documented.name) })).toEqual(
        shapeOf(metaCloudFixture('graph-message-templates')),
      );
      expect(listed.data.map((t: any) => t.name)).toEqual(['order_update', documented.name, 'pedido_pronto']);

      const first = await json(await graph(`${sim.businessAccountId}/message_templates?limit=2&status=APPROVED`));
      expect(first.data).toHaveLength(2);
      const second = await json(await fetch(first.paging.next, { headers: auth() }));
      expect(second.data.map((t: any) => t.name)).toEqual(['pedido_pronto']);
      expect(second.paging.next).toBeUndefined();
      expect((await graph('999999999999/message_templates')).status).toBe(400);

      const send = (language: string, parameters: unknown[]) =>
        sendJson({
          messaging_product: 'whatsapp',
          to: FROM,
          type: 'template',
          template: { name: 'pedido_pronto', language: { code: language }, components: [{ type: 'body', parameters }] },
        });
      const missing = await send('pt_BR', []);
      expect(missing.status).toBe(400);
      const body = await json(missing);
      expect(body.error.code).toBe(132000);
      expect(shapeOf(body)).toEqual(shapeOf(metaCloudFixture('error-132000')));
      expect((await json(await send('en_US', [{ type: 'text', text: 'Ana' }]))).error.code).toBe(132001);
      expect((await send('pt_BR', [{ type: 'text', text: 'Ana' }])).status).toBe(200);
    } finally {
      sim.templates.splice(1);
    }
  });

  it.each([
    [130429, 429],
    [131056, 429],
    [131026, 400],
    [190, 401],
  ])('injectError(%i) fails the next send with HTTP %i and the documented body, then recovers', async (code, status) => {
    sim.injectError(code);
    const failed = await sendJson({ messaging_product: 'whatsapp', to: FROM, type: 'text', text: { body: 'x' } });
    expect(failed.status).toBe(status);
    const body = await json(failed);
    expect(body.error.code).toBe(code);
    expect(shapeOf(body)).toEqual(shapeOf(metaCloudFixture(`error-${code}`)));
    const next = await sendJson({ messaging_product: 'whatsapp', to: FROM, type: 'text', text: { body: 'x' } });
    expect(next.status).toBe(200);
  });

  it('uploads media (multipart), gives its URL, serves it only with the token, and deletes it', async () => {
    const form = new FormData();
    form.append('messaging_product', 'whatsapp');
    form.append('type', 'image/png');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'pixel.png');
    const upload = await graph(`${sim.phoneNumberId}/media`, { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const { id } = await json(upload);
    expect(shapeOf({ id })).toEqual(shapeOf(metaCloudFixture('graph-media-upload')));

    const info = await json(await graph(id));
    expect(shapeOf(info)).toEqual(shapeOf(metaCloudFixture('graph-media-url')));
    expect(info).toMatchObject({ id, mime_type: 'image/png', file_size: PNG.length });
    expect((await fetch(info.url)).status).toBe(401);
    const download = await fetch(info.url, { headers: auth() });
    expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);

    const sendById = await sendJson({ messaging_product: 'whatsapp', to: FROM, type: 'image', image: { id } });
    expect(sendById.status).toBe(200);
    const removed = await graph(id, { method: 'DELETE' });
    expect(shapeOf(await json(removed))).toEqual(shapeOf(metaCloudFixture('graph-success')));
    expect((await graph(id)).status).toBe(400);
  });

  it('after each send, when asked, posts delivered then read statuses; undeliverable numbers get failed 131026', async () => {
    sim.setAutoStatuses({ delayMs: 10 });
    const response = await sendJson({ messaging_product: 'whatsapp', to: FROM, type: 'text', text: { body: 'x' } });
    const wamid = (await json(response)).messages[0].id;
    await sim.settle();
    const statuses = captured.map((c) => c.json.entry[0].changes[0].value.statuses[0]);
    expect(statuses.map((s) => [s.id, s.status])).toEqual([
      [wamid, 'delivered'],
      [wamid, 'read'],
    ]);
    sim.setAutoStatuses(false);

    captured = [];
    sim.markUndeliverable('5511900000001');
    await sendJson({ messaging_product: 'whatsapp', to: '5511900000001', type: 'text', text: { body: 'x' } });
    await sim.settle();
    const failed = captured[0].json.entry[0].changes[0].value.statuses[0];
    expect(failed).toMatchObject({ status: 'failed', errors: [{ code: 131026 }] });
  });

  it('delivers an automatic status again, as Meta does, until the webhook answers 200 (a receiver down or failing)', async () => {
    // A receiver that is not listening at first, then answers 503 once, then 200.
    const answers: number[] = [];
    const flaky = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const status = answers.length === 0 ? 503 : 200;
        answers.push(status);
        captured.push({ raw: '', headers: req.headers, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.statusCode = status;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    const port = (flaky.address() as AddressInfo).port;
    await new Promise<void>((resolve) => flaky.close(() => resolve()));
    const retrying = await startMetaCloudSimulator({
      webhookUrl: `http://127.0.0.1:${port}/hook`,
      autoStatuses: { delayMs: 10 },
      webhookRetry: { firstDelayMs: 50, maxDelayMs: 100, forMs: 10_000 },
    });
    try {
      captured = [];
      const response = await fetch(`${retrying.url}/v21.0/${retrying.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${retrying.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', to: FROM, type: 'text', text: { body: 'x' } }),
      });
      const wamid = (await json(response)).messages[0].id;
      // The first tries find nobody listening; the receiver comes up on the same address.
      await vi.waitFor(() => expect(retrying.unansweredDeliveries).toBeGreaterThanOrEqual(2));
      await new Promise<void>((resolve) => flaky.listen(port, '127.0.0.1', resolve));
      await retrying.settle();
      expect(answers).toEqual([503, 200, 200]);
      const statuses = captured.map((c) => c.json.entry[0].changes[0].value.statuses[0]);
      expect(statuses.map((s) => [s.id, s.status])).toEqual([
        [wamid, 'delivered'],
        [wamid, 'delivered'],
        [wamid, 'read'],
      ]);
    } finally {
      await retrying.close();
      await new Promise<void>((resolve) => flaky.close(() => resolve()));
    }
  });
});
