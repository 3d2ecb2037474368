/**
 * Simulator fidelity: what the adapter sends NotificaMe has the shape the official SDK sends
 * (captured requests in packages/simulators/fixtures/notificame), the simulator's answers and
 * webhooks have the shape of the published samples, and the adapter accepts those samples.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startNotificameSimulator, type NotificameSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../test/api.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { missingFrom } from '../../../../../test/payload-shapes.js';
import { buildInboxTenant, eventually, rows, type InboxTenant } from '../../../../../test/inbox.js';

const FIXTURES = fileURLToPath(new URL('../../../../../../../packages/simulators/fixtures/notificame/', import.meta.url));
const fixture = (
  name: string,
): { source: string; request?: { method: string; url: string; headers: Record<string, string> }; payload: any } =>
  JSON.parse(readFileSync(`${FIXTURES}${name}.json`, 'utf8'));
const NAMES = [
  'send-text-request',
  'send-file-request',
  'send-response',
  'subscription-message-request',
  'subscription-status-request',
  'webhook-message-text',
  'webhook-message-file',
  'webhook-status-sent',
  'error-validation',
];

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const CUSTOMER = '5511977776666';

let server: TestServer;
let api: Api;
let sim: NotificameSimulator;
let t: InboxTenant;
let channelId: number;
let webhookPath: string;
const hubId = () => sim.channels.find((c) => c.channel === 'whatsapp')!.id;

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startNotificameSimulator();
  t = await buildInboxTenant(server);
  const created = await api.post(
    '/whatsapp',
    {
      name: 'NotificaMe',
      type: 'hub',
      queueId: t.queue.id,
      settings: { baseUrl: sim.url, token: sim.token, hubChannelId: hubId(), hubChannelType: 'whatsapp' },
    },
    { token: t.admin.token },
  );
  expect(created.body.status).toBe('connected');
  channelId = created.body.id;
  webhookPath = new URL(sim.subscriptions[0].webhook.url).pathname;
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await server?.close();
});

describe('NotificaMe simulator fidelity', () => {
  it('keeps its fixtures with their source', () => {
    for (const name of NAMES) {
      const { source, payload } = fixture(name);
      expect(source, name).toMatch(/notificamehubsdk|https:\/\//);
      expect(payload, name).toBeTypeOf('object');
    }
  });

  it('subscribes like the SDK: same path, header and body', () => {
    for (const [name, eventType] of [
      ['subscription-message-request', 'MESSAGE'],
      ['subscription-status-request', 'MESSAGE_STATUS'],
    ] as const) {
      const sample = fixture(name);
      const request = sim.requests.find(
        (r) =>
          r.method === sample.request!.method &&
          r.path === new URL(sample.request!.url).pathname &&
          (r.body as any)?.eventType === eventType,
      )!;
      expect(request, name).toBeDefined();
      expect(request.headers['x-api-token']).toBe(sim.token);
      expect(missingFrom(request.body, sample.payload), name).toEqual([]);
    }
  });

  it('sends text and files like the SDK, and the simulator answers like the published sample', async () => {
    const inbound = await sim.sendInbound({ channelId: hubId(), from: CUSTOMER, text: 'olá' });
    const [message] = await rows(server.ctx, sql`select * from messages where channel_id = ${channelId} and external_id = ${inbound.id}`);
    const ticketId = Number(message.ticket_id);

    const text = await api.post(`/messages/${ticketId}`, { body: 'resposta' }, { token: t.agent.token });
    const form = new FormData();
    form.append('medias', new Blob([PNG], { type: 'image/png' }), 'a.png');
    form.append('body', 'legenda');
    const file = await fetch(`${server.url}/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.agent.token}` },
      body: form,
    });
    const fileId = ((await file.json()) as { id: string }).id;
    for (const id of [text.body.id as string, fileId]) {
      await eventually(
        async () => ((await rows(server.ctx, sql`select status from messages where id = ${id}`))[0]?.status === 'sent' ? true : undefined),
        { timeoutMs: 10_000 },
      );
    }

    for (const [name, type] of [
      ['send-text-request', 'text'],
      ['send-file-request', 'file'],
    ] as const) {
      const sample = fixture(name);
      const path = new URL(sample.request!.url).pathname;
      const request = sim.requests
        .filter((r) => r.method === 'POST' && r.path === path && (r.body as any)?.contents?.[0]?.type === type)
        .at(-1)!;
      expect(request, name).toBeDefined();
      expect(request.headers['x-api-token']).toBe(sim.token);
      expect(missingFrom(request.body, sample.payload), name).toEqual([]);
    }

    const answer = await fetch(`${sim.url}/v2/channels/whatsapp/messages`, {
      method: 'POST',
      headers: { 'x-api-token': sim.token, 'content-type': 'application/json' },
      body: JSON.stringify(fixture('send-text-request').payload),
    });
    expect(answer.status).toBe(400);
    expect(missingFrom(await answer.json(), fixture('error-validation').payload)).toEqual([]);
    const ok = await fetch(`${sim.url}/v2/channels/whatsapp/messages`, {
      method: 'POST',
      headers: { 'x-api-token': sim.token, 'content-type': 'application/json' },
      body: JSON.stringify({ ...fixture('send-text-request').payload, from: hubId() }),
    });
    expect(ok.status).toBe(200);
    expect(missingFrom(await ok.json(), fixture('send-response').payload)).toEqual([]);
  });

  it('posts webhooks in the shape of the published samples', async () => {
    const text = await sim.sendInbound({ channelId: hubId(), from: CUSTOMER, text: 'Msg', visitor: { name: 'Bob' } });
    // The samples' free-form `payload` of a text content (quick-reply payloads) is not sent for typed text.
    expect(missingFrom(text.event, fixture('webhook-message-text').payload, { ignore: /contents\[\]\.payload$/ })).toEqual([]);
    const file = await sim.sendInbound({ channelId: hubId(), from: CUSTOMER, file: { content: PNG, mimetype: 'image/png' } });
    expect(missingFrom(file.event, fixture('webhook-message-file').payload)).toEqual([]);
    const sent = sim.sent.at(-1)!;
    const status = await sim.sendStatus(sent.id, 'SENT');
    expect(missingFrom(status.event, fixture('webhook-status-sent').payload)).toEqual([]);
  });

  it('accepts the published samples', async () => {
    const text = fixture('webhook-message-text').payload;
    const delivered = await api.post(webhookPath, { ...text, message: { ...text.message, id: 'SAMPLE-TEXT-1', from: CUSTOMER } });
    expect([delivered.status, delivered.body]).toEqual([200, { received: true, outcome: 'stored' }]);
    const [stored] = await rows(server.ctx, sql`select * from messages where channel_id = ${channelId} and external_id = 'SAMPLE-TEXT-1'`);
    expect(stored).toMatchObject({ body: 'Msg', from_me: false });
    expect(new Date(stored.timestamp as string).toISOString()).toBe('2017-05-03T03:04:45.000Z');

    // The sample's file URL (foo.bar) stands for NotificaMe's file host: here the simulator's.
    sim.files.set('sample', { data: PNG, mimetype: 'image/png' });
    const file = fixture('webhook-message-file').payload;
    const withFile = await api.post(webhookPath, {
      ...file,
      message: {
        ...file.message,
        id: 'SAMPLE-FILE-1',
        from: CUSTOMER,
        contents: [{ ...file.message.contents[0], fileUrl: `${sim.url}/files/sample` }],
      },
    });
    expect(withFile.body).toEqual({ received: true, outcome: 'stored' });
    const [media] = await rows(server.ctx, sql`select * from messages where channel_id = ${channelId} and external_id = 'SAMPLE-FILE-1'`);
    expect(media).toMatchObject({ media_type: 'image', media_mime: 'image/png' });

    const sent = sim.sent.at(-1)!;
    const status = fixture('webhook-status-sent').payload;
    const acked = await api.post(webhookPath, { ...status, messageId: sent.id });
    expect(acked.body).toEqual({ received: true, outcome: 'status' });
  });
});
