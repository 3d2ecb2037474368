import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { AppError } from '../../../platform/http/app-error.js';
import { normalizePhoneNumber } from '../../contacts/phone-number.js';
import { ensureSelectionContacts } from '../../contacts/use-cases/contact-selection.js';
import { type TicketRow } from '../../tickets/tickets.repository.js';
import { lockTicket } from '../../tickets/use-cases/lock-ticket.js';
import { findOngoingTicketByNumber } from '../../tickets/use-cases/find-ongoing-ticket-by-number.js';
import { openOutboundTicket } from '../../tickets/use-cases/open-outbound-ticket.js';
import type { TemplateFacts } from '../../messages/template-facts.repository.js';
import type { ApiConfigRow } from '../external-api.repository.js';

export interface ApiRecipient {
  number?: string;
  ticketId?: number;
}

/** The stored form of a number the API was given (digits with the country code), or 400 ERR_API_INVALID_NUMBER. */
export function apiNumberOrFail(number: string): string {
  const normalized = normalizePhoneNumber(number.replace(/@.*$/, ''));
  if (!normalized) throw new AppError('ERR_API_INVALID_NUMBER', undefined, { number: ['Not a phone number with its country code'] });
  return normalized;
}

/** A checked recipient: the ticket named, or the number in its stored form. */
export type ResolvedRecipient = { ticketId: number } | { number: string };

/** The recipient the API was given, checked: the ticket id if given, else the number normalised (400 when neither, or not a number). */
export function apiRecipientOrFail(to: ApiRecipient): ResolvedRecipient {
  if (to.ticketId !== undefined) return { ticketId: to.ticketId };
  if (!to.number) throw new AppError('ERR_API_NO_RECIPIENT', undefined, { number: ['Give number or ticketId'] });
  return { number: apiNumberOrFail(to.number) };
}

/**
 * The ticket an API message goes to, inside the caller's transaction: the ticket named (it must be
 * on the configuration's channel), or the number's contact's ongoing ticket on that channel, or a
 * new pending one in the channel's queue, as a customer's first message opens it (the contact is
 * created, named by its number, when the tenant has none).
 */
export async function apiRecipientTicket(
  tx: Db,
  events: DomainEvent[],
  config: ApiConfigRow,
  to: ResolvedRecipient,
): Promise<{ ticket: TicketRow; facts?: TemplateFacts }> {
  if ('ticketId' in to) {
    const ticket = await lockTicket(tx, config.tenantId, to.ticketId);
    if (!ticket || ticket.channelId !== config.channelId) throw new AppError('ERR_NO_TICKET_FOUND');
    return { ticket };
  }
  const { number } = to;
  const ongoing = await findOngoingTicketByNumber(tx, config.tenantId, number, config.channelId);
  if (ongoing) return ongoing;
  const [contactId] = await ensureSelectionContacts(tx, config.tenantId, {
    contacts: [{ name: number, number, email: null }],
    rows: 1,
    rejected: {},
  });
  return {
    // Numbered at the commit: the API's text is sent as written (no {{protocol}}) and nothing else
    // reads the protocol before the commit, so concurrent sends to new numbers do not queue on the
    // tenant's counter for the rest of their transactions.
    ticket: await openOutboundTicket(
      tx,
      events,
      { tenantId: config.tenantId, contactId, channelId: config.channelId, userId: null, by: 'api' },
      { numberAtCommit: true },
    ),
  };
}
