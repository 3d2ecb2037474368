import type { AppContext } from '../../../app-context.js';
import { listContactWalletUserIds } from '../../contacts/use-cases/list-contact-wallet-user-ids.js';
import { readSettings } from '../../settings/use-cases/read-settings.js';
import { roomsForTicket } from '../tickets.policy.js';
import { visibilityFacts } from '../tickets.presenter.js';
import { findTicketById } from '../tickets.repository.js';

/**
 * The socket rooms of the agents who may see a ticket now (the tickets policy's roomsForTicket),
 * for other modules' pushes about it (notes); undefined when the ticket is gone.
 */
export async function ticketAudienceRooms(ctx: Pick<AppContext, 'db'>, tenantId: number, ticketId: number): Promise<string[] | undefined> {
  const ticket = await findTicketById(ctx.db, tenantId, ticketId);
  if (!ticket) return undefined;
  const settings = await readSettings(ctx.db, tenantId);
  const wallets = settings.DirectTicketsToWallets === 'enabled' ? await listContactWalletUserIds(ctx.db, tenantId, ticket.contactId) : [];
  return roomsForTicket(tenantId, visibilityFacts(ticket), settings, wallets);
}
