import type { AppContext } from '../../../app-context.js';
import type { EventConsumer } from '../../../platform/events/consumers.js';
import { findMessageById } from '../../messages/use-cases/find-message-by-id.js';
import { runInboundChain, type InboundAutomationStep } from '../inbound-chain.js';

/**
 * Each customer's message goes through the inbound automation chain, one message of a ticket at a
 * time in this process (a flow reads the answers in the order they came).
 */
export function inboundAutomationConsumer(steps: readonly InboundAutomationStep[]): EventConsumer {
  const tails = new Map<number, Promise<void>>();
  return {
    name: 'automation.inbound',
    types: ['message.created'],
    async handle(ctx: AppContext, event) {
      if (event.type !== 'message.created' || !event.inbound || steps.length === 0) return;
      const { inbound } = event;
      const previous = tails.get(event.ticketId) ?? Promise.resolve();
      const run = previous
        .catch(() => undefined)
        .then(async () => {
          const message = event.stored?.message ?? (await findMessageById(ctx.db, event.tenantId, event.messageId));
          if (!message || message.ticketId === null) return;
          await runInboundChain(ctx, steps, {
            tenantId: event.tenantId,
            ticketId: message.ticketId,
            messageId: message.id,
            channelId: message.channelId,
            body: message.body,
            isGroup: inbound.isGroup,
            ticketCreated: inbound.ticketCreated,
          });
        });
      tails.set(event.ticketId, run);
      try {
        await run;
      } finally {
        if (tails.get(event.ticketId) === run) tails.delete(event.ticketId);
      }
    },
  };
}
