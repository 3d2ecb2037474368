import type { AiVoice } from '@conversa/shared';
import { z } from 'zod';
import { createOutboundForm } from '../../../platform/http/outbound-http.js';
import { fetchOrFail, LlmCallError, refusal, trimmedAnswer, unreachable, type Fetch, type LlmEndpoint } from './llm-client.js';

const transcriptionSchema = z.object({ text: z.string() });
const errorSchema = z.object({ error: z.object({ message: z.string() }) });
const describe = (body: unknown) => errorSchema.safeParse(body).data?.error.message;
const auth = (apiKey: string): Record<string, string> => (apiKey ? { authorization: `Bearer ${apiKey}` } : {});

/** The longest audio sent for transcription: OpenAI's upload limit (25 MB). */
export const MAX_TRANSCRIBED_AUDIO = 25 * 1024 * 1024;

/**
 * OpenAI's audio endpoints (https://platform.openai.com/docs/api-reference/audio), at the base URL
 * of a provider's settings (the version included: `https://api.openai.com/v1`), also served by
 * OpenAI-compatible servers (Groq, LocalAI, faster-whisper servers):
 *
 * - `POST {base}/audio/transcriptions`, multipart/form-data `file` (the audio, with its file name:
 *   the format is told by its extension) and `model` (whisper-1, gpt-4o-transcribe…),
 *   `response_format: json`: the answer is `{ "text": "…" }`.
 * - `POST {base}/audio/speech`, JSON `{ model, input, voice, response_format }`: the answer is the
 *   audio file itself (`mp3` here: audio/mpeg).
 */
export const openAiAudio = {
  async transcribe(
    http: Fetch,
    endpoint: LlmEndpoint,
    audio: { content: Buffer; name: string; mime: string; model: string },
  ): Promise<string> {
    const form = await createOutboundForm();
    form.append('file', new Blob([new Uint8Array(audio.content)], { type: audio.mime }), audio.name);
    form.append('model', audio.model);
    form.append('response_format', 'json');
    const response = await fetchOrFail(http, `${endpoint.baseUrl}/audio/transcriptions`, {
      method: 'POST',
      headers: { accept: 'application/json', ...auth(endpoint.apiKey) },
      body: form,
      timeoutMs: endpoint.timeoutMs,
    });
    const text = await response.text().catch((error: unknown) => {
      throw unreachable(error, endpoint.timeoutMs);
    });
    if (!response.ok) throw refusal(response.status, text, describe);
    let parsed: z.infer<typeof transcriptionSchema> | undefined;
    try {
      parsed = transcriptionSchema.safeParse(JSON.parse(text)).data;
    } catch {
      parsed = undefined;
    }
    if (!parsed) throw new LlmCallError('refused', `HTTP ${response.status}: the answer has no text`, response.status);
    return trimmedAnswer(parsed.text);
  },

  async speak(http: Fetch, endpoint: LlmEndpoint, speech: { input: string; voice: AiVoice; model: string }): Promise<Buffer> {
    const response = await fetchOrFail(http, `${endpoint.baseUrl}/audio/speech`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth(endpoint.apiKey) },
      body: JSON.stringify({ model: speech.model, input: speech.input, voice: speech.voice, response_format: 'mp3' }),
      timeoutMs: endpoint.timeoutMs,
    });
    const body = await response.arrayBuffer().catch((error: unknown) => {
      throw unreachable(error, endpoint.timeoutMs);
    });
    if (!response.ok) throw refusal(response.status, Buffer.from(body).toString('utf8'), describe);
    const audio = Buffer.from(body);
    if (audio.length === 0) throw new LlmCallError('empty', 'the answer has no audio');
    return audio;
  },
};
