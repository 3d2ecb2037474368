import { VISIBILITY_SETTINGS, type SettingKey } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { readSetting } from '../../settings/use-cases/read-setting.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';

/**
 * A changed visibility setting re-rooms the tenant's sockets at once, on every node: the sockets of
 * those who do not see as admins are disconnected (the followed ticket goes with them), reconnect at
 * once and are joined, and may follow, only what the new rule allows; on reconnecting the web app
 * fetches its lists and kanban boards again, so what the agent may no longer see leaves them.
 * supervisorAdmin changes who is in the admins' room itself, so it re-rooms every socket of the
 * tenant. A change of contacts' wallets is a visibility change too while DirectTicketsToWallets is on.
 */
export function reroomOnVisibilitySettings(ctx: AppContext, realtime: Realtime): void {
  const reroom = (tenantId: number, everyone: boolean) =>
    realtime.disconnectRoom(AGENTS_NAMESPACE, rooms.tenant(tenantId), everyone ? undefined : rooms.admins(tenantId));
  ctx.events.subscribe(async (event: DomainEvent) => {
    if (event.type === 'settings.changed' && VISIBILITY_SETTINGS.includes(event.key as SettingKey)) {
      reroom(event.tenantId, event.key === 'supervisorAdmin');
    } else if (
      event.type === 'contact.walletsChanged' &&
      (await readSetting(ctx.db, event.tenantId, 'DirectTicketsToWallets')) === 'enabled'
    ) {
      reroom(event.tenantId, false);
    }
  });
}
