import { VISIBILITY_SETTINGS, type SettingKey } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';

/**
 * A changed visibility setting re-rooms the tenant's sockets at once, on every node: the sockets of
 * those who do not see as admins are disconnected (the followed ticket goes with them), reconnect at
 * once and are joined, and may follow, only what the new rule allows. supervisorAdmin changes who is
 * in the admins' room itself, so it re-rooms every socket of the tenant.
 */
export function reroomOnVisibilitySettings(ctx: AppContext, realtime: Realtime): void {
  ctx.events.subscribe((event: DomainEvent) => {
    if (event.type !== 'settings.changed' || !VISIBILITY_SETTINGS.includes(event.key as SettingKey)) return;
    const keep = event.key === 'supervisorAdmin' ? undefined : rooms.admins(event.tenantId);
    realtime.disconnectRoom(AGENTS_NAMESPACE, rooms.tenant(event.tenantId), keep);
  });
}
