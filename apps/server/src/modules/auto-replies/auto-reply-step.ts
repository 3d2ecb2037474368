import type { AppContext } from '../../app-context.js';
import { transact } from '../../platform/events/transact.js';
import type { InboundAutomationStep } from '../automation/inbound-chain.js';
import { queueAutomatedMessage } from '../messages/queue-automated-message.js';
import { lockTicketForAutomation } from '../tickets/use-cases/lock-ticket-for-automation.js';
import { routeTicketToQueue } from '../tickets/use-cases/route-ticket-to-queue.js';
import { activeAutoRepliesProbe, autoReplySentFor, insertAutoReplySend, type ActiveAutoReply } from './auto-replies.repository.js';
import { matchAutoReply } from './match-auto-reply.js';

/**
 * The auto-replies of /auto-resposta, before any chatbot flow: the matching rule's reply goes to
 * the customer and, when the rule says so, the ticket moves to its queue; the message is then
 * handled. Not for group tickets, contacts blocked from the chatbot, nor once an agent attends the ticket (status open): like the bot,
 * auto-replies stop when a person takes over. A message is answered once: its id is the key of the
 * answer's record, written in the transaction of the send.
 */
export const autoReplyStep: InboundAutomationStep<ActiveAutoReply[] | undefined> = {
  name: 'autoReplies',
  order: 30,
  probe: (keys) => activeAutoRepliesProbe(keys.tenantId, keys.channelId, keys.ticketId),
  async run(ctx: AppContext, input, rules = []) {
    if (input.isGroup || rules.length === 0) return 'next';
    const rule = matchAutoReply(rules, input);
    if (!rule) return 'next';

    const answered = await transact(ctx, async (tx, events) => {
      const ticket = await lockTicketForAutomation(tx, input.tenantId, input.ticketId);
      if (!ticket || ticket.isGroup || ticket.status !== 'pending') return false;
      if (await autoReplySentFor(tx, input.tenantId, input.messageId)) return true;
      await insertAutoReplySend(tx, {
        tenantId: input.tenantId,
        inboundMessageId: input.messageId,
        autoReplyId: rule.id,
        ticketId: ticket.id,
      });
      await queueAutomatedMessage(ctx, tx, events, { tenantId: input.tenantId, ticketId: ticket.id }, { body: rule.reply });
      if (rule.queueId !== null)
        await routeTicketToQueue(ctx, tx, events, {
          tenantId: input.tenantId,
          ticketId: ticket.id,
          queueId: rule.queueId,
          by: 'autoReply',
        });
      return true;
    });
    return answered ? 'handled' : 'next';
  },
};
