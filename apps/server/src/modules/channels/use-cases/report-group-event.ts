import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { transact } from '../../../platform/events/transact.js';
import type { ChannelRow } from '../channels.repository.js';

type GroupEvent =
  | Omit<Extract<DomainEvent, { type: 'group.participants' }>, 'tenantId' | 'channelId'>
  | Omit<Extract<DomainEvent, { type: 'group.message' }>, 'tenantId' | 'channelId'>;

/**
 * A group event of a QR-code channel (members joining or leaving, a member's message), written to
 * the event log so that the group tools react to it durably, after the commit, even if this process
 * dies right after. The reactions are idempotent by the event's own provider id (eventKey, messageId).
 */
export async function reportGroupEvent(ctx: AppContext, channel: Pick<ChannelRow, 'id' | 'tenantId'>, event: GroupEvent): Promise<void> {
  await transact(ctx, async (_tx, events) => {
    events.push({ ...event, tenantId: channel.tenantId, channelId: channel.id });
  });
}
