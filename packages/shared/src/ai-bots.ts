import { z } from 'zod';
import { AI_PROVIDERS, type AiProvider } from './enums.js';
import { SECRET_MASK } from './secret-mask.js';

/**
 * LLM bots (SPEC §2 settings chat-gpt, lm, ollama, grok, gemini, deepseek, qwen, claude; §3 Channel
 * "per-AI settings" and Ticket "<provider>Status"; issue 13 "Bots and AI"). Shared by the server's
 * routes and the web forms.
 */

/**
 * The wire protocols: OpenAI Chat Completions (`POST {base}/chat/completions`), Ollama's native
 * chat (`POST {base}/api/chat`), Anthropic Messages (`POST {base}/messages`), Gemini
 * generateContent (`POST {base}/models/{model}:generateContent`).
 */
export const AI_PROTOCOLS = ['openai', 'ollama', 'anthropic', 'gemini'] as const;
export type AiProtocol = (typeof AI_PROTOCOLS)[number];

export interface AiProviderInfo {
  /** The per-ticket switch of SPEC §3 Ticket. */
  statusKey:
    'chatgptStatus' | 'lmStatus' | 'ollamaStatus' | 'grokStatus' | 'geminiStatus' | 'deepseekStatus' | 'qwenStatus' | 'claudeStatus';
  /** The protocols the provider speaks (the first is the default). */
  protocols: readonly AiProtocol[];
  defaultBaseUrl: string;
  defaultModel: string;
  /** Whether an API key is required (local servers, LM Studio and Ollama, take none). */
  keyRequired: boolean;
  /** The product's name as shown. */
  label: string;
}

export const AI_PROVIDER_INFO: Readonly<Record<AiProvider, AiProviderInfo>> = {
  'chat-gpt': {
    statusKey: 'chatgptStatus',
    protocols: ['openai'],
    defaultBaseUrl: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4o-mini',
    keyRequired: true,
    label: 'ChatGPT',
  },
  lm: {
    statusKey: 'lmStatus',
    protocols: ['openai'],
    defaultBaseUrl: 'http://localhost:1234/v1',
    defaultModel: 'llama-3.2-3b-instruct',
    keyRequired: false,
    label: 'LM Studio',
  },
  ollama: {
    statusKey: 'ollamaStatus',
    protocols: ['ollama', 'openai'],
    defaultBaseUrl: 'http://localhost:11434',
    defaultModel: 'llama3.2',
    keyRequired: false,
    label: 'Ollama',
  },
  grok: {
    statusKey: 'grokStatus',
    protocols: ['openai'],
    defaultBaseUrl: 'https://api.x.ai/v1',
    defaultModel: 'grok-3-mini',
    keyRequired: true,
    label: 'Grok',
  },
  gemini: {
    statusKey: 'geminiStatus',
    protocols: ['gemini'],
    defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta',
    defaultModel: 'gemini-2.0-flash',
    keyRequired: true,
    label: 'Gemini',
  },
  deepseek: {
    statusKey: 'deepseekStatus',
    protocols: ['openai'],
    defaultBaseUrl: 'https://api.deepseek.com',
    defaultModel: 'deepseek-chat',
    keyRequired: true,
    label: 'DeepSeek',
  },
  qwen: {
    statusKey: 'qwenStatus',
    protocols: ['openai'],
    defaultBaseUrl: 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1',
    defaultModel: 'qwen-plus',
    keyRequired: true,
    label: 'Qwen',
  },
  claude: {
    statusKey: 'claudeStatus',
    protocols: ['anthropic'],
    defaultBaseUrl: 'https://api.anthropic.com/v1',
    defaultModel: 'claude-3-5-haiku-latest',
    keyRequired: true,
    label: 'Claude',
  },
};

export type AiStatusKey = AiProviderInfo['statusKey'];
export const AI_STATUS_KEYS = AI_PROVIDERS.map((provider) => AI_PROVIDER_INFO[provider].statusKey);

/** What a stored API key looks like in answers; sent back unchanged, it keeps the stored one. */
export const AI_SECRET_MASK = SECRET_MASK;

