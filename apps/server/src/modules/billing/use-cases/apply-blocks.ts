import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { applyBillingBlocks } from '../billing.repository.js';

/**
 * Brings the companies' blocks in line with their payments (one company, or all) and records a
 * `tenant.billing` event for each company whose block changed: its users' sockets follow at once.
 */
export async function applyBlocks(tx: Db, events: DomainEvent[], now: Date, tenantId?: number): Promise<void> {
  for (const changed of await applyBillingBlocks(tx, now, tenantId)) {
    events.push({ type: 'tenant.billing', tenantId: changed.id, blocked: changed.reason !== null, reason: changed.reason });
  }
}
