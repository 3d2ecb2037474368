import type { AppContext } from '../../app-context.js';
import { readProbes, type InboundProbe } from './inbound-probe.repository.js';

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
 * ratings.answer 10, channel.autoCloseKeyword 20, autoReplies 30, chatbot.flow 40, integrationBots 45 (LLM bots), businessHours.absence 50.
 * A step may run again for the same message after a crash: its effect must be idempotent.
 *
 * `probe` is what the step must know before it can tell whether the message concerns it (its
 * configuration, the ticket's state): one scalar SQL expression, its own module's, whose value
 * `run` receives. The chain asks every step's probe in one statement per message, so a message
 * that concerns no step costs one read, whatever the number of steps. The step decides again under
 * its locks before acting: a probe is a hint, read without them.
 */
export interface InboundAutomationStep<Probed = unknown> {
  name: string;
  order: number;
  probe?(input: InboundAutomationInput): InboundProbe;
  run(ctx: AppContext, input: InboundAutomationInput, probed: Probed): Promise<'handled' | 'next'>;
}

/** Runs the steps in order for one message; a failing step stops the chain and fails the event's handling (retried: steps are idempotent). */
export async function runInboundChain(
  ctx: AppContext,
  steps: readonly InboundAutomationStep[],
  input: InboundAutomationInput,
): Promise<void> {
  const ordered = [...steps].sort((a, b) => a.order - b.order);
  const probed = await readProbes(ctx.db, ordered.map((step) => step.probe?.(input)));
  for (const [index, step] of ordered.entries()) {
    try {
      if ((await step.run(ctx, input, probed[index])) === 'handled') return;
    } catch (error) {
      ctx.logger.error(
        { err: error, step: step.name, ticketId: input.ticketId, messageId: input.messageId },
        'inbound automation step failed',
      );
      throw error;
    }
  }
}

/** One step alone, probed then run (what the chain does for it). */
export async function runInboundStep<Probed>(
  ctx: AppContext,
  step: InboundAutomationStep<Probed>,
  input: InboundAutomationInput,
): Promise<'handled' | 'next'> {
  const [probed] = await readProbes(ctx.db, [step.probe?.(input)]);
  return step.run(ctx, input, probed as Probed);
}
