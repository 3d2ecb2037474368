import type { EarlierTicket, Ticket, TicketStatus } from '@conversa/shared';
import type { TicketVisibilityFacts } from '../../platform/events/domain-events.js';
import type { TicketRow, TicketView } from './tickets.repository.js';

export function presentTicket(view: TicketView): Ticket {
  return {
    id: view.id,
    status: view.status,
    name: view.contactName,
    contactId: view.contactId,
    contact: {
      id: view.contactId,
      name: view.contactName,
      number: view.contactNumber,
      email: view.contactEmail,
      profilePicUrl: view.contactPicture,
      blocked: view.contactBlocked,
    },
    userId: view.userId,
    username: view.username,
    queueId: view.queueId,
    whatsappId: view.channelId,
    channel: view.channelType,
    chatFlowId: view.chatFlowId,
    isGroup: view.isGroup,
    unreadMessages: view.unreadMessages,
    answered: view.answered,
    lastMessage: view.lastMessage,
    lastMessageAt: view.lastMessageAt?.toISOString() ?? null,
    profilePicUrl: view.contactPicture,
    integrationStatuses: view.integrationStatuses ?? {},
    kanban: view.laneId !== null && view.laneName !== null ? { id: view.laneId, name: view.laneName } : null,
    lanePosition: view.lanePosition,
    value: view.value === null ? null : Number(view.value),
    rating: view.rating,
    tags: view.tags,
    protocol: view.protocol,
    demand: view.demandId !== null && view.demandName !== null ? { id: view.demandId, name: view.demandName } : null,
    createdAt: view.createdAt.toISOString(),
    updatedAt: view.updatedAt.toISOString(),
  };
}

export function visibilityFacts(
  ticket: Pick<TicketRow, 'queueId' | 'userId' | 'status' | 'chatFlowId' | 'isGroup'>,
): TicketVisibilityFacts {
  return { queueId: ticket.queueId, userId: ticket.userId, status: ticket.status, chatFlowId: ticket.chatFlowId, isGroup: ticket.isGroup };
}

/** A conversation the contact had before a ticket (GET /tickets/{id}/earlier). */
export function presentEarlierTicket(row: {
  id: number;
  protocol: string | null;
  status: TicketStatus;
  channelName: string;
  username: string | null;
  lastMessage: string | null;
  createdAt: Date;
  closedAt: Date | null;
}): EarlierTicket {
  return { ...row, createdAt: row.createdAt.toISOString(), closedAt: row.closedAt?.toISOString() ?? null };
}
