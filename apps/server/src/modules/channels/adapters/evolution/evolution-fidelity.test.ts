/**
 * Simulator fidelity: the Evolution simulator's webhooks and answers have the shape of the samples
 * published for Evolution API v2 (packages/simulators/fixtures/evolution, each with its source),
 * and the adapter accepts those published samples themselves.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startEvolutionSimulator, type EvolutionSimulator } from '@conversa/simulators';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../../../test/api.js';
import { startTestServer, type TestServer } from '../../../../../test/harness.js';
import { missingFrom } from '../../../../../test/payload-shapes.js';
import { buildInboxTenant, rows, settledMessageRow, type InboxTenant } from '../../../../../test/inbox.js';
import { instanceSettingsAnswerSchema, sentMessageAnswerSchema } from './evolution.schemas.js';

const FIXTURES = fileURLToPath(new URL('../../../../../../../packages/simulators/fixtures/evolution/', import.meta.url));
const fixture = (name: string): { source: string; payload: any } => JSON.parse(readFileSync(`${FIXTURES}${name}.json`, 'utf8'));

/** Every path of a JSON value with its JSON type ('null' in a sample admits any type). */
/** A minimal WebP (RIFF…WEBP header), enough for type sniffing. */
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24)]);

let server: TestServer;
let api: Api;
let sim: EvolutionSimulator;
let t: InboxTenant;
let channelId: number;
let instanceName: string;

beforeAll(async () => {
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' });
  api = new Api(server.url);
  sim = await startEvolutionSimulator();
  t = await buildInboxTenant(server);
  const created = await api.post(
    '/whatsapp',
    { name: 'Evolution', type: 'evolution', queueId: t.queue.id, settings: { baseUrl: sim.url, apiKey: sim.apiKey } },
    { token: t.admin.token },
  );
  expect(created.status).toBe(201);
  channelId = created.body.id;
  instanceName = [...sim.instances.keys()][0]!;
}, 60_000);

afterAll(async () => {
  await sim?.close();
  await server?.close();
});

