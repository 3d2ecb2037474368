import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import { phoneNumberOrFail } from '../contacts/phone-number.js';
import { findQueueById } from '../queues/queues.repository.js';

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
    throw new AppError('ERR_VALIDATION', 'The queue for imported tickets was not found.', { 'settings.importQueueId': ['Not a queue of this company.'] });
  }
}
