import type { Ticket } from '@conversa/shared';
import type { QueryClient } from '@tanstack/react-query';

export const panelKeys = { all: ['ticketPanel'] as const, view: (showAll: boolean) => ['ticketPanel', showAll] as const };

interface PanelCache {
  tickets: Ticket[];
  scopeQueueIds: number[] | null;
}

/**
 * A ticket pushed by the server (SocketProvider) patches the open panels: an open or pending ticket
 * takes its new place (added when it is in the view's scope), any other leaves. Only admins have a
 * panel cached, and they hear every ticket (the admins' room).
 */
export function applyTicketToPanel(qc: QueryClient, ticket: Ticket): void {
  for (const [key, data] of qc.getQueriesData<PanelCache>({ queryKey: panelKeys.all })) {
    if (!data) continue;
    const active = ticket.status === 'open' || ticket.status === 'pending';
    const inScope = data.scopeQueueIds === null || ticket.queueId === null || data.scopeQueueIds.includes(ticket.queueId);
    const others = data.tickets.filter((t) => t.id !== ticket.id);
    const known = others.length !== data.tickets.length;
    if (!active || !inScope) {
      if (known) qc.setQueryData(key, { ...data, tickets: others });
      continue;
    }
    qc.setQueryData(key, {
      ...data,
      tickets: known ? data.tickets.map((t) => (t.id === ticket.id ? ticket : t)) : [ticket, ...data.tickets],
    });
  }
}

/** A deleted ticket leaves the open panels. */
export function removeTicketFromPanel(qc: QueryClient, ticketId: number): void {
  for (const [key, data] of qc.getQueriesData<PanelCache>({ queryKey: panelKeys.all })) {
    if (data?.tickets.some((t) => t.id === ticketId))
      qc.setQueryData(key, { ...data, tickets: data.tickets.filter((t) => t.id !== ticketId) });
  }
}
