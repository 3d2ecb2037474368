import { SMS_HISTORY_LIMIT } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { getContact } from '../../contacts/use-cases/get-contact.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { listSmsOf, type SmsRow } from '../sms.repository.js';

/** A contact's SMS history, newest first (GET /sms): by contact, or by a ticket the actor may see (its contact's). */
export async function listSms(ctx: AppContext, actor: Actor, query: { contactId?: number; ticketId?: number }): Promise<SmsRow[]> {
  const contactId =
    query.ticketId !== undefined
      ? (await assertCanSeeTicket(ctx, actor, query.ticketId)).contactId
      : (await getContact(ctx, actor, query.contactId!)).contact.id;
  return listSmsOf(ctx.db, actor.tenantId, { contactId }, SMS_HISTORY_LIMIT);
}
