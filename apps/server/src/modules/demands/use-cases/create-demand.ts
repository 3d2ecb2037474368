import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageDemands } from '../demands.policy.js';
import { insertDemandRow, type DemandWithCount } from '../demands.repository.js';
import { withDuplicateDemandCheck } from './demand-rules.js';

export async function createDemand(ctx: AppContext, actor: Actor, input: { name: string }): Promise<DemandWithCount> {
  assertCanManageDemands(actor);
  const row = await withDuplicateDemandCheck(() => insertDemandRow(ctx.db, actor.tenantId, input.name));
  return { ...row, ticketCount: 0 };
}
