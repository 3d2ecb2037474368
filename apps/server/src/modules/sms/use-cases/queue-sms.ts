import { SMS_BODY_MAX, smsSegments } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { AppError } from '../../../platform/http/app-error.js';
import { smsNumber } from '../sms-number.js';
import { findSmsBySource, findSmsSettings, insertSmsClaim, type SmsRow } from '../sms.repository.js';

export interface QueueSmsInput {
  tenantId: number;
  /** The recipient: E.164, digits with the country code (as contacts store numbers), or a Brazilian national number. */
  to: string;
  /** 1–1600 characters (trimmed). */
  body: string;
  contactId?: number | null;
  ticketId?: number | null;
  /** Who asked for it (null for automations). */
  userId?: number | null;
  /** What sends it: 'agent' (the SMS modal), 'mass' (mass sending), … */
  sourceKind: string;
  /** Unique within the tenant and sourceKind: e.g. `${massSendId}:${contactId}`. The same key queued again sends nothing more. */
  sourceKey: string;
}

/**
 * Claims one SMS send and enqueues its durable send job, both in the caller's transaction `tx`
 * (DESIGN §6 "sends are claims"): if the transaction commits, the SMS is sent exactly once; if it
 * rolls back, nothing is. `(tenantId, sourceKind, sourceKey)` is unique: queueing the same key
 * again returns the first row with `created: false` and enqueues nothing.
 *
 * Refuses (AppError, nothing written): ERR_SMS_NOT_CONFIGURED (no provider for the tenant),
 * ERR_SMS_INVALID_NUMBER (`to` is not a valid phone number), ERR_VALIDATION (empty or too long body).
 * Records an `sms.changed` event in `events` (relayed after commit).
 *
 * Usage (e.g. mass sending):
 *   await transact(ctx, (tx, events) => queueSms(ctx, tx, events, { tenantId, to: contact.number, body, contactId: contact.id, sourceKind: 'mass', sourceKey: `${runId}:${contact.id}` }));
 */
export async function queueSms(
  ctx: Pick<AppContext, 'jobs'>,
  tx: Db,
  events: DomainEvent[],
  input: QueueSmsInput,
): Promise<{ sms: SmsRow; created: boolean }> {
  const body = input.body.trim();
  if (!body) throw new AppError('ERR_VALIDATION', 'Write the message.', { body: ['Required.'] });
  if (body.length > SMS_BODY_MAX)
    throw new AppError('ERR_VALIDATION', `At most ${SMS_BODY_MAX} characters.`, { body: [`At most ${SMS_BODY_MAX} characters.`] });
  const to = smsNumber(input.to);
  if (!to) throw new AppError('ERR_SMS_INVALID_NUMBER', undefined, { to: ['Not a valid phone number with its country code.'] });
  if (!(await findSmsSettings(tx, input.tenantId))) throw new AppError('ERR_SMS_NOT_CONFIGURED');

  const row = await insertSmsClaim(tx, {
    tenantId: input.tenantId,
    contactId: input.contactId ?? null,
    ticketId: input.ticketId ?? null,
    userId: input.userId ?? null,
    toNumber: to,
    body,
    segments: smsSegments(body).segments,
    sourceKind: input.sourceKind,
    sourceKey: input.sourceKey,
  });
  if (!row) {
    const existing = await findSmsBySource(tx, input.tenantId, input.sourceKind, input.sourceKey);
    if (!existing) throw new Error('An SMS claim conflicted and cannot be found.');
    return { sms: existing, created: false };
  }
  await ctx.jobs.send('sms.send', { tenantId: input.tenantId, smsId: row.id }, { tx });
  events.push({ type: 'sms.changed', tenantId: input.tenantId, smsId: row.id, status: row.status, sourceKind: row.sourceKind });
  return { sms: row, created: true };
}
