import { flowDefinitionSchema } from '@conversa/shared/chatbot';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findFlowById, type FlowWithVersion } from '../chatbot.repository.js';
import { insertCheckedFlow } from './create-flow.js';

/** POST /chat-flow/{id}/duplicate: a copy of the draft and the settings, unpublished, named "<name> (cópia)". */
export async function duplicateFlow(ctx: AppContext, actor: Actor, flowId: number): Promise<FlowWithVersion> {
  return transact(ctx, async (tx) => {
    const flow = await findFlowById(tx, actor.tenantId, flowId);
    if (!flow) throw new AppError('ERR_NO_FLOW_FOUND');
    const suffix = ' (cópia)';
    return insertCheckedFlow(ctx, tx, actor.tenantId, {
      name: `${flow.name.slice(0, 100 - suffix.length)}${suffix}`,
      description: flow.description,
      isActive: flow.isActive,
      testNumber: flow.testNumber,
      definition: flowDefinitionSchema.parse(flow.draft),
      publish: false,
    });
  });
}
