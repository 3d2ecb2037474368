import { readerTicketQueueIds } from '../tickets/ticket-scope.js';
import { contactReport } from './contact-report.js';

/**
 * contatos-por-kanban: the contacts having a ticket (any status: a resolved ticket keeps its lane) in
 * any of the selected lanes. Kanban lanes belong to tickets (tickets.lane_id); contacts have none of
 * their own. The lanes column lists the lanes of the contact's tickets, in the board's order. Only
 * tickets the reader may see count: a supervisor's, those of their queues (the ticket reports' rule).
 */
export const contatosPorKanbanReport = contactReport('contatos-por-kanban', async (ctx, request) => ({
  kind: 'lanes',
  laneIds: request.filters.laneIds ?? [],
  ticketQueueIds: await readerTicketQueueIds(ctx, request),
}));
