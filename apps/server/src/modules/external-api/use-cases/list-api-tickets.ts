import type { AppContext } from '../../../app-context.js';
import { findContactByNumber } from '../../contacts/use-cases/find-contact-by-number.js';
import { type TicketRow } from '../../tickets/tickets.repository.js';
import { listTicketsOfContact } from '../../tickets/use-cases/list-tickets-of-contact.js';
import type { ApiConfigRow } from '../external-api.repository.js';
import { apiNumberOrFail } from './api-recipient.js';

/** The most tickets POST /showallticket answers. */
export const API_TICKETS_LIMIT = 100;

/** POST /showallticket: the number's tickets on the configuration's channel, newest first (none: an empty list). */
export async function listApiTickets(ctx: AppContext, config: ApiConfigRow, number: string): Promise<TicketRow[]> {
  const contact = await findContactByNumber(ctx.db, config.tenantId, apiNumberOrFail(number));
  return contact ? listTicketsOfContact(ctx.db, config.tenantId, contact.id, config.channelId, API_TICKETS_LIMIT) : [];
}