describe('Evolution simulator fidelity', () => {
  it('keeps its fixtures with their source', () => {
    for (const name of [
      'messages-upsert-text',
      'messages-upsert-sticker',
      'messages-upsert-group',
      'messages-set',
      'messages-update',
      'connection-update',
      'qrcode-updated',
      'instance-create-response',
      'send-text-response',
      'send-whatsapp-audio-response',
      'send-whatsapp-audio-error',
      'group-info-response',
      'error-unauthorized',
      'settings-find-response',
      'settings-set-response',
      'settings-set-error',
    ]) {
      const { source, payload } = fixture(name);
      expect(source, name).toMatch(/https:\/\//);
      expect(payload, name).toBeTypeOf('object');
    }
  });

  it('answers settings/find and settings/set like the source, and refuses an incomplete body as it does', async () => {
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${sim.url}${path}`, {
        method,
        headers: { apikey: sim.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const found = await call('GET', `/settings/find/${instanceName}`);
    expect(found.status).toBe(200);
    expect(missingFrom(found.body, fixture('settings-find-response').payload)).toEqual([]);
    // The adapter reads the published sample.
    expect(instanceSettingsAnswerSchema.safeParse(fixture('settings-find-response').payload).success).toBe(true);

    const sample = fixture('settings-set-response').payload;
    const set = await call('POST', `/settings/set/${instanceName}`, sample.settings.settings);
    expect(set.status).toBe(201);
    expect(missingFrom(set.body, sample)).toEqual([]);
    expect(set.body.settings).toEqual({ instanceName, settings: sample.settings.settings });
    expect((await call('GET', `/settings/find/${instanceName}`)).body).toMatchObject(sample.settings.settings);

    const refused = await call('POST', `/settings/set/${instanceName}`, {
      msgCall: '',
      groupsIgnore: false,
      alwaysOnline: null,
      readMessages: false,
      readStatus: false,
      syncFullHistory: false,
    });
    expect(refused).toEqual({ status: 400, body: fixture('settings-set-error').payload });
    // A refused body changes nothing.
    expect((await call('GET', `/settings/find/${instanceName}`)).body).toMatchObject(sample.settings.settings);
  });

  it('posts webhooks shaped like the published samples', async () => {
    await sim.rotateQr(instanceName);
    const qr = sim.deliveries.at(-1)!.payload;
    expect(missingFrom(qr, fixture('qrcode-updated').payload)).toEqual([]);

    await sim.scanQr(instanceName);
    const inbound = await sim.sendInbound({ instanceName, from: '558197088404', pushName: 'Nome do Remetente', text: 'Texto da mensagem' });
    expect(missingFrom(inbound.payload, fixture('messages-upsert-text').payload)).toEqual([]);
    // The media sample: same envelope and message metadata (the media object itself is the simulator's own).
    const image = await sim.sendInbound({ instanceName, from: '553191819932', image: { content: WEBP, mimetype: 'image/webp' } });
    expect(
      missingFrom(image.payload, fixture('messages-upsert-sticker').payload, {
        only: /^\$(\.(event|instance|destination|date_time|sender|server_url|apikey))?$|^\$\.data\.(key|pushName|messageType|messageTimestamp|source)/,
      }),
    ).toEqual([]);

    // A group participant's message, and a history chunk (with the phone's own message and a group's).
    const group = await sim.sendInbound({
      instanceName,
      from: '553191819932',
      pushName: 'Participante do Grupo',
      text: 'bom dia grupo',
      groupJid: '120363025246125888@g.us',
    });
    expect(missingFrom(group.payload, fixture('messages-upsert-group').payload)).toEqual([]);
    const webhook = sim.instances.get(instanceName)!.webhook!;
    webhook.events.push('MESSAGES_SET');
    try {
      const history = await sim.sendHistory(
        [
          { from: '558197088404', pushName: 'Nome do Contato', text: 'Bom dia, tudo bem?', timestamp: 1759665600 },
          { from: '558197088404', fromMe: true, text: 'Tudo ótimo, e você?', timestamp: 1759669200 },
          {
            from: '553191819932',
            pushName: 'Participante',
            text: 'bom dia, grupo',
            groupJid: '120363025246125888@g.us',
            timestamp: 1759672800,
          },
        ],
        { instanceName },
      );
      expect(missingFrom(history!.payload, fixture('messages-set').payload)).toEqual([]);
      // Every message of the sample (the phone's own, the group's) has its counterpart's shape.
      const sample = fixture('messages-set').payload.data as unknown[];
      const sent = history!.payload.data as unknown[];
      sample.forEach((message, index) => expect(missingFrom(sent[index], message), `message ${index}`).toEqual([]));
    } finally {
      webhook.events.pop();
    }

    const status = await sim.sendStatus('3EB0C7A6B2D4E8F01234', 'DELIVERY_ACK', { instanceName });
    expect(missingFrom(status.payload, fixture('messages-update').payload)).toEqual([]);

    await sim.disconnect(instanceName);
    expect(missingFrom(sim.deliveries.at(-1)!.payload, fixture('connection-update').payload)).toEqual([]);
  });

  it('answers like Evolution: instance creation, a sent text, a refused key', async () => {
    const headers = { apikey: sim.apiKey, 'content-type': 'application/json' };
    const create = await fetch(`${sim.url}/instance/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        instanceName: 'fidelity',
        qrcode: true,
        integration: 'WHATSAPP-BAILEYS',
        webhook: { url: 'http://127.0.0.1:1/hook', byEvents: false, base64: true, events: ['MESSAGES_UPSERT'] },
      }),
    });
    expect(create.status).toBe(201);
    expect(missingFrom(await create.json(), fixture('instance-create-response').payload)).toEqual([]);

    await sim.scanQr('fidelity');
    const sent = await fetch(`${sim.url}/message/sendText/fidelity`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ number: '553198296801', text: 'Olá!' }),
    });
    expect(sent.status).toBe(201);
    expect(missingFrom(await sent.json(), fixture('send-text-response').payload)).toEqual([]);

    // A voice note: the documented answer, and the refusal of an audio neither a URL nor base64.
    const voice = await fetch(`${sim.url}/message/sendWhatsAppAudio/fidelity`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ number: '553198296801', audio: Buffer.from('OggS voz').toString('base64'), delay: 1200 }),
    });
    expect(voice.status).toBe(201);
    const voiceAnswer = (await voice.json()) as any;
    expect(missingFrom(voiceAnswer, fixture('send-whatsapp-audio-response').payload)).toEqual([]);
    expect(voiceAnswer.message.audioMessage.ptt).toBe(true);
    const notAudio = await fetch(`${sim.url}/message/sendWhatsAppAudio/fidelity`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ number: '553198296801', audio: 'não é base64' }),
    });
    expect({ status: notAudio.status, body: await notAudio.json() }).toEqual({
      status: 400,
      body: fixture('send-whatsapp-audio-error').payload,
    });
    for (const body of [{ number: '553198296801' }, { number: '553198296801', audio: 'T2dnUw==', delay: 'soon' }, { audio: 'T2dnUw==' }]) {
      const refused = await fetch(`${sim.url}/message/sendWhatsAppAudio/fidelity`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    // The adapter reads the published sample (its key.id is the message's id at WhatsApp).
    expect(sentMessageAnswerSchema.parse(fixture('send-whatsapp-audio-response').payload).key.id).toBe('BAE5EFED2AB0BB9F');

    sim.addGroup('120363025246125888@g.us', 'Equipe de Vendas', {
      instanceName: 'fidelity',
      participants: ['558196349077', '553191819932'],
    });
    const info = await fetch(`${sim.url}/group/findGroupInfos/fidelity?groupJid=${encodeURIComponent('120363025246125888@g.us')}`, {
      headers,
    });
    expect(info.status).toBe(200);
    expect(missingFrom(await info.json(), fixture('group-info-response').payload)).toEqual([]);

    const refused = await fetch(`${sim.url}/message/sendText/fidelity`, {
      method: 'POST',
      headers: { ...headers, apikey: 'wrong' },
      body: JSON.stringify({ number: '553198296801', text: 'Olá!' }),
    });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(fixture('error-unauthorized').payload);
  });

  it('the adapter accepts the published samples themselves', async () => {
    const [channel] = await rows(server.ctx, sql`select public_key, settings from channels where id = ${channelId}`);
    const path = `/webhooks/evolution/${String(channel.public_key)}/${server.ctx.secretBox.open(String((channel.settings as any).webhookSecret), 'webhookSecret')}`;
    const ours = (name: string, data?: (d: any) => any) => {
      const { payload } = fixture(name);
      return { ...payload, instance: instanceName, data: data ? data(structuredClone(payload.data)) : payload.data };
    };

    // Published as sent by the phone itself (fromMe): stored as ours, in the customer's chat.
    expect((await api.post(path, ours('messages-upsert-text'))).body).toEqual({ received: true, outcome: 'stored' });
    const [own] = await rows(
      server.ctx,
      sql`select m.body, m.from_me, m.status, c.number from messages m join contacts c on c.id = m.contact_id where m.channel_id = ${channelId} and m.external_id = '3AE99D6A1DBF3F9A0578'`,
    );
    expect(own).toEqual({ body: 'Texto da mensagem', from_me: true, status: 'sent', number: '558197088404' });
    // The same from the customer (another id) is theirs.
    const received = await api.post(
      path,
      ours('messages-upsert-text', (d) => ({ ...d, key: { ...d.key, fromMe: false, id: '3AE99D6A1DBF3F9A0579' } })),
    );
    expect(received.body).toEqual({ received: true, outcome: 'stored' });
    const [text] = await rows(
      server.ctx,
      sql`select m.body, m.from_me, m.contact_id from messages m where m.channel_id = ${channelId} and m.external_id = '3AE99D6A1DBF3F9A0579'`,
    );
    expect(text).toMatchObject({ body: 'Texto da mensagem', from_me: false });

    // A group message (this channel does not take groups) and a history chunk (it does not import history): answered, not stored.
    const before = (await rows(server.ctx, sql`select count(*)::int as n from messages where channel_id = ${channelId}`))[0].n;
    expect((await api.post(path, ours('messages-upsert-group'))).body).toEqual({ received: true, outcome: 'skipped' });
    expect((await api.post(path, ours('messages-set'))).body).toEqual({ received: true, outcome: 'ignored' });
    expect((await rows(server.ctx, sql`select count(*)::int as n from messages where channel_id = ${channelId}`))[0].n).toBe(before);

    // The sticker sample came without base64: the adapter fetches the media from Evolution.
    sim.instances.get(instanceName)!.media.set('3A7C22C9A23CAFAD7108', {
      base64: WEBP.toString('base64'),
      mimetype: 'image/webp',
      fileName: 'sticker.webp',
      caption: '',
      mediaType: 'stickerMessage',
    });
    expect((await api.post(path, ours('messages-upsert-sticker'))).body).toEqual({ received: true, outcome: 'stored' });
    const [sticker] = await rows(
      server.ctx,
      sql`select media_type, media_mime from messages where channel_id = ${channelId} and external_id = '3A7C22C9A23CAFAD7108'`,
    );
    expect(sticker).toEqual({ media_type: 'sticker', media_mime: 'image/webp' });

    // The status sample names a message we sent.
    const ticket = await rows(
      server.ctx,
      sql`select ticket_id from messages where channel_id = ${channelId} and external_id = '3AE99D6A1DBF3F9A0579'`,
    );
    const ticketId = Number(ticket[0].ticket_id);
    await sim.scanQr(instanceName);
    const reply = await api.post(`/messages/${ticketId}`, { body: 'resposta' }, { token: t.agent.token });
    const sentRow = async () => (await rows(server.ctx, sql`select status, external_id, ack from messages where id = ${reply.body.id}`))[0];
    expect(await settledMessageRow(server.ctx, reply.body.id)).toMatchObject({ status: 'sent' });
    const externalId = String((await sentRow()).external_id);
    expect(
      (
        await api.post(
          path,
          ours('messages-update', (d) => ({ ...d, keyId: externalId })),
        )
      ).body,
    ).toEqual({ received: true, outcome: 'status' });
    expect(await sentRow()).toMatchObject({ status: 'delivered', ack: 2 });

    expect((await api.post(path, ours('qrcode-updated'))).body.outcome).toBe('session');
    expect((await api.get(`/whatsapp/${channelId}`, { token: t.admin.token })).body).toMatchObject({
      status: 'qrcode',
      qrcode: fixture('qrcode-updated').payload.data.qrcode.base64,
    });
    expect((await api.post(path, ours('connection-update'))).body.outcome).toBe('session');
    expect((await api.get(`/whatsapp/${channelId}`, { token: t.admin.token })).body).toMatchObject({
      status: 'disconnected',
      qrcode: null,
    });
  });
});
