import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { TagsChangedLogPayload } from '@conversa/shared';
import { recordTicketLog } from '../../tickets/use-cases/record-ticket-log.js';
import { presentTagRef } from '../tags.presenter.js';
import { findTagById, insertTicketTag } from '../tags.repository.js';

/**
 * A chatbot flow's "add tag" step, inside the engine's transaction: idempotent, and never fails the
 * flow: a tag deleted or deactivated since the flow was saved is skipped with a log line.
 */
export async function addTagToTicket(
  ctx: Pick<AppContext, 'logger'>,
  tx: Db,
  events: DomainEvent[],
  input: { tenantId: number; ticketId: number; tagId: number },
): Promise<boolean> {
  const { tenantId, ticketId, tagId } = input;
  const tag = await findTagById(tx, tenantId, tagId);
  if (!tag || !tag.isActive) {
    ctx.logger.info({ tenantId, ticketId, tagId, reason: tag ? 'inactive' : 'missing' }, 'chatbot: tag not added');
    return false;
  }
  if (!(await insertTicketTag(tx, tenantId, ticketId, tagId))) return false;
  const payload: TagsChangedLogPayload = { added: [presentTagRef(tag)], removed: [] };
  await recordTicketLog(tx, { tenantId, ticketId, userId: null, type: 'tagsChanged', payload: { ...payload } });
  events.push({ type: 'ticket.changed', tenantId, ticketId, action: 'update' });
  return true;
}
