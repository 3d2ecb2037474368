import { SOCKET_EVENTS, type PrivateMessageEvent } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';
import { presentPrivateMessage } from '../private-chat.presenter.js';
import { findPrivateMessage } from '../private-chat.repository.js';

/**
 * The internal chat's real time: a message reaches the user rooms of its conversation's members
 * (those of the moment it was stored, carried by the event: no team room, so that a member removed
 * from a team hears nothing more of it); a read reaches the reader's own sockets; a team change
 * reaches the supervisors and the members concerned.
 */
export function pushPrivateChatEvents(ctx: AppContext, realtime: Realtime): void {
  const emit = (roomList: string[], event: string, payload: unknown) => realtime.emit(AGENTS_NAMESPACE, roomList, event, payload);
  ctx.events.subscribe(async (event: DomainEvent) => {
    if (event.type === 'privateMessage.created') {
      const message = await findPrivateMessage(ctx.db, event.tenantId, event.messageId);
      if (!message) return;
      const payload: PrivateMessageEvent = { action: 'create', message: presentPrivateMessage(message) };
      emit(
        [...new Set(event.recipientIds)].map((id) => rooms.user(event.tenantId, id)),
        SOCKET_EVENTS.privateMessage,
        payload,
      );
    } else if (event.type === 'privateChat.read') {
      const payload: PrivateMessageEvent = { action: 'read', conversation: event.conversation };
      emit([rooms.user(event.tenantId, event.userId)], SOCKET_EVENTS.privateMessage, payload);
    } else if (event.type === 'team.changed') {
      emit([rooms.admins(event.tenantId), ...event.userIds.map((id) => rooms.user(event.tenantId, id))], SOCKET_EVENTS.team, {
        action: event.action,
        teamId: event.teamId,
      });
    }
  });
}
