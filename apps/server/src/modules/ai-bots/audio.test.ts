/**
 * Audio (issue 13 "Bots and AI", Audio) against the OpenAI simulator: the simulator's audio
 * endpoints against their documented samples; the channel option "transcribe audio" (provider and
 * model, checked); a customer's audio transcribed beside the inbound pipeline, stored with the
 * message and pushed to the inbox, read by the AI as the customer's words; a provider's refusal
 * (no transcript, a log line, the message intact); the option off (no call); and a channel AI's
 * voice replies (text-to-speech in the chosen voice, sent as an audio).
 */
import { randomUUID } from 'node:crypto';
import { llmFixture, simulatedSpeech, startOpenAiSimulator, type LlmSimulator } from '@conversa/simulators';
import { SOCKET_EVENTS } from '@conversa/shared';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildChannel, buildInboxTenant, closeAllSockets, connectAgent, eventually, rows, type InboxTenant } from '../../../test/inbox.js';
import type { ChannelRow } from '../channels/channels.repository.js';
import { ingestInbound } from '../messages/use-cases/ingest-inbound.js';
import { createOutboundHttp } from '../../platform/http/outbound-http.js';
import { LlmCallError } from './protocols/llm-client.js';
import { openAiAudio } from './protocols/openai-audio.js';
import { conversationContext } from './use-cases/conversation-context.js';

let server: TestServer;
let api: Api;
let openai: LlmSimulator;
let t: InboxTenant;
let other: InboxTenant;
const logLines: string[] = [];

const TRANSCRIPT = 'Bom dia, queria saber se o pedido 123 já foi enviado.';

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void logLines.push(line) });
  server = await startTestServer({ OUTBOUND_ALLOW_PRIVATE_NETWORKS: 'true' }, { logger });
  api = new Api(server.url);
  openai = await startOpenAiSimulator({ models: ['gpt-4o-mini'] });
  openai.transcribeWith((call) => `${TRANSCRIPT} (${call.content.toString('utf8')})`);
  t = await buildInboxTenant(server);
  other = await buildInboxTenant(server);
  for (const tenant of [t, other]) {
    const saved = await api.put(
      '/settings/ai/chat-gpt',
      { apiKey: openai.apiKey, baseUrl: `${openai.url}/v1`, model: 'gpt-4o-mini', protocol: 'openai', timeoutMs: 5000 },
      { token: tenant.admin.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  closeAllSockets();
  await server?.close();
  await openai?.close();
});

/** A web-chat channel of the tenant's queue, transcribing its audio with whisper-1 through chat-gpt's settings when `transcribe`. */
async function audioChannel(tenant: InboxTenant, transcribe: boolean): Promise<ChannelRow> {
  const channel = await buildChannel(server.ctx, tenant.tenant.id, { queueId: tenant.queue.id });
  if (transcribe) {
    const saved = await api.put(
      `/whatsapp/${channel.id}`,
      { transcribeAudio: true, audioTranscription: { provider: 'chat-gpt', model: 'whisper-1' } },
      { token: tenant.admin.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  return channel;
}

/** A customer's voice note through the shared inbound pipeline; its file's bytes are `marker` (what the simulator echoes). */
async function inboundAudio(tenant: InboxTenant, channelId: number, marker: string, key = { externalKey: `webchat:${randomUUID()}` }) {
  const content = Buffer.from(marker, 'utf8');
  const mediaKey = await server.ctx.media.save(tenant.tenant.id, content);
  const result = await ingestInbound(server.ctx, {
    tenantId: tenant.tenant.id,
    channelId,
    externalId: `in-${randomUUID()}`,
    contact: { key, name: 'Cliente Áudio' },
    body: '',
    media: { type: 'audio', key: mediaKey, name: 'voz.ogg', mime: 'audio/ogg', size: content.length },
  });
  if (result.outcome !== 'stored') throw new Error(`expected a stored message, got ${result.outcome}`);
  return { ...result, mediaKey };
}

async function messageRow(id: string) {
  const [row] = await rows(
    server.ctx,
    sql`select body, media_key as "mediaKey", media_type as "mediaType", media_mime as "mediaMime", transcript, transcript_status as "transcriptStatus", deleted
      from messages where id = ${id}`,
  );
  return row as {
    body: string;
    mediaKey: string | null;
    mediaType: string | null;
    mediaMime: string | null;
    transcript: string | null;
    transcriptStatus: string | null;
    deleted: boolean;
  };
}

const settledTranscript = (id: string) =>
  eventually(
    async () => {
      const row = await messageRow(id);
      return row.transcriptStatus === 'done' || row.transcriptStatus === 'failed' ? row : undefined;
    },
    { timeoutMs: 30_000, what: `the transcript of ${id}` },
  );

describe('the OpenAI simulator audio endpoints against the documented samples', () => {
  const http = createOutboundHttp({ allowPrivateNetworks: true });
  const endpoint = () => ({ baseUrl: `${openai.url}/v1`, apiKey: openai.apiKey ?? '', model: 'whisper-1', timeoutMs: 5000 });

  it('POST /audio/transcriptions: multipart file and model, the answer has the documented keys', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('sample')], { type: 'audio/mpeg' }), 'speech.mp3');
    form.append('model', 'gpt-4o-transcribe');
    const response = await fetch(`${openai.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${openai.apiKey}` },
      body: form,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(Object.keys(llmFixture('openai-transcription-response')).sort());
    expect(openai.transcriptions.at(-1)).toMatchObject({ model: 'gpt-4o-transcribe', fileName: 'speech.mp3', mime: 'audio/mpeg' });

    const noFile = new FormData();
    noFile.append('model', 'whisper-1');
    const refused = await fetch(`${openai.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${openai.apiKey}` },
      body: noFile,
    });
    expect(refused.status).toBe(400);
  });

  it('POST /audio/speech: the documented request answers audio; an unknown voice is refused', async () => {
    const sample = llmFixture<{ input: string; voice: string }>('openai-speech-request');
    const response = await fetch(`${openai.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${openai.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(sample),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(simulatedSpeech(sample.input, sample.voice));
    const badVoice = await fetch(`${openai.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${openai.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...sample, voice: 'robot' }),
    });
    expect(badVoice.status).toBe(400);
  });

  it('the adapter reads both, and a wrong key is `refused` with the provider words', async () => {
    expect(
      await openAiAudio.transcribe(http, endpoint(), { content: Buffer.from('x'), name: 'a.ogg', mime: 'audio/ogg', model: 'whisper-1' }),
    ).toContain(TRANSCRIPT);
    const audio = await openAiAudio.speak(http, endpoint(), { input: 'Olá!', voice: 'echo', model: 'tts-1' });
    expect(audio).toEqual(simulatedSpeech('Olá!', 'echo'));
    const error = await openAiAudio
      .speak(http, { ...endpoint(), apiKey: 'sk-wrong' }, { input: 'Olá!', voice: 'echo', model: 'tts-1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmCallError);
    expect((error as LlmCallError).kind).toBe('refused');
    expect((error as LlmCallError).status).toBe(401);
  });
});

