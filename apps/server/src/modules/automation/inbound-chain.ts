import type { AppContext } from '../../app-context.js';
import { buildProbeStatement, readProbes, type InboundProbe, type ProbeKeys } from './inbound-probe.repository.js';

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
 * that concerns no step costs one read, whatever the number of steps. The expression is built once,
 * with placeholders for the message's keys (`keys`), never with a message's values. The step
 * decides again under its locks before acting: a probe is a hint, read without them.
 */
export interface InboundAutomationStep<Probed = unknown> {
  name: string;
  order: number;
  probe?(keys: ProbeKeys): InboundProbe;
  run(ctx: AppContext, input: InboundAutomationInput, probed: Probed): Promise<'handled' | 'next'>;
}

interface PreparedChain {
  ordered: readonly InboundAutomationStep[];
  probe: ReturnType<typeof buildProbeStatement>;
}
/** By the list of steps (a chain), or by the step (one run alone). */
const preparedChains = new WeakMap<object, PreparedChain>();

/** The steps in their order with their probes' statement, built once for `key`. */
function prepareChain(key: object, steps: () => readonly InboundAutomationStep[]): PreparedChain {
  let chain = preparedChains.get(key);
  if (!chain) {
    const ordered = [...steps()].sort((a, b) => a.order - b.order);
    chain = { ordered, probe: buildProbeStatement(ordered.map((step) => step.probe?.bind(step))) };
    preparedChains.set(key, chain);
  }
  return chain;
}

function probeValues(input: InboundAutomationInput) {
  return { tenantId: input.tenantId, ticketId: input.ticketId, channelId: input.channelId, messageId: input.messageId };
}

/** Runs the steps in order for one message; a failing step stops the chain and fails the event's handling (retried: steps are idempotent). */
export async function runInboundChain(
  ctx: AppContext,
  steps: readonly InboundAutomationStep[],
  input: InboundAutomationInput,
): Promise<void> {
  const { ordered, probe } = prepareChain(steps, () => steps);
  const probed = await readProbes(ctx.db, probe, probeValues(input));
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
  const own = step as InboundAutomationStep;
  const [probed] = await readProbes(ctx.db, prepareChain(own, () => [own]).probe, probeValues(input));
  return step.run(ctx, input, probed as Probed);
}
