/**
 * Simulator fidelity: the WuzAPI simulator's answers and webhooks have the shape of the samples
 * WuzAPI publishes (packages/simulators/fixtures/wuzapi, each with its source), and the adapter
 * accepts a published Message sample.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startWuzapiSimulator, type WuzapiSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../test/api.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { missingFrom } from '../../../../../test/payload-shapes.js';
import { buildInboxTenant, rows, type InboxTenant } from '../../../../../test/inbox.js';

const FIXTURES = fileURLToPath(new URL('../../../../../../../packages/simulators/fixtures/wuzapi/', import.meta.url));
const fixture = (name: string): { source: string; payload: any } => JSON.parse(readFileSync(`${FIXTURES}${name}.json`, 'utf8'));

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let server: TestServer;
let api: Api;
let sim: WuzapiSimulator;
let t: InboxTenant;
let channelId: number;

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startWuzapiSimulator();
  t = await buildInboxTenant(server);
  const created = await api.post('/whatsapp', { name: 'WuzAPI', type: 'meow', queueId: t.queue.id, settings: { baseUrl: sim.url, token: sim.user.token } }, { token: t.admin.token });
  expect(created.status).toBe(201);
  channelId = created.body.id;
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await server?.close();
});

describe('WuzAPI simulator fidelity', () => {
  it('keeps its fixtures with their source', () => {
    for (const name of ['session-connect-response', 'session-status-response', 'session-pairphone-response', 'session-qr-response', 'webhook-set-response', 'send-text-response', 'send-text-request', 'webhook-form', 'message-event-media', 'message-event-text', 'presence-event']) {
      const { source, payload } = fixture(name);
      expect(source, name).toMatch(/https:\/\//);
      expect(payload, name).toBeTypeOf('object');
    }
  });

  it('answers like the published examples', async () => {
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${sim.url}${path}`, { method, headers: { token: sim.user.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
      return (await response.json()) as any;
    };
    expect(missingFrom(await call('POST', '/webhook', { webhookURL: 'https://example.net/webhook' }), fixture('webhook-set-response').payload)).toEqual([]);
    await call('POST', '/session/disconnect');
    expect(missingFrom(await call('POST', '/session/connect', { Subscribe: ['Message'], Immediate: true }), fixture('session-connect-response').payload)).toEqual([]);
    expect(missingFrom(await call('GET', '/session/qr'), fixture('session-qr-response').payload)).toEqual([]);
    expect(missingFrom(await call('POST', '/session/pairphone', { Phone: '5491155554444' }), fixture('session-pairphone-response').payload)).toEqual([]);
    await sim.scanQr();
    expect(missingFrom(await call('GET', '/session/status'), fixture('session-status-response').payload)).toEqual([]);
    const sent = await call('POST', '/chat/send/text', fixture('send-text-request').payload);
    expect(missingFrom(sent, fixture('send-text-response').payload)).toEqual([]);
    expect(sent.success).toBe(true);
    // The channel's webhook again, for the next case.
    expect((await api.post(`/whatsapp/${channelId}/start`, undefined, { token: t.admin.token })).status).toBe(200);
  });

  it('posts webhooks as WuzAPI does: form fields jsonData + token, events shaped like the published ones', async () => {
    const text = await sim.sendInbound({ from: '556182098580', pushName: '😅‼️', text: 'teste4000' });
    expect(text.status).toBe(200);
    const raw = text.sent;
    expect(raw.contentType).toBe(fixture('webhook-form').payload.contentType);
    const fields = new URLSearchParams(raw.body);
    expect([...fields.keys()].sort()).toEqual([...fixture('webhook-form').payload.fields].sort());
    expect(fields.get('token')).toBe(sim.user.token);
    const event = JSON.parse(fields.get('jsonData')!);
    expect(missingFrom(event, fixture('message-event-text').payload, { only: /^\$(\.type|\.event(\.Info(\..*)?|\.Message(\..*)?)?)?$/ })).toEqual([]);
    expect(missingFrom(event, fixture('presence-event').payload, { only: /^\$\.type$/ })).toEqual([]);

    const image = await sim.sendInbound({ from: '556182098580', image: { content: PNG, mimetype: 'image/png' } });
    expect(image.status).toBe(200);
    const media = JSON.parse(new URLSearchParams(image.sent.body).get('jsonData')!);
    // S3 fields come only with S3 storage, which the simulator does not offer.
    expect(missingFrom(media, fixture('message-event-media').payload, { only: /^\$(\.event(\.Info|\.Message)?|\.base64|\.mimeType|\.fileName)?$/ })).toEqual([]);
  });

  it('the adapter accepts the published Message sample', async () => {
    const [channel] = await rows(server.ctx, sql`select public_key, settings from channels where id = ${channelId}`);
    const path = `/webhooks/meow/${String(channel.public_key)}/${String((channel.settings as any).webhookSecret)}`;
    const sample = structuredClone(fixture('message-event-text').payload);
    sample.event.Info.ID = '3EB0SAMPLE0001';
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ jsonData: JSON.stringify(sample), token: sim.user.token }).toString(),
    });
    expect(await response.json()).toEqual({ received: true, outcome: 'stored' });
    expect(response.status).toBe(200);
    const [stored] = await rows(server.ctx, sql`select m.body, c.number, c.name from messages m join contacts c on c.id = m.contact_id where m.channel_id = ${channelId} and m.external_id = '3EB0SAMPLE0001'`);
    expect(stored).toEqual({ body: 'teste4000', number: '556182098580', name: '😅‼️' });
  });
});
