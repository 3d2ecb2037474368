/**
 * Quick messages (SPEC §2 /mensagens-rapidas, §3, §5): CRUD at /fastreply (supervisors and admins
 * write, every agent lists the active ones), key unique per tenant whatever its case, template
 * variables checked when saved, the file uploaded first (sniffed, bounded) and named by a sealed
 * token; sending one from the composer (by id or `/key`: exactly one active quick message, else an
 * error and nothing stored) with its text rendered for the ticket and its file, as a voice note
 * when it is sent as audio.
 */
import { greetingFor } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildAgent, buildInboxTenant, inboundTicket, rows, settledMessageRow, type Agent, type InboxTenant } from '../../../test/inbox.js';
import { contentFor } from '../channels/adapters/baileys/baileys.driver.js';

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

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** An MPEG audio frame (sniffed as audio/mpeg). */
const MP3 = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(400)]);
/** The start of an ELF executable. */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);

let sequence = 0;
const newKey = (prefix = 'msg') => `${prefix}${++sequence}`;

async function uploadMedia(file: { content: Buffer; name: string; type: string }, token = t.admin.token) {
  const form = new FormData();
  form.append('medias', new Blob([file.content], { type: file.type }), file.name);
  const response = await fetch(`${server.url}/fastreply/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function create(body: Record<string, unknown>, token = t.admin.token) {
  const response = await api.post('/fastreply', body, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: number; key: string; message: string; media: any; sendAsAudio: boolean; isActive: boolean };
}

const conversation = (target: InboxTenant = t, name = 'Maria Souza') =>
  inboundTicket(server.ctx, { tenantId: target.tenant.id, channelId: target.channel.id }, { name });
const storedCount = async (ticketId: number) =>
  Number((await rows(server.ctx, sql`select count(*)::int as n from messages where ticket_id = ${ticketId} and from_me`))[0]?.n);

describe('quick messages: CRUD at /fastreply', () => {
  it('a supervisor creates, edits and deletes; an agent lists only the active ones; plain agents cannot write', async () => {
    const active = await create({ key: newKey('ola'), message: 'Olá {{name}}!' }, supervisor.token);
    expect(active).toMatchObject({ message: 'Olá {{name}}!', media: null, sendAsAudio: false, isActive: true });
    const inactive = await create({ key: newKey('off'), message: 'Fora', isActive: false });

    const forAgent = (await api.get('/fastreply', { token: t.agent.token })).body as any[];
    expect(forAgent.map((q) => q.id)).toContain(active.id);
    expect(forAgent.map((q) => q.id)).not.toContain(inactive.id);
    const forAdmin = (await api.get('/fastreply', { token: t.admin.token })).body as any[];
    expect(forAdmin.map((q) => q.id)).toEqual(expect.arrayContaining([active.id, inactive.id]));
    expect(((await api.get('/fastreply?activeOnly=true', { token: t.admin.token })).body as any[]).map((q) => q.id)).not.toContain(
      inactive.id,
    );

    expect((await api.post('/fastreply', { key: newKey(), message: 'x' }, { token: t.agent.token })).status).toBe(403);
    expect((await api.put(`/fastreply/${active.id}`, { message: 'x' }, { token: t.agent.token })).status).toBe(403);
    expect((await api.delete(`/fastreply/${active.id}`, { token: t.agent.token })).status).toBe(403);

    const edited = await api.put(
      `/fastreply/${active.id}`,
      { message: '{{greeting}}, {{firstName}}', isActive: false },
      { token: supervisor.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ key: active.key, message: '{{greeting}}, {{firstName}}', isActive: false });

    expect((await api.delete(`/fastreply/${active.id}`, { token: supervisor.token })).status).toBe(204);
    const gone = await api.delete(`/fastreply/${active.id}`, { token: supervisor.token });
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('ERR_NO_QUICK_MESSAGE_FOUND');
  });

  it('refuses a key the tenant already has, in any case (409 ERR_DUPLICATED_QUICK_MESSAGE); another tenant may use it', async () => {
    const key = newKey('Dup');
    await create({ key, message: 'Um' });
    const again = await api.post('/fastreply', { key: ` ${key.toUpperCase()} `, message: 'Dois' }, { token: t.admin.token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('ERR_DUPLICATED_QUICK_MESSAGE');
    const second = await create({ key: newKey('Dup'), message: 'Três' });
    const renamed = await api.put(`/fastreply/${second.id}`, { key: key.toLowerCase() }, { token: t.admin.token });
    expect(renamed.status).toBe(409);
    await create({ key, message: 'Outro tenant' }, other.admin.token);
  });

  it('checks the input: unknown variables, keys with spaces or a slash, an empty message without a file, 4xx with codes', async () => {
    const unknown = await api.post('/fastreply', { key: newKey(), message: 'Olá {{nome}} {{ name }}' }, { token: t.admin.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('ERR_VALIDATION');
    expect(unknown.body.issues.message).toEqual([expect.objectContaining({ rule: 'templateVariables' })]);
    expect(unknown.body.fields.message[0]).toContain('{{nome}}');

    expect((await api.post('/fastreply', { key: newKey() }, { token: t.admin.token })).body.fields.message).toBeDefined();
    for (const key of ['duas palavras', '/barra', '', 'x'.repeat(51)]) {
      const refused = await api.post('/fastreply', { key, message: 'Oi' }, { token: t.admin.token });
      expect(refused.status, key).toBe(400);
      expect(refused.body.fields.key).toBeDefined();
    }
    const empty = await api.post('/fastreply', { key: newKey(), message: '  ' }, { token: t.admin.token });
    expect(empty.status).toBe(400);
    expect(empty.body.issues.message).toEqual([expect.objectContaining({ rule: 'messageOrFile' })]);

    const created = await create({ key: newKey(), message: 'Oi' });
    const emptied = await api.put(`/fastreply/${created.id}`, { message: '' }, { token: t.admin.token });
    expect(emptied.status).toBe(400);
    const badVariable = await api.put(`/fastreply/${created.id}`, { message: '{{xyz}}' }, { token: t.admin.token });
    expect(badVariable.status).toBe(400);
    const missing = await api.put('/fastreply/999999', { message: 'Oi' }, { token: t.admin.token });
    expect(missing.status).toBe(404);
  });

  it('keeps a file uploaded first (sniffed, bounded), shown by a signed URL; a forged or foreign token is refused', async () => {
    const png = await uploadMedia({ content: PNG, name: 'foto.png', type: 'image/png' });
    expect(png.status).toBe(201);
    expect(png.body).toMatchObject({ name: 'foto.png', mime: 'image/png', type: 'image', size: PNG.length });
    const withFile = await create({ key: newKey('foto'), message: '', mediaToken: png.body.mediaToken });
    expect(withFile.media).toMatchObject({ name: 'foto.png', mime: 'image/png', type: 'image' });
    const file = await fetch(`${server.url}${withFile.media.url}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    const elf = await uploadMedia({ content: ELF, name: 'x.png', type: 'image/png' });
    expect(elf.status).toBe(415);
    expect((await uploadMedia({ content: PNG, name: 'a.png', type: 'image/png' }, t.agent.token)).status).toBe(403);

    const forged = await api.post('/fastreply', { key: newKey(), message: '', mediaToken: 'enc:v1:AAAA' }, { token: t.admin.token });
    expect(forged.status).toBe(400);
    expect(forged.body.fields.mediaToken).toBeDefined();
    const foreign = await api.post(
      '/fastreply',
      { key: newKey(), message: '', mediaToken: png.body.mediaToken },
      { token: other.admin.token },
    );
    expect(foreign.status).toBe(400);

    const removed = await api.put(`/fastreply/${withFile.id}`, { mediaToken: null, message: 'Sem arquivo' }, { token: t.admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body.media).toBeNull();
  });

  it('sends as audio only with an audio file', async () => {
    const png = await uploadMedia({ content: PNG, name: 'foto.png', type: 'image/png' });
    const notAudio = await api.post(
      '/fastreply',
      { key: newKey(), message: '', mediaToken: png.body.mediaToken, sendAsAudio: true },
      { token: t.admin.token },
    );
    expect(notAudio.status).toBe(400);
    expect(notAudio.body.issues.sendAsAudio).toEqual([expect.objectContaining({ rule: 'audioOnly' })]);
    const mp3 = await uploadMedia({ content: MP3, name: 'audio.mp3', type: 'audio/mpeg' });
    expect(mp3.body.type).toBe('audio');
    const voice = await create({ key: newKey('voz'), message: '', mediaToken: mp3.body.mediaToken, sendAsAudio: true });
    expect(voice.sendAsAudio).toBe(true);
    // Replacing the audio by a picture stops sending it as audio.
    const replaced = await api.put(`/fastreply/${voice.id}`, { mediaToken: png.body.mediaToken }, { token: t.admin.token });
    expect(replaced.body).toMatchObject({ sendAsAudio: false, media: expect.objectContaining({ type: 'image' }) });
  });

  it("is isolated per tenant: another tenant's quick message is not found", async () => {
    const mine = await create({ key: newKey(), message: 'Meu' });
    expect((await api.put(`/fastreply/${mine.id}`, { message: 'Seu' }, { token: other.admin.token })).status).toBe(404);
    expect((await api.delete(`/fastreply/${mine.id}`, { token: other.admin.token })).status).toBe(404);
    expect(((await api.get('/fastreply', { token: other.admin.token })).body as any[]).map((q) => q.id)).not.toContain(mine.id);
  });
});

