import type { Socket } from 'socket.io';
import type { AppContext } from '../../../../app-context.js';
import type { Realtime } from '../../../../platform/realtime/realtime.js';
import { rooms } from '../../../../platform/realtime/rooms.js';
import { pushVisitorMessages } from './push-visitor-messages.js';
import { authenticateVisitor, type VisitorSession } from './visitor-auth.js';
import { webchatChannelRoom } from './webchat.adapter.js';
import { assertOriginAllowed } from './webchat.policy.js';
import { WEBCHAT_NAMESPACE } from './webchat.schemas.js';

/**
 * The visitors' namespace: the visitor token (handshake `auth.token`) is checked, and the socket joins
 * only its own visitor room (plus its channel's room, used to drop visitors when the channel stops).
 * Visitors send nothing over the socket: messages go through POST /webchat/messages.
 */
export function registerWebchatSockets(ctx: AppContext, realtime: Realtime): void {
  realtime.namespace<VisitorSession>(WEBCHAT_NAMESPACE, async (socket: Socket) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const visitor = await authenticateVisitor(ctx, typeof auth?.token === 'string' ? auth.token : undefined);
    assertOriginAllowed(visitor.settings, socket.handshake.headers.origin, socket.handshake.headers.host);
    return {
      data: { ...visitor, channel: undefined },
      rooms: [rooms.visitor(visitor.visitorId), webchatChannelRoom(visitor.tenantId, visitor.channelId)],
    };
  });
  pushVisitorMessages(ctx, realtime);
}
