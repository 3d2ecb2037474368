import { AUTO_RESOLVE_IDLE_MINUTES } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { listTenantsWithSetting } from '../../settings/use-cases/list-tenants-with-setting.js';
import { visibilityFacts } from '../tickets.presenter.js';
import { closeTicketIfIdle, findIdleTicketIds, insertTicketLog } from '../tickets.repository.js';

const BATCH = 200;

/** Resolves the open and pending tickets idle for longer than each tenant's autoResolveIdle. */
export async function autoResolveIdleTickets(ctx: AppContext, now = new Date()): Promise<number> {
  let resolved = 0;
  for (const { tenantId, value } of await listTenantsWithSetting(ctx.db, 'autoResolveIdle', 'disabled')) {
    const minutes = AUTO_RESOLVE_IDLE_MINUTES[value];
    if (!minutes) continue;
    const idleSince = new Date(now.getTime() - minutes * 60_000);
    for (const ticketId of await findIdleTicketIds(ctx.db, tenantId, idleSince, BATCH)) {
      const closed = await transact(ctx, async (tx, events) => {
        const ticket = await closeTicketIfIdle(tx, tenantId, ticketId, idleSince);
        if (!ticket) return false;
        await insertTicketLog(tx, { tenantId, ticketId, userId: null, type: 'autoResolved', payload: { idle: value } });
        events.push({
          type: 'ticket.changed',
          tenantId,
          ticketId,
          action: 'update',
          before: { ...visibilityFacts(ticket), status: 'open' },
        });
        return true;
      });
      if (closed) resolved++;
    }
  }
  return resolved;
}
