import type { FlowDefinition } from '@conversa/shared/chatbot';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findFlowById, lockFlow, updateFlowRow, type FlowWithVersion, type NewFlow } from '../chatbot.repository.js';
import { assertFlowReferences } from './check-flow-definition.js';

export interface UpdateFlowInput {
  name?: string;
  description?: string | null;
  isActive?: boolean;
  testNumber?: string | null;
  /** The new draft (the builder's autosave); the published version does not change. */
  definition?: FlowDefinition;
}

/** PUT /chat-flow/{id}: settings take effect at once; a definition is saved as the draft. */
export async function updateFlow(ctx: AppContext, actor: Actor, flowId: number, input: UpdateFlowInput): Promise<FlowWithVersion> {
  return transact(ctx, async (tx) => {
    if (!(await lockFlow(tx, actor.tenantId, flowId))) throw new AppError('ERR_NO_FLOW_FOUND');
    const changes: Partial<NewFlow & { draftChanged: boolean }> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description;
    if (input.isActive !== undefined) changes.isActive = input.isActive;
    if (input.testNumber !== undefined) changes.testNumber = input.testNumber;
    if (input.definition !== undefined) {
      await assertFlowReferences(ctx, tx, actor.tenantId, input.definition);
      changes.draft = input.definition;
      changes.draftChanged = true;
    }
    await updateFlowRow(tx, actor.tenantId, flowId, changes);
    const updated = await findFlowById(tx, actor.tenantId, flowId);
    if (!updated) throw new AppError('ERR_NO_FLOW_FOUND');
    return updated;
  });
}