describe('the channel option "transcribe audio"', () => {
  it('needs a provider and model, set up with the OpenAI protocol; the channel answers it', async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id });
    const path = `/whatsapp/${channel.id}`;
    const token = t.admin.token;
    const missing = await api.put(path, { transcribeAudio: true }, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.fields?.transcribeAudio).toBeDefined();
    const notSetUp = await api.put(
      path,
      { transcribeAudio: true, audioTranscription: { provider: 'grok', model: 'whisper-1' } },
      { token },
    );
    expect(notSetUp.status).toBe(400);
    expect(notSetUp.body.fields?.['audioTranscription.provider']).toBeDefined();
    const badModel = await api.put(path, { transcribeAudio: true, audioTranscription: { provider: 'chat-gpt', model: '' } }, { token });
    expect(badModel.status).toBe(400);
    const saved = await api.put(
      path,
      { transcribeAudio: true, audioTranscription: { provider: 'chat-gpt', model: 'whisper-1' } },
      { token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ transcribeAudio: true, audioTranscription: { provider: 'chat-gpt', model: 'whisper-1' } });
    const off = await api.put(path, { transcribeAudio: false }, { token });
    expect(off.body).toMatchObject({ transcribeAudio: false, audioTranscription: { provider: 'chat-gpt', model: 'whisper-1' } });
    // An agent may not change it; another tenant does not see the channel.
    expect((await api.put(path, { transcribeAudio: true }, { token: t.agent.token })).status).toBe(403);
    expect((await api.put(path, { transcribeAudio: true }, { token: other.admin.token })).status).toBe(404);
  });
});

