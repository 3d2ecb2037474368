import type { AiProvider } from '@conversa/shared';
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { phoneNumberOrFail } from '../contacts/phone-number.js';
import { findQueueById } from '../queues/use-cases/find-queue-by-id.js';
import { assertAudioProvider } from '../ai-bots/use-cases/audio-provider.js';

/** The channel's public identifier (web-chat embed key, webhook path): 192 random bits, unguessable. */
export function newPublicKey(): string {
  return randomBytes(24).toString('base64url');
}

export function channelNumberOrFail(input: string | null): string | null {
  return input === null ? null : phoneNumberOrFail(input);
}

/** The queue of a channel must be one of the tenant's queues. */
export async function assertQueueOfTenant(db: Db, tenantId: number, queueId: number | null | undefined): Promise<void> {
  if (queueId === null || queueId === undefined) return;
  if (!(await findQueueById(db, tenantId, queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
}

/** A queue named in the type's settings (the history import's importQueueId) must be one of the tenant's queues too. */
export async function assertSettingsQueueOfTenant(db: Db, tenantId: number, settings: Record<string, unknown>): Promise<void> {
  const queueId = settings.importQueueId;
  if (typeof queueId !== 'number') return;
  if (!(await findQueueById(db, tenantId, queueId))) {
    throw new AppError('ERR_VALIDATION', 'The queue for imported tickets was not found.', {
      'settings.importQueueId': ['Not a queue of this company.'],
    });
  }
}

/**
 * "Transcribe audio" needs its provider and model (400 naming transcribeAudio), a provider the
 * tenant has set up with the OpenAI protocol (400 naming audioTranscription.provider, see
 * assertAudioProvider). Switched off, the choice is kept for the next time.
 */
export async function assertAudioTranscription(
  db: Db,
  tenantId: number,
  audio: { transcribeAudio: boolean; audioTranscription: { provider: AiProvider; model: string } | null },
): Promise<void> {
  if (!audio.transcribeAudio) return;
  if (!audio.audioTranscription)
    throw new AppError('ERR_VALIDATION', undefined, { transcribeAudio: ['Choose the AI and the model that transcribe.'] });
  await assertAudioProvider(db, tenantId, audio.audioTranscription.provider, 'audioTranscription.provider');
}

const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;
/** Settings that hold URLs the server never connects to (web-chat origins allowed to embed the widget). */
const NOT_CONNECTED_TO = new Set(['allowedOrigins']);

/**
 * Every URL in a channel's settings (provider base URLs, proxies, webhooks: any value written as a
 * URL, in any settings key now or later) must pass the outbound address policy: 400 ERR_VALIDATION
 * naming the field when it points at a private network (unless OUTBOUND_ALLOW_PRIVATE_NETWORKS).
 */
export async function assertSettingsUrlsAllowed(ctx: AppContext, settings: Record<string, unknown>, prefix = 'settings'): Promise<void> {
  const fields: Record<string, string[]> = {};
  const visit = async (value: unknown, path: string): Promise<void> => {
    if (typeof value === 'string') {
      const problem = URL_LIKE.test(value.trim()) ? await ctx.outbound.problemWith(value.trim()) : undefined;
      if (problem) fields[path] = [problem];
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) if (!NOT_CONNECTED_TO.has(key)) await visit(inner, path ? `${path}.${key}` : key);
    }
  };
  await visit(settings, prefix);
  if (Object.keys(fields).length) {
    throw new AppError('ERR_VALIDATION', `Address not allowed (private network): ${Object.keys(fields).join(', ')}.`, fields);
  }
}
