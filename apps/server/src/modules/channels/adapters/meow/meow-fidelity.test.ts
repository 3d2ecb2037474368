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
  const created = await api.post(
    '/whatsapp',
    { name: 'WuzAPI', type: 'meow', queueId: t.queue.id, settings: { baseUrl: sim.url, token: sim.user.token } },
    { token: t.admin.token },
  );
  expect(created.status).toBe(201);
  channelId = created.body.id;
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await server?.close();
});

describe('WuzAPI simulator fidelity', () => {
  it('keeps its fixtures with their source', () => {
    for (const name of [
      'session-connect-response',
      'session-status-response',
      'session-pairphone-response',
      'session-qr-response',
      'webhook-set-response',
      'webhook-set-events-request',
      'send-text-response',
      'send-text-request',
      'webhook-form',
      'message-event-media',
      'message-event-text',
      'presence-event',
      'message-event-group',
      'history-sync-event',
      'group-info-response',
    ]) {
      const { source, payload } = fixture(name);
      expect(source, name).toMatch(/https:\/\//);
      expect(payload, name).toBeTypeOf('object');
    }
  });

  it('answers like the published examples', async () => {
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${sim.url}${path}`, {
        method,
        headers: { token: sim.user.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as any;
    };
    expect(
      missingFrom(await call('POST', '/webhook', { webhookURL: 'https://example.net/webhook' }), fixture('webhook-set-response').payload),
    ).toEqual([]);
    // With events: the subscriptions are replaced by the supported ones, the answer is the same.
    const withEvents = fixture('webhook-set-events-request').payload;
    const events = await call('POST', '/webhook', { ...withEvents, events: [...withEvents.events, 'NotAnEvent'] });
    expect(missingFrom(events, fixture('webhook-set-response').payload)).toEqual([]);
    expect(sim.user.subscribe).toEqual(withEvents.events);
    await call('POST', '/session/disconnect');
    expect(
      missingFrom(
        await call('POST', '/session/connect', { Subscribe: ['Message'], Immediate: true }),
        fixture('session-connect-response').payload,
      ),
    ).toEqual([]);
    expect(missingFrom(await call('GET', '/session/qr'), fixture('session-qr-response').payload)).toEqual([]);
    expect(
      missingFrom(await call('POST', '/session/pairphone', { Phone: '5491155554444' }), fixture('session-pairphone-response').payload),
    ).toEqual([]);
    await sim.scanQr();
    expect(missingFrom(await call('GET', '/session/status'), fixture('session-status-response').payload)).toEqual([]);
    const sent = await call('POST', '/chat/send/text', fixture('send-text-request').payload);
    expect(missingFrom(sent, fixture('send-text-response').payload)).toEqual([]);
    expect(sent.success).toBe(true);
    sim.addGroup('120362023605733675@g.us', 'Super Group', ['5491155553333']);
    const group = await call('GET', `/group/info?groupJID=${encodeURIComponent('120362023605733675@g.us')}`);
    expect(missingFrom(group, fixture('group-info-response').payload)).toEqual([]);
    // A group's JID is a recipient like a number (parseJID takes any JID with '@').
    const toGroup = await call('POST', '/chat/send/text', { Phone: '120362023605733675@g.us', Body: 'Hola grupo' });
    expect(missingFrom(toGroup, fixture('send-text-response').payload)).toEqual([]);
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
    expect(
      missingFrom(event, fixture('message-event-text').payload, { only: /^\$(\.type|\.event(\.Info(\..*)?|\.Message(\..*)?)?)?$/ }),
    ).toEqual([]);
    expect(missingFrom(event, fixture('presence-event').payload, { only: /^\$\.type$/ })).toEqual([]);

    const image = await sim.sendInbound({ from: '556182098580', image: { content: PNG, mimetype: 'image/png' } });
    expect(image.status).toBe(200);
    const media = JSON.parse(new URLSearchParams(image.sent.body).get('jsonData')!);
    // S3 fields come only with S3 storage, which the simulator does not offer.
    expect(
      missingFrom(media, fixture('message-event-media').payload, {
        only: /^\$(\.event(\.Info|\.Message)?|\.base64|\.mimeType|\.fileName)?$/,
      }),
    ).toEqual([]);
  });

  it('posts group messages and history sync chunks shaped like the samples', async () => {
    const group = await sim.sendInbound({
      from: '5491155553333',
      pushName: 'Lucía',
      text: 'buen día a todos',
      groupJid: '120362023605733675@g.us',
    });
    expect(missingFrom(group.event, fixture('message-event-group').payload)).toEqual([]);
    expect(group.event.event).toMatchObject({
      Info: { Chat: '120362023605733675@g.us', Sender: '5491155553333@s.whatsapp.net', IsGroup: true },
    });

    sim.user.subscribe.push('HistorySync');
    try {
      const history = await sim.sendHistory([
        { from: '5491155553934', pushName: 'Ana', text: 'Hola, ¿tienen stock?', timestamp: 1759316400 },
        { from: '5491155553934', fromMe: true, text: 'Sí, mañana lo enviamos', timestamp: 1759320000 },
        { from: '5491155553333', pushName: 'Lucía', text: 'buen día', groupJid: '120362023605733675@g.us', timestamp: 1759316500 },
      ]);
      expect(missingFrom(history!.event, fixture('history-sync-event').payload)).toEqual([]);
      // Every message of the sample (the phone's own, the group's) has its counterpart's shape (message contents aside).
      const sample = fixture('history-sync-event').payload.event.Data.conversations as any[];
      const posted = (history!.event.event as any).Data.conversations as any[];
      sample.forEach((conversation, c) =>
        conversation.messages.forEach((message: unknown, m: number) =>
          expect(
            missingFrom(posted[c].messages[m], message, { ignore: /^\$\.message\.message\./ }),
            `conversation ${c} message ${m}`,
          ).toEqual([]),
        ),
      );
    } finally {
      sim.user.subscribe.pop();
    }
  });

  it('the adapter accepts the published Message sample', async () => {
    const [channel] = await rows(server.ctx, sql`select public_key, settings from channels where id = ${channelId}`);
    const path = `/webhooks/meow/${String(channel.public_key)}/${server.ctx.secretBox.open(String((channel.settings as any).webhookSecret), 'webhookSecret')}`;
    const sample = structuredClone(fixture('message-event-text').payload);
    sample.event.Info.ID = '3EB0SAMPLE0001';
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ jsonData: JSON.stringify(sample), token: sim.user.token }).toString(),
    });
    expect(await response.json()).toEqual({ received: true, outcome: 'stored' });
    expect(response.status).toBe(200);
    const [stored] = await rows(
      server.ctx,
      sql`select m.body, c.number, c.name from messages m join contacts c on c.id = m.contact_id where m.channel_id = ${channelId} and m.external_id = '3EB0SAMPLE0001'`,
    );
    expect(stored).toEqual({ body: 'teste4000', number: '556182098580', name: '😅‼️' });
  });
});

describe('WuzAPI HistorySync sample', () => {
  it('a channel importing its history imports the sample: the customer’s chat with the phone’s own reply, and the group', async () => {
    const other = await startWuzapiSimulator();
    try {
      const created = await api.post(
        '/whatsapp',
        {
          name: 'WuzAPI history sample',
          type: 'meow',
          queueId: t.queue.id,
          settings: { baseUrl: other.url, token: other.user.token, importOldMessages: true, importGroups: true },
        },
        { token: t.admin.token },
      );
      expect(created.status).toBe(201);
      const [channel] = await rows(server.ctx, sql`select public_key, settings from channels where id = ${created.body.id}`);
      const path = `/webhooks/meow/${String(channel.public_key)}/${server.ctx.secretBox.open(String((channel.settings as any).webhookSecret), 'webhookSecret')}`;
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ jsonData: JSON.stringify(fixture('history-sync-event').payload), token: other.user.token }).toString(),
      });
      expect(await response.json()).toEqual({ received: true, outcome: 'imported' });
      const stored = await rows(
        server.ctx,
        sql`select m.external_id, m.body, m.from_me, m.sender_name, c.name, c.is_group from messages m join contacts c on c.id = m.contact_id where m.channel_id = ${created.body.id} order by m.external_id`,
      );
      expect(stored).toEqual([
        {
          external_id: '3EB0B430B6F8F1D0E053',
          body: 'Hola, ¿tienen stock?',
          from_me: false,
          sender_name: null,
          name: 'Ana',
          is_group: false,
        },
        {
          external_id: '3EB0B430B6F8F1D0E054',
          body: 'Sí, mañana lo enviamos',
          from_me: true,
          sender_name: null,
          name: 'Ana',
          is_group: false,
        },
        {
          external_id: '3EB0C767D0D1A6F4FD28',
          body: 'buen día',
          from_me: false,
          sender_name: 'Lucía',
          name: 'Super Group',
          is_group: true,
        },
      ]);
    } finally {
      await other.close();
    }
  });
});