describe('transcription of a customer audio', () => {
  it('is stored with the message and pushed to the inbox', async () => {
    const channel = await audioChannel(t, true);
    const admin = await connectAgent(server.url, t.admin.token);
    const sent = await inboundAudio(t, channel.id, 'audio-stored');
    const row = await settledTranscript(sent.messageId);
    expect(row).toMatchObject({ transcriptStatus: 'done', transcript: `${TRANSCRIPT} (audio-stored)`, mediaKey: sent.mediaKey });
    const call = openai.transcriptions.find((c) => c.content.toString('utf8') === 'audio-stored');
    expect(call).toMatchObject({ model: 'whisper-1', fileName: 'voz.ogg', mime: 'audio/ogg', responseFormat: 'json' });
    const pushed = await admin.waitFor(
      SOCKET_EVENTS.appMessage,
      (payload) => payload?.action === 'update' && payload.message?.id === sent.messageId && payload.message.transcriptStatus === 'done',
      10_000,
    );
    expect(pushed.message.transcript).toBe(`${TRANSCRIPT} (audio-stored)`);
    const listed = await api.get(`/messages/${sent.ticketId}`, { token: t.admin.token });
    const listedMessage = listed.body.messages.find((m: { id: string }) => m.id === sent.messageId);
    expect(listedMessage).toMatchObject({ transcript: `${TRANSCRIPT} (audio-stored)`, transcriptStatus: 'done', mediaType: 'audio' });
    admin.close();
  });

  it("a provider's refusal leaves the message untranscribed, intact, with a log line", async () => {
    const channel = await audioChannel(t, true);
    openai.injectError('auth');
    const sent = await inboundAudio(t, channel.id, 'audio-refused');
    const row = await settledTranscript(sent.messageId);
    expect(row).toMatchObject({
      transcriptStatus: 'failed',
      transcript: null,
      body: '',
      mediaType: 'audio',
      mediaKey: sent.mediaKey,
      deleted: false,
    });
    expect(openai.transcriptions.some((c) => c.content.toString('utf8') === 'audio-refused')).toBe(false);
    await eventually(async () => logLines.find((line) => line.includes(sent.messageId) && line.includes('audio not transcribed')), {
      what: 'the log line of the refusal',
    });
    // The inbound pipeline went on: the ticket exists with the message as its last.
    const [ticket] = await rows(server.ctx, sql`select last_message as "lastMessage" from tickets where id = ${sent.ticketId}`);
    expect(ticket).toBeDefined();
  });

  it('with the option off, nothing is sent to the provider', async () => {
    const off = await audioChannel(t, false);
    const on = await audioChannel(t, true);
    const silent = await inboundAudio(t, off.id, 'audio-off');
    // The positive marker: an audio arriving after it on a transcribing channel is transcribed.
    const marker = await inboundAudio(t, on.id, 'audio-on-after');
    await settledTranscript(marker.messageId);
    expect(openai.transcriptions.some((c) => c.content.toString('utf8') === 'audio-off')).toBe(false);
    expect((await messageRow(silent.messageId)).transcriptStatus).toBeNull();
  });

  it("the AI's context reads the transcript as the customer's words", async () => {
    const channel = await audioChannel(t, true);
    const saved = await api.put(
      `/whatsapp/${channel.id}/ai-bot`,
      { provider: 'chat-gpt', prompt: 'Atenda.', answerNewTickets: true },
      { token: t.admin.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    openai.answerWith((call) => `Resposta a: ${call.messages.at(-1)?.content}`);
    const sent = await inboundAudio(t, channel.id, 'audio-for-ai');
    const reply = await eventually(
      async () => {
        const [row] = await rows(
          server.ctx,
          sql`select body from messages where ticket_id = ${sent.ticketId} and from_me and body like 'Resposta a:%'`,
        );
        return row as { body: string } | undefined;
      },
      { timeoutMs: 30_000, what: "the AI's reply" },
    );
    expect(reply.body).toBe(`Resposta a: ${TRANSCRIPT} (audio-for-ai)`);
  });

  it('conversation context: an audio is its transcript, or [audio] without one', () => {
    const turns = conversationContext(
      [
        { fromMe: false, body: '', mediaType: 'audio', deleted: false, transcript: 'quero cancelar' },
        { fromMe: false, body: '', mediaType: 'audio', deleted: false, transcript: null },
      ],
      1000,
    );
    expect(turns).toEqual([
      { role: 'user', content: '[audio]' },
      { role: 'user', content: 'quero cancelar' },
    ]);
  });
});

describe('voice replies of a channel AI', () => {
  it('the answer is spoken in the chosen voice and sent as an audio with its words as transcript', async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id });
    const saved = await api.put(
      `/whatsapp/${channel.id}/ai-bot`,
      { provider: 'chat-gpt', prompt: 'Atenda.', answerNewTickets: true, answerWithVoice: true, voice: 'nova', speechModel: 'tts-1-hd' },
      { token: t.admin.token },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ answerWithVoice: true, voice: 'nova', speechModel: 'tts-1-hd' });
    expect((await api.get(`/whatsapp/${channel.id}/ai-bot`, { token: t.admin.token })).body).toMatchObject({ voice: 'nova' });
    const badVoice = await api.put(
      `/whatsapp/${channel.id}/ai-bot`,
      { provider: 'chat-gpt', answerWithVoice: true, voice: 'robot' },
      { token: t.admin.token },
    );
    expect(badVoice.status).toBe(400);

    openai.answerWith('Seu pedido sai hoje.');
    const customer = { externalKey: `webchat:${randomUUID()}` };
    const inbound = await ingestInbound(server.ctx, {
      tenantId: t.tenant.id,
      channelId: channel.id,
      externalId: `in-${randomUUID()}`,
      contact: { key: customer, name: 'Cliente Voz' },
      body: 'Quando chega meu pedido?',
    });
    if (inbound.outcome !== 'stored') throw new Error(inbound.outcome);
    const reply = await eventually(
      async () => {
        const [row] = await rows(
          server.ctx,
          sql`select id, body, media_type as "mediaType", media_mime as "mediaMime", media_key as "mediaKey", transcript
            from messages where ticket_id = ${inbound.ticketId} and from_me`,
        );
        return row?.transcript
          ? (row as { id: string; body: string; mediaType: string; mediaMime: string; mediaKey: string; transcript: string })
          : undefined;
      },
      { timeoutMs: 30_000, what: 'the voice reply' },
    );
    expect(reply).toMatchObject({ mediaType: 'audio', mediaMime: 'audio/mpeg', transcript: 'Seu pedido sai hoje.' });
    expect(openai.speeches.at(-1)).toEqual({ model: 'tts-1-hd', input: 'Seu pedido sai hoje.', voice: 'nova', responseFormat: 'mp3' });
    expect(await server.ctx.media.read(reply.mediaKey)).toEqual(simulatedSpeech('Seu pedido sai hoje.', 'nova'));
    const [claim] = await rows(
      server.ctx,
      sql`select status, reply_message_id as "replyMessageId" from ai_bot_replies where inbound_message_id = ${inbound.messageId}`,
    );
    expect(claim).toEqual({ status: 'answered', replyMessageId: reply.id });
  });

  it('a failed speech sends the text instead (logged)', async () => {
    const channel = await buildChannel(server.ctx, t.tenant.id, { queueId: t.queue.id });
    await api.put(
      `/whatsapp/${channel.id}/ai-bot`,
      { provider: 'chat-gpt', answerNewTickets: true, answerWithVoice: true, voice: 'onyx', speechModel: 'no-such-tts' }, // the provider answers 404 model_not_found
      { token: t.admin.token },
    );
    openai.answerWith('Texto porque a voz falhou.');
    const speechesBefore = openai.speeches.length;
    const inbound = await ingestInbound(server.ctx, {
      tenantId: t.tenant.id,
      channelId: channel.id,
      externalId: `in-${randomUUID()}`,
      contact: { key: { externalKey: `webchat:${randomUUID()}` }, name: 'Cliente' },
      body: 'Oi',
    });
    if (inbound.outcome !== 'stored') throw new Error(inbound.outcome);
    const reply = await eventually(
      async () => {
        const [row] = await rows(
          server.ctx,
          sql`select body, media_type as "mediaType" from messages where ticket_id = ${inbound.ticketId} and from_me`,
        );
        return row as { body: string; mediaType: string | null } | undefined;
      },
      { timeoutMs: 30_000, what: 'the text reply' },
    );
    expect(reply).toEqual({ body: 'Texto porque a voz falhou.', mediaType: null });
    expect(openai.speeches.length).toBe(speechesBefore);
    await eventually(async () => logLines.find((line) => line.includes('AI voice reply sent as text')), { what: 'the log line' });
  });
});
