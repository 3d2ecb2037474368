import { CALL_SOCKET_EVENT, isFinalCallStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';
import { endCallAudio } from '../call-audio.js';
import { findCallView, listCallUserIds } from '../calls.repository.js';
import { presentCall } from '../calls.presenter.js';

/**
 * Tells the tenant's softphones (its users not blocked from calls) that a call changed or rings; a
 * call that ended stops its audio in this process (the others stop on the provider's terminate and
 * when their browsers leave).
 */
export async function pushCall(ctx: AppContext, tenantId: number, callId: number): Promise<void> {
  const view = await findCallView(ctx.db, tenantId, callId);
  if (!view) return;
  if (isFinalCallStatus(view.status)) endCallAudio(ctx, tenantId, callId);
  if (!ctx.realtime) return;
  const userIds = await listCallUserIds(ctx.db, tenantId);
  if (userIds.length === 0) return;
  ctx.realtime.emit(
    AGENTS_NAMESPACE,
    userIds.map((userId) => rooms.user(tenantId, userId)),
    CALL_SOCKET_EVENT,
    { call: presentCall(view) },
  );
}
