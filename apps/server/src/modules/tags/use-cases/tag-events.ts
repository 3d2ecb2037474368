import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { listTagLinks } from '../tags.repository.js';

/** Most tickets and contacts a tag change is pushed to live (beyond, the lists show it on their next read). */
const PUSH_LIMIT = 500;

/** The live updates of the tickets and contacts that carry a renamed, recoloured or deleted tag. */
export async function tagChangedEvents(db: Db, tenantId: number, tagId: number): Promise<DomainEvent[]> {
  const { ticketIds, contactIds } = await listTagLinks(db, tenantId, tagId, PUSH_LIMIT);
  return [
    ...ticketIds.map((ticketId): DomainEvent => ({ type: 'ticket.changed', tenantId, ticketId, action: 'update' })),
    ...contactIds.map((contactId): DomainEvent => ({ type: 'contact.changed', tenantId, contactId, action: 'update' })),
  ];
}
