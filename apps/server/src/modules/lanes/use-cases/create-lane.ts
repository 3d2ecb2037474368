import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageLanes } from '../lanes.policy.js';
import { insertLaneLast, lockTenantLanes, type LaneWithCount } from '../lanes.repository.js';
import type { CreateLaneInput } from '../lanes.schemas.js';
import { withDuplicateNameCheck } from './lane-rules.js';

/** A new lane goes after the others (pushed to the tenant's agents). */
export async function createLane(ctx: AppContext, actor: Actor, input: CreateLaneInput): Promise<LaneWithCount> {
  assertCanManageLanes(actor);
  return withDuplicateNameCheck(() =>
    transact(ctx, async (tx, events) => {
      await lockTenantLanes(tx, actor.tenantId);
      events.push({ type: 'lanes.changed', tenantId: actor.tenantId });
      return { ...(await insertLaneLast(tx, actor.tenantId, input)), ticketCount: 0 };
    }),
  );
}
