import type { FlowInteraction, FlowInteractionKind } from '@conversa/shared/chatbot';
import type { AppContext } from '../../../app-context.js';
import { aiInteraction } from './ai.interaction.js';
import { typebotInteraction } from './typebot.interaction.js';
import { webhookInteraction } from './webhook.interaction.js';

/** Interaction kinds the decision function runs by itself (sends, timers, flow changes, kanban moves, tags). */
type BuiltInKind = 'text' | 'media' | 'delay' | 'startFlow' | 'kanban' | 'tag';

/** Kinds that call out (a webhook; later Typebot, LLM replies, Dify, n8n): run by the 'chatbot.event' job, outside any transaction. */
export type AsyncInteractionKind = Exclude<FlowInteractionKind, BuiltInKind>;

export interface AsyncInteractionResult {
  /** Kept as {{webhook.…}} for the next messages (null: nothing; undefined: the last webhook answer stays). */
  data: unknown;
  /** A text to send to the customer (an AI's reply). */
  reply?: string | null;
}

export interface AsyncInteractionHandler<I extends FlowInteraction> {
  /** Must not throw for a provider's failure: answer { data: null }. May run twice for one move (job retried after a crash). */
  run(ctx: AppContext, interaction: I, target: { tenantId: number; ticketId: number }): Promise<AsyncInteractionResult>;
}

/**
 * The extension point: one handler per asynchronous kind of the shared schema
 * (FLOW_EXTENSION_INTERACTIONS). A kind added there without a handler here does not compile; the
 * engine itself does not change.
 */
export const asyncInteractions: { [K in AsyncInteractionKind]: AsyncInteractionHandler<Extract<FlowInteraction, { kind: K }>> } = {
  webhook: webhookInteraction,
  ai: aiInteraction,
  typebot: typebotInteraction,
};

export function runAsyncInteraction(ctx: AppContext, interaction: FlowInteraction, target: { tenantId: number; ticketId: number }) {
  const handler = asyncInteractions[interaction.kind as AsyncInteractionKind] as AsyncInteractionHandler<FlowInteraction> | undefined;
  if (!handler) throw new Error(`no handler for the flow interaction kind '${interaction.kind}'`);
  return handler.run(ctx, interaction, target);
}