export const AI_LIMITS = {
  promptMax: 4000,
  wordMax: 100,
  /** The provider's answer wait (ms): past it, the ticket is left to humans. */
  timeoutMs: { min: 1000, max: 60_000, default: 30_000 },
  /** The context's budget in estimated tokens (see estimateTokens). */
  contextTokens: { min: 200, max: 32_000, default: 2000 },
  /** At most this many of the ticket's latest messages are read for the context. */
  contextMessages: 40,
  /** The answer's length cap asked of the provider (max_tokens / num_predict / maxOutputTokens). */
  maxAnswerTokens: 512,
} as const;

/**
 * The token estimate of a text: one token per 4 characters, rounded up, plus 4 per message for the
 * role framing. Providers' tokenizers differ (English averages ~4 characters per token with
 * OpenAI's and Anthropic's; Portuguese a little less), so the budget is a bound on cost, not an
 * exact count; the newest messages are kept first.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4) + 4;
}

const baseUrlSchema = z
  .string()
  .trim()
  .max(300)
  .pipe(z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }))
  .transform((url) => url.replace(/\/+$/, ''));

// ---- tenant settings (GET/PUT/DELETE /settings/ai/{provider}, POST …/test) ----

export const aiProviderParamsSchema = z.object({ provider: z.enum(AI_PROVIDERS) });

export const aiProviderSettingsBodySchema = z.object({
  /** The API key; AI_SECRET_MASK keeps the stored one; '' none (local servers). */
  apiKey: z.string().trim().max(500).default(''),
  baseUrl: baseUrlSchema,
  model: z.string().trim().min(1, 'Model: required.').max(200),
  protocol: z.enum(AI_PROTOCOLS),
  timeoutMs: z.number().int().min(AI_LIMITS.timeoutMs.min).max(AI_LIMITS.timeoutMs.max).default(AI_LIMITS.timeoutMs.default),
  contextTokens: z
    .number()
    .int()
    .min(AI_LIMITS.contextTokens.min)
    .max(AI_LIMITS.contextTokens.max)
    .default(AI_LIMITS.contextTokens.default),
});
export type AiProviderSettingsBody = z.input<typeof aiProviderSettingsBodySchema>;

export const aiProviderSettingsSchema = z.object({
  provider: z.enum(AI_PROVIDERS),
  configured: z.boolean(),
  /** AI_SECRET_MASK when stored, '' when not. */
  apiKey: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  protocol: z.enum(AI_PROTOCOLS),
  timeoutMs: z.number().int(),
  contextTokens: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AiProviderSettings = z.infer<typeof aiProviderSettingsSchema>;

export const aiConnectionTestSchema = z.object({
  ok: z.literal(true),
  /** The models the provider lists (at most 50). */
  models: z.array(z.string()),
  /** Whether the configured model is among them. */
  modelListed: z.boolean(),
});
export type AiConnectionTest = z.infer<typeof aiConnectionTestSchema>;

// ---- audio (issue 13 "Audio": transcription of customers' audio, voice replies) ----

/** SPEC §3 "Voice voice models for audio replies": the voices of the OpenAI text-to-speech endpoint. */
export const AI_VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
export type AiVoice = (typeof AI_VOICES)[number];

/** The providers whose settings can reach OpenAI's audio endpoints (`/audio/transcriptions`, `/audio/speech`): those speaking its protocol. */
export const AI_AUDIO_PROVIDERS = AI_PROVIDERS.filter((provider) => AI_PROVIDER_INFO[provider].protocols.includes('openai'));

/** Suggested models (any name the endpoint knows is accepted: a local Whisper server names its own). */
export const TRANSCRIPTION_MODELS = ['whisper-1', 'gpt-4o-mini-transcribe', 'gpt-4o-transcribe'] as const;
export const SPEECH_MODELS = ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts'] as const;

export const audioModelSchema = z.string().trim().min(1, 'Model: required.').max(100);

/** SPEC §3 Channel "audio-transcription JSON": which of the tenant's providers transcribes, with which model. */
export const audioTranscriptionSchema = z.object({
  provider: z.enum(AI_PROVIDERS),
  model: audioModelSchema,
});
export type AudioTranscription = z.infer<typeof audioTranscriptionSchema>;

/** A message's transcript: `pending` while the job runs, `done` with its text, `failed` (the message stays untranscribed). */
export const TRANSCRIPT_STATUSES = ['pending', 'done', 'failed'] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

/** The comparison of a customer's message with a stop or restart word: trimmed, case and accents ignored. */
export function sameWord(text: string, word: string | null): boolean {
  if (!word) return false;
  const norm = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
  return norm(text) === norm(word);
}
