import type { Protocol } from '@conversa/shared';
import type { ProtocolView } from './protocols.repository.js';

export function presentProtocol(row: ProtocolView): Protocol {
  return {
    protocol: row.protocol,
    ticketId: row.ticketId,
    ticketStatus: row.ticketStatus,
    contact: { id: row.contactId, name: row.contactName, number: row.contactNumber },
    userId: row.userId,
    username: row.username,
    agentName: row.agentName,
    createdAt: row.createdAt.toISOString(),
  };
}
