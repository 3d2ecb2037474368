import type { Db } from '../../platform/db/client.js';
import { AppError, isUniqueViolation } from '../../platform/http/app-error.js';
import { findChannelById } from '../channels/use-cases/find-channel-by-id.js';
import { findQueueById } from '../queues/use-cases/find-queue-by-id.js';
import type { AutoReplyInput } from './auto-replies.schemas.js';

/** The queue and channel a rule names must be the tenant's: another tenant's is as unknown as a missing one. */
export async function assertReferencesOfTenant(db: Db, tenantId: number, input: AutoReplyInput): Promise<void> {
  if (input.queueId !== null && !(await findQueueById(db, tenantId, input.queueId))) {
    throw new AppError('ERR_NO_QUEUE_FOUND', undefined, { queueId: [`Unknown queue: ${input.queueId}`] });
  }
  if (input.channelId !== null && !(await findChannelById(db, tenantId, input.channelId))) {
    throw new AppError('ERR_NO_WAPP_FOUND', undefined, { channelId: [`Unknown channel: ${input.channelId}`] });
  }
}

/** Runs a write; the unique (tenant, lower(name)) index turns a taken name into 409 ERR_DUPLICATED_AUTO_REPLY. */
export async function withDuplicateNameCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'auto_replies_tenant_name_key')) throw new AppError('ERR_DUPLICATED_AUTO_REPLY');
    throw error;
  }
}

export function rowValues(input: AutoReplyInput) {
  return {
    name: input.name,
    active: input.active,
    trigger: input.trigger,
    matchMode: input.matchMode,
    keywords: input.keywords,
    reply: input.reply,
    queueId: input.queueId,
    channelId: input.channelId,
  };
}
