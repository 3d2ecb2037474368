import type { AppContext } from '../../app-context.js';

/** A customer's message (not the phone's own, not Conversa's) stored on a ticket. */
export interface InboundAutomationInput {
  tenantId: number;
  ticketId: number;
  messageId: string;
  channelId: number;
  body: string;
  isGroup: boolean;
  ticketCreated: boolean;
}

/**
 * One reaction to a customer's message, run in `order` (lower first) until one answers 'handled':
 * ratings.answer 10, channel.autoCloseKeyword 20, autoReplies 30, chatbot.flow 40, businessHours.absence 50.
 * A step may run again for the same message after a crash: its effect must be idempotent.
 */
export interface InboundAutomationStep {
  name: string;
  order: number;
  run(ctx: AppContext, input: InboundAutomationInput): Promise<'handled' | 'next'>;
}

/** Runs the steps in order for one message; a failing step stops the chain and fails the event's handling (retried: steps are idempotent). */
export async function runInboundChain(
  ctx: AppContext,
  steps: readonly InboundAutomationStep[],
  input: InboundAutomationInput,
): Promise<void> {
  for (const step of [...steps].sort((a, b) => a.order - b.order)) {
    try {
      if ((await step.run(ctx, input)) === 'handled') return;
    } catch (error) {
      ctx.logger.error(
        { err: error, step: step.name, ticketId: input.ticketId, messageId: input.messageId },
        'inbound automation step failed',
      );
      throw error;
    }
  }
}
