import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { sendSmsBodySchema } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { getContact } from '../../contacts/use-cases/get-contact.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import type { SmsRow } from '../sms.repository.js';
import { queueSms } from './queue-sms.js';

export type SendSmsInput = z.output<typeof sendSmsBodySchema>;

/**
 * An agent's SMS (the SMS modal, POST /sms) to the contact of a ticket they may see, or to a
 * contact of the tenant: queued on the one SMS send path. A repeated request with the same
 * `clientKey` sends once (the key is the agent's own).
 */
export async function sendSms(ctx: AppContext, actor: Actor, input: SendSmsInput): Promise<SmsRow> {
  const ticket = input.ticketId !== undefined ? await assertCanSeeTicket(ctx, actor, input.ticketId) : undefined;
  const { contact } = await getContact(ctx, actor, ticket ? ticket.contactId : input.contactId!);
  if (!contact.number || contact.isGroup) {
    throw new AppError('ERR_SMS_INVALID_NUMBER', 'This contact has no phone number that can receive SMS.');
  }
  const number = contact.number;
  return transact(ctx, async (tx, events) => {
    const { sms } = await queueSms(ctx, tx, events, {
      tenantId: actor.tenantId,
      to: number,
      body: input.body,
      contactId: contact.id,
      ticketId: ticket?.id ?? null,
      userId: actor.userId,
      sourceKind: 'agent',
      sourceKey: `${actor.userId}:${input.clientKey ?? randomUUID()}`,
    });
    return sms;
  });
}
