import type { Ticket } from '@conversa/shared';
import { useLocalStorage } from '@mantine/hooks';
import { useSession } from '../../lib/useSession';
import { TICKET_TABS, type TicketTab } from './keys';

/** The tab a ticket is listed under (a scheduled one waits with the open ones). */
export function tabOf(ticket: Pick<Ticket, 'status'>): TicketTab {
  return (TICKET_TABS as readonly string[]).includes(ticket.status) ? ticket.status : 'open';
}

/**
 * The ticket list's current tab, remembered per user. Every component using it shares it (the
 * chat's actions move the list to where their ticket went).
 */
export function useTicketTab(): [TicketTab, (tab: TicketTab) => void] {
  const session = useSession();
  const [tab, setTab] = useLocalStorage<TicketTab>({
    key: `ticketTab:${session?.userId ?? 0}`,
    defaultValue: 'open',
    getInitialValueInEffect: false,
  });
  return [TICKET_TABS.includes(tab) ? tab : 'open', setTab];
}
