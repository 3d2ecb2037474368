import { sameWord } from '@conversa/shared';
import { transact } from '../../platform/events/transact.js';
import type { InboundAutomationStep } from '../automation/inbound-chain.js';
import { lockTicketForAutomation } from '../tickets/use-cases/lock-ticket-for-automation.js';
import { setTicketIntegrationStatuses } from '../tickets/use-cases/set-integration-statuses.js';
import { aiBotProbe, insertAiReplyClaim } from './ai-bots.repository.js';
import { INTEGRATION_BOTS, runningBotOf } from './bots/registry.js';
import { channelBotRule } from './use-cases/channel-bot-rule.js';

interface AiBotHint {
  statuses: Record<string, boolean> | null;
  channelBot: { provider: string; stopWord: string | null; restartWord: string | null; answerNewTickets: boolean } | null;
}

/**
 * The integration bots (order 45): a customer's message on a ticket whose switch of a bot is on is
 * answered by that bot; the stop word (the channel's, else the integration's own) switches it off
 * instead (nothing answered); the restart word switches the channel's bot back on — a new
 * conversation (the bot's session forgotten) — for a ticket nobody attends; a new ticket of a
 * channel whose bot answers new tickets is switched on. The answer itself is a durable
 * job (jobs/ai-reply.job.ts), claimed here once per message (unique inbound message id) in the
 * transaction that decides, under the ticket's lock.
 *
 * After the chatbot flow (40): a ticket in a flow is the flow's (an AI reply inside a flow is the
 * flow's "AI" interaction), and a new ticket enters the channel's flow when it has one, so the
 * channel's AI takes new tickets only where no flow does. After the auto-replies (30): a keyword
 * rule is the admin's precise answer. Before the absence message (50): an AI that answers does so
 * at any hour, and — with the channel's "wait for external-integration processing" on (the
 * default) — the message is the bot's ('handled'): the absence message is not sent over it; off,
 * the chain goes on ('next') and the absence message goes out beside the bot's answer. Group
 * tickets are never answered.
 */
export const aiBotStep: InboundAutomationStep<AiBotHint | undefined> = {
  name: 'integrationBots',
  order: 45,
  probe: (keys) => aiBotProbe(keys.tenantId, keys.ticketId, keys.channelId),
  async run(ctx, input, hint) {
    if (input.isGroup || !hint) return 'next';
    const running = runningBotOf(hint.statuses);
    const bot = hint.channelBot;
    const mayStart = bot !== null && ((bot.answerNewTickets && input.ticketCreated) || sameWord(input.body, bot.restartWord));
    if (!running && !mayStart) return 'next';

    return transact(ctx, async (tx, events) => {
      const ticket = await lockTicketForAutomation(tx, input.tenantId, input.ticketId);
      if (!ticket || ticket.isGroup || ticket.status === 'closed') return 'next';
      let answering = runningBotOf(ticket.integrationStatuses);
      const rule = await channelBotRule(tx, input.tenantId, ticket.channelId, answering?.name);
      const channelBot = rule.channelBot;
      if (answering) {
        if (sameWord(input.body, rule.stopWord)) {
          await setTicketIntegrationStatuses(
            tx,
            events,
            ticket,
            { [answering.statusKey]: false },
            { type: 'aiBotStopped', payload: { by: 'stopWord', bot: answering.name } },
          );
          return 'handled';
        }
      } else {
        if (!channelBot || ticket.userId !== null || ticket.status !== 'pending') return 'next';
        const restarting = sameWord(input.body, rule.restartWord);
        const starting = channelBot.answerNewTickets && input.ticketCreated && ticket.chatFlowId === null;
        if (!restarting && !starting) return 'next';
        answering = INTEGRATION_BOTS[channelBot.provider];
        await answering.reset?.(tx, { tenantId: input.tenantId, ticketId: ticket.id });
        await setTicketIntegrationStatuses(
          tx,
          events,
          ticket,
          { [answering.statusKey]: true },
          {
            type: restarting ? 'aiBotRestarted' : 'aiBotStarted',
            payload: { by: restarting ? 'restartWord' : 'newTicket', bot: answering.name },
          },
        );
      }
      const claim = await insertAiReplyClaim(tx, {
        tenantId: input.tenantId,
        ticketId: ticket.id,
        inboundMessageId: input.messageId,
        provider: answering.name as keyof typeof INTEGRATION_BOTS,
      });
      if (claim) await ctx.jobs.send('aiBot.reply', { tenantId: input.tenantId, replyId: claim.id }, { tx });
      return rule.waitIntegrationProcessing ? 'handled' : 'next';
    });
  },
};
