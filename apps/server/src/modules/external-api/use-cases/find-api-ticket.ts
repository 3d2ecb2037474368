import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findContactByNumber } from '../../contacts/use-cases/find-contact-by-number.js';
import { type TicketRow } from '../../tickets/tickets.repository.js';
import { findActiveTicketOfContact } from '../../tickets/use-cases/find-active-ticket-of-contact.js';
import type { ApiConfigRow } from '../external-api.repository.js';
import { apiNumberOrFail } from './api-recipient.js';

/** POST /showticket: the number's ongoing (open or pending) ticket on the configuration's channel, else 404 ERR_NO_TICKET_FOUND. */
export async function findApiTicket(ctx: AppContext, config: ApiConfigRow, number: string): Promise<TicketRow> {
  const contact = await findContactByNumber(ctx.db, config.tenantId, apiNumberOrFail(number));
  const ticket = contact ? await findActiveTicketOfContact(ctx.db, config.tenantId, contact.id, config.channelId) : undefined;
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  return ticket;
}
