import { sameWord } from '@conversa/shared';
import { transact } from '../../platform/events/transact.js';
import type { InboundAutomationStep } from '../automation/inbound-chain.js';
import { lockTicketForAutomation } from '../tickets/use-cases/lock-ticket-for-automation.js';
import { setTicketIntegrationStatuses } from '../tickets/use-cases/set-integration-statuses.js';
import { aiBotProbe, findChannelAiBot, insertAiReplyClaim } from './ai-bots.repository.js';
import { INTEGRATION_BOTS, runningBotOf, type IntegrationBotName } from './bots/registry.js';

interface AiBotHint {
  statuses: Record<string, boolean> | null;
  channelBot: { provider: string; stopWord: string | null; restartWord: string | null; answerNewTickets: boolean } | null;
}

/**
 * The integration bots (order 45): a customer's message on a ticket whose switch of a bot is on is
 * answered by that bot; the channel's stop word switches it off instead (nothing answered); the
 * channel's restart word switches the channel's bot back on for a ticket nobody attends; a new
 * ticket of a channel whose bot answers new tickets is switched on. The answer itself is a durable
 * job (jobs/ai-reply.job.ts), claimed here once per message (unique inbound message id) in the
 * transaction that decides, under the ticket's lock.
 *
 * After the chatbot flow (40): a ticket in a flow is the flow's (an AI reply inside a flow is the
 * flow's "AI" interaction), and a new ticket enters the channel's flow when it has one, so the
 * channel's AI takes new tickets only where no flow does. After the auto-replies (30): a keyword
 * rule is the admin's precise answer. Before the absence message (50): an AI that answers does so
 * at any hour, and the absence message is not sent over it. Group tickets are never answered.
 */
export const aiBotStep: InboundAutomationStep<AiBotHint | undefined> = {
  name: 'integrationBots',
  order: 45,
  probe: (input) => aiBotProbe(input.tenantId, input.ticketId, input.channelId),
  async run(ctx, input, hint) {
    if (input.isGroup || !hint) return 'next';
    const running = runningBotOf(hint.statuses);
    const bot = hint.channelBot;
    const mayStart = bot !== null && ((bot.answerNewTickets && input.ticketCreated) || sameWord(input.body, bot.restartWord));
    if (!running && !mayStart) return 'next';

    return transact(ctx, async (tx, events) => {
      const ticket = await lockTicketForAutomation(tx, input.tenantId, input.ticketId);
      if (!ticket || ticket.isGroup || ticket.status === 'closed') return 'next';
      const channelBot = await findChannelAiBot(tx, input.tenantId, ticket.channelId);
      let answering = runningBotOf(ticket.integrationStatuses);
      if (answering) {
        if (channelBot && sameWord(input.body, channelBot.stopWord)) {
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
        const restarting = sameWord(input.body, channelBot.restartWord);
        const starting = channelBot.answerNewTickets && input.ticketCreated && ticket.chatFlowId === null;
        if (!restarting && !starting) return 'next';
        answering = INTEGRATION_BOTS[channelBot.provider];
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
        provider: answering.name as IntegrationBotName,
      });
      if (claim) await ctx.jobs.send('aiBot.reply', { tenantId: input.tenantId, replyId: claim.id }, { tx });
      return 'handled';
    });
  },
};