describe('quick messages: sending from the composer (POST /messages/{ticketId})', () => {
  it('`/key` names exactly one active quick message, whatever the case; its text is rendered for the ticket', async () => {
    const key = newKey('Boas');
    await create({ key, message: 'Olá {{name}} ({{firstName}}), aqui é {{user}}.' });
    const { ticketId } = await conversation();
    const sent = await api.post(`/messages/${ticketId}`, { quickMessageKey: key.toUpperCase() }, { token: t.agent.token });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ body: `Olá Maria Souza (Maria), aqui é ${t.agent.name}.`, fromMe: true, userId: t.agent.id });
  });

  it('no match, an inactive one or another tenant’s: 404 ERR_NO_QUICK_MESSAGE_FOUND and nothing stored', async () => {
    const inactive = await create({ key: newKey('inativa'), message: 'Nunca', isActive: false });
    const foreign = await create({ key: newKey('alheia'), message: 'Alheia' }, other.admin.token);
    const { ticketId } = await conversation();
    const before = await storedCount(ticketId);
    for (const body of [
      { quickMessageKey: 'nao-existe' },
      { quickMessageKey: inactive.key },
      { quickMessageId: inactive.id },
      { quickMessageKey: foreign.key },
      { quickMessageId: foreign.id },
    ]) {
      const refused = await api.post(`/messages/${ticketId}`, body, { token: t.agent.token });
      expect(refused.status, JSON.stringify(body)).toBe(404);
      expect(refused.body.error).toBe('ERR_NO_QUICK_MESSAGE_FOUND');
    }
    expect(await storedCount(ticketId)).toBe(before);
    const both = await api.post(
      `/messages/${ticketId}`,
      { quickMessageKey: inactive.key, quickMessageId: inactive.id },
      { token: t.agent.token },
    );
    expect(both.status).toBe(400);
  });

  it('renders {{greeting}} by the tenant time zone, and the edited text of a picked quick message', async () => {
    await server.ctx.db.execute(sql`update tenants set time_zone = 'Asia/Tokyo' where id = ${t.tenant.id}`);
    try {
      const picked = await create({ key: newKey('saud'), message: '{{greeting}}, {{name}}!' });
      const { ticketId } = await conversation(t, 'João Lima');
      const before = greetingFor(new Date(), 'Asia/Tokyo');
      const sent = await api.post(`/messages/${ticketId}`, { quickMessageId: picked.id }, { token: t.agent.token });
      const after = greetingFor(new Date(), 'Asia/Tokyo');
      expect(sent.status).toBe(201);
      expect([`${before}, João Lima!`, `${after}, João Lima!`]).toContain(sent.body.body);

      const edited = await api.post(
        `/messages/${ticketId}`,
        { quickMessageId: picked.id, body: 'Oi {{firstName}}, tudo bem?' },
        { token: t.agent.token },
      );
      expect(edited.body.body).toBe('Oi João, tudo bem?');
    } finally {
      await server.ctx.db.execute(sql`update tenants set time_zone = 'America/Sao_Paulo' where id = ${t.tenant.id}`);
    }
  });

  it('typed replies go as written; with renderVariables they are rendered, and an unknown variable is refused (nothing stored)', async () => {
    const { ticketId } = await conversation(t, 'Ana Paula Reis');
    const plain = await api.post(`/messages/${ticketId}`, { body: 'Olá {{name}}' }, { token: t.agent.token });
    expect(plain.body.body).toBe('Olá {{name}}');
    const rendered = await api.post(
      `/messages/${ticketId}`,
      { body: 'Olá {{name}}, {{lastName}}', renderVariables: true },
      { token: t.agent.token },
    );
    expect(rendered.body.body).toBe('Olá Ana Paula Reis, Paula Reis');
    const before = await storedCount(ticketId);
    const unknown = await api.post(`/messages/${ticketId}`, { body: 'Olá {{nome}}', renderVariables: true }, { token: t.agent.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.issues.body).toEqual([expect.objectContaining({ rule: 'templateVariables' })]);
    expect(await storedCount(ticketId)).toBe(before);
  });

  it("sends the quick message's file with it, as a voice note when flagged; a plain audio file is not a voice note", async () => {
    const mp3 = await uploadMedia({ content: MP3, name: 'audio.mp3', type: 'audio/mpeg' });
    const voice = await create({ key: newKey('voz'), message: '', mediaToken: mp3.body.mediaToken, sendAsAudio: true });
    const song = await create({ key: newKey('musica'), message: 'Ouça, {{firstName}}', mediaToken: mp3.body.mediaToken });
    const { ticketId, contactId } = await conversation(t, 'Carla Dias');

    const asVoice = await api.post(`/messages/${ticketId}`, { quickMessageId: voice.id }, { token: t.agent.token });
    expect(asVoice.status).toBe(201);
    expect(asVoice.body).toMatchObject({ mediaType: 'audio', mediaName: 'audio.mp3', body: '' });
    const asFile = await api.post(`/messages/${ticketId}`, { quickMessageKey: song.key }, { token: t.agent.token });
    expect(asFile.body).toMatchObject({ mediaType: 'audio', body: 'Ouça, Carla' });

    const [voiceRow] = await rows(server.ctx, sql`select media_voice, media_key, media_mime from messages where id = ${asVoice.body.id}`);
    const [fileRow] = await rows(server.ctx, sql`select media_voice from messages where id = ${asFile.body.id}`);
    expect(voiceRow).toMatchObject({ media_voice: true, media_mime: 'audio/mpeg' });
    expect(fileRow).toMatchObject({ media_voice: false });
    // The send job delivers it (web chat), and a WhatsApp (Baileys) send makes it push-to-talk.
    expect((await settledMessageRow(server.ctx, asVoice.body.id)).status).not.toBe('failed');
    const media = { key: String(voiceRow?.media_key), name: 'audio.mp3', mime: 'audio/mpeg', type: 'audio' };
    const outbound = {
      messageId: asVoice.body.id,
      ticketId,
      contact: { id: contactId, number: '5511999990000', externalKey: null },
      body: '',
    };
    expect(await contentFor(server.ctx, { ...outbound, media: { ...media, voice: true } })).toMatchObject({ audio: MP3, ptt: true });
    expect(await contentFor(server.ctx, { ...outbound, media: { ...media, voice: false } })).toMatchObject({ ptt: false });

    const withOwnFile = new FormData();
    withOwnFile.append('quickMessageId', String(voice.id));
    withOwnFile.append('medias', new Blob([PNG], { type: 'image/png' }), 'a.png');
    const refused = await fetch(`${server.url}/messages/${ticketId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.agent.token}` },
      body: withOwnFile,
    });
    expect(refused.status).toBe(400);
  });
});
