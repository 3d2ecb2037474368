import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanBroadcast } from '../notifications.policy.js';
import {
  insertBroadcast,
  insertBroadcastNotifications,
  setBroadcastRecipients,
  tenantExists,
  type BroadcastRow,
} from '../notifications.repository.js';

/**
 * The platform superadmin notifies every user of one tenant, or of every tenant (tenantId null):
 * one INSERT … SELECT for all recipients, whatever their number; each tenant's bells refresh live.
 */
export async function sendBroadcast(
  ctx: AppContext,
  actor: Actor,
  input: { message: string; tenantId: number | null },
): Promise<BroadcastRow> {
  assertCanBroadcast(actor);
  return transact(ctx, async (tx, events) => {
    if (input.tenantId !== null && !(await tenantExists(tx, input.tenantId))) throw new AppError('ERR_NO_TENANT_FOUND');
    const broadcast = await insertBroadcast(tx, actor.tenantId, {
      targetTenantId: input.tenantId,
      senderId: actor.userId,
      message: input.message,
    });
    const perTenant = await insertBroadcastNotifications(tx, {
      broadcastId: broadcast.id,
      targetTenantId: input.tenantId,
      message: input.message,
    });
    const recipients = perTenant.reduce((sum, tenant) => sum + tenant.recipients, 0);
    await setBroadcastRecipients(tx, actor.tenantId, broadcast.id, recipients);
    for (const tenant of perTenant) events.push({ type: 'notifications.changed', tenantId: tenant.tenantId });
    return { ...broadcast, recipients, tenantName: null, senderName: null };
  });
}
