import { contactReport } from './contact-report.js';

/**
 * contatos-por-kanban: the contacts having a ticket (any status: a resolved ticket keeps its lane) in
 * any of the selected lanes. Kanban lanes belong to tickets (tickets.lane_id); contacts have none of
 * their own. The lanes column lists the lanes of all the contact's tickets, in the board's order.
 */
export const contatosPorKanbanReport = contactReport('contatos-por-kanban', ({ filters }) => ({
  kind: 'lanes',
  laneIds: filters.laneIds ?? [],
}));
