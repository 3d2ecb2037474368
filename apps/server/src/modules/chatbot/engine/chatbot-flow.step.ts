import type { InboundAutomationStep } from '../../automation/inbound-chain.js';
import { transact } from '../../../platform/events/transact.js';
import { claimHandledMessage, lockTicketForAnswer, ticketBotHintProbe } from '../chatbot.repository.js';
import { applyFlowEvent, enterFlow, findEnterableFlow, flowAdmitsContact, runningFlowOfVersion } from './run-flow.js';

/**
 * A customer's message and the chatbot (order 40): a ticket in a flow gets the message as its
 * answer; a new ticket of a channel with an active published flow enters it — unless it is a group,
 * the contact is blocked from the chatbot, an agent already has it, or the flow's test number is set
 * and is not the contact's. Exactly once per message: the message is claimed (unique message id) in
 * the same transaction that moves the conversation, under the lock of the ticket and its position.
 */
export const chatbotFlowStep: InboundAutomationStep<{ chatFlowId: number | null; channelFlowId: number | null } | undefined> = {
  name: 'chatbot.flow',
  order: 40,
  // Most messages are to tickets outside any flow: the probe spares them the locking transaction.
  // The decisions below are made again under the locks.
  probe: (keys) => ticketBotHintProbe(keys.tenantId, keys.ticketId),
  async run(ctx, input, hint) {
    if (input.isGroup) return 'next';
    if (!hint || (hint.chatFlowId === null && (!input.ticketCreated || hint.channelFlowId === null))) return 'next';
    return transact(ctx, async (tx, events) => {
      const { tenantId, ticketId } = input;
      const { facts, position, claimed } = await lockTicketForAnswer(tx, tenantId, ticketId, input.messageId);
      if (!facts || facts.isGroup || facts.contactIsGroup) return 'next';
      if (position) {
        if (!claimed) return 'handled';
        const flow = await runningFlowOfVersion(ctx, tx, tenantId, position.versionId);
        if (flow)
          await applyFlowEvent(
            ctx,
            tx,
            events,
            { tenantId, ticketId },
            flow,
            position,
            { type: 'answer', text: input.body },
            {
              facts: facts.templateFacts ?? undefined,
            },
          );
        return 'handled';
      }
      if (!input.ticketCreated || facts.status !== 'pending' || facts.userId !== null) return 'next';
      if (facts.contactChatbotBlocked || facts.channelFlowId === null) return 'next';
      const runnable = await findEnterableFlow(ctx, tx, tenantId, facts.channelFlowId);
      if (!runnable) return 'next';
      if (!flowAdmitsContact(runnable, facts.contactNumber)) return 'next';
      // Claimed before entering: a flow left at once (an out-of-hours route) is not entered again by a re-run.
      if (!(await claimHandledMessage(tx, tenantId, ticketId, input.messageId))) return 'handled';
      await enterFlow(ctx, tx, events, { tenantId, ticketId }, runnable.running, { facts: facts.templateFacts ?? undefined });
      return 'handled';
    });
  },
};
