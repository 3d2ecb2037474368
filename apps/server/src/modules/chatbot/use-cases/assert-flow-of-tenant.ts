import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { existingFlowIds } from '../chatbot.repository.js';

/** A flow id from a request (a channel's `chatFlowId`) must name a flow of the tenant. */
export async function assertFlowOfTenant(db: Db, tenantId: number, flowId: number | null | undefined): Promise<void> {
  if (flowId === null || flowId === undefined) return;
  if ((await existingFlowIds(db, tenantId, [flowId])).length === 0)
    throw new AppError('ERR_NO_FLOW_FOUND', undefined, { chatFlowId: ['No chatbot flow with this ID.'] });
}
