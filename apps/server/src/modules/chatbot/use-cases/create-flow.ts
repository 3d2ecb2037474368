import type { FlowDefinition } from '@conversa/shared/chatbot';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findFlowById, insertFlow, type FlowWithVersion } from '../chatbot.repository.js';
import { assertFlowReferences } from './check-flow-definition.js';
import { publishDraft } from './publish-flow.js';

export interface CreateFlowInput {
  name: string;
  description: string | null;
  isActive: boolean;
  testNumber: string | null;
  definition: FlowDefinition;
  publish: boolean;
}

/** Inside a transaction: stores a checked flow as a draft, and publishes it when asked (create, duplicate, import). */
export async function insertCheckedFlow(ctx: AppContext, tx: Db, tenantId: number, input: CreateFlowInput): Promise<FlowWithVersion> {
  await assertFlowReferences(ctx, tx, tenantId, input.definition);
  const row = await insertFlow(tx, tenantId, {
    name: input.name,
    description: input.description,
    isActive: input.isActive,
    testNumber: input.testNumber,
    draft: input.definition,
  });
  if (input.publish) await publishDraft(tx, tenantId, row);
  const created = await findFlowById(tx, tenantId, row.id);
  if (!created) throw new AppError('ERR_NO_FLOW_FOUND');
  return created;
}

/** POST /chat-flow. */
export async function createFlow(ctx: AppContext, actor: Actor, input: CreateFlowInput): Promise<FlowWithVersion> {
  return transact(ctx, (tx) => insertCheckedFlow(ctx, tx, actor.tenantId, input));
}
