import { flowDefinitionSchema } from '@conversa/shared/chatbot';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findFlowById, insertFlowVersion, lockFlow, updateFlowRow, type FlowRow, type FlowWithVersion } from '../chatbot.repository.js';
import { assertFlowReferences } from './check-flow-definition.js';

/** The draft becomes a new immutable version, the one new conversations enter; those already in the flow finish on theirs. */
export async function publishDraft(tx: Db, tenantId: number, flow: FlowRow): Promise<void> {
  const version = await insertFlowVersion(tx, tenantId, flow.id, flow.draft);
  await updateFlowRow(tx, tenantId, flow.id, { publishedVersionId: version.id, draftChanged: false });
}

/** POST /chat-flow/{id}/publish: checked again (a queue, user, channel or flow named by the draft may have been deleted since). */
export async function publishFlow(ctx: AppContext, actor: Actor, flowId: number): Promise<FlowWithVersion> {
  return transact(ctx, async (tx) => {
    const flow = await lockFlow(tx, actor.tenantId, flowId);
    if (!flow) throw new AppError('ERR_NO_FLOW_FOUND');
    await assertFlowReferences(ctx, tx, actor.tenantId, flowDefinitionSchema.parse(flow.draft));
    await publishDraft(tx, actor.tenantId, flow);
    const published = await findFlowById(tx, actor.tenantId, flowId);
    if (!published) throw new AppError('ERR_NO_FLOW_FOUND');
    return published;
  });
}
