import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { adapterFor } from '../../channels/adapters/registry.js';
import { recordTranscript } from '../../messages/use-cases/record-transcript.js';
import { queueAutomatedMessage } from '../../messages/queue-automated-message.js';
import { findTenantMessage } from '../../messages/use-cases/recent-ticket-messages.js';
import { lockTicketForAutomation } from '../../tickets/use-cases/lock-ticket-for-automation.js';
import { setTicketIntegrationStatuses } from '../../tickets/use-cases/set-integration-statuses.js';
import { findAiReply, findChannelAiBot, finishAiReply } from '../ai-bots.repository.js';
import { awaitingTranscript, TRANSCRIPT_POLL_SECONDS } from './await-transcript.js';
import { voiceAnswer } from './voice-answer.js';
import type { IntegrationBotAnswer } from '../bots/integration-bot.js';
import { INTEGRATION_BOTS } from '../bots/registry.js';
import { botAnswerMessages } from './bot-answer-messages.js';

/**
 * The answer to one claimed customer message. Three steps, the provider called in none of the
 * transactions (nothing stays locked while it thinks):
 * 1. under the ticket's lock, the claim still pending and the bot's switch still on — else the
 *    claim ends `skipped` (an agent took over, the stop word came meanwhile) — the channel's prompt
 *    and the customer's message; a customer's audio whose transcript is coming makes the job wait
 *    for it (await-transcript.ts);
 * 2. the bot's answer (the provider call, within the settings' timeout), spoken when the channel's
 *    LLM answers with voice (voice-answer.ts: its text goes instead when the speech fails);
 * 3. under the ticket's and the claim's locks, again the switch still on: the answer goes out
 *    through the one outbound path (queueAutomatedMessage, its text verbatim; choices as buttons,
 *    a list or numbered text — bot-answer-messages.ts) and the claim ends `answered` with its
 *    message, in one transaction; a bot whose conversation ended (Typebot's flow, n8n's `end`) is
 *    switched off after it. A failure (refused, timed out, empty) ends it `failed`, switches the bot
 *    off and logs why on the ticket: the ticket is left to the agents.
 *
 * A retry after a crash between 2 and 3 calls the provider again but sends at most one answer:
 * the claim is `pending` until the transaction that sends.
 */
export async function deliverAiReply(ctx: AppContext, data: { tenantId: number; replyId: string }): Promise<void> {
  const { tenantId, replyId } = data;
  const prepared = await transact(ctx, async (tx) => {
    // The ticket's lock first, then the claim's (the order of every path here).
    const unlocked = await findAiReply(tx, tenantId, replyId);
    if (!unlocked || unlocked.status !== 'pending') return undefined;
    const ticket = await lockTicketForAutomation(tx, tenantId, unlocked.ticketId);
    const claim = await findAiReply(tx, tenantId, replyId, { lock: true });
    if (!claim || claim.status !== 'pending') return undefined;
    const bot = INTEGRATION_BOTS[claim.provider];
    if (!ticket || ticket.status === 'closed' || ticket.integrationStatuses[bot.statusKey] !== true) {
      await finishAiReply(tx, tenantId, replyId, { status: 'skipped' });
      return undefined;
    }
    if (await awaitingTranscript(tx, claim.tenantId, claim.inboundMessageId, ticket.channelId)) {
      // The customer spoke: the answer waits for the words (the claim stays pending; a new try later).
      await ctx.jobs.send('aiBot.reply', data, { tx, startAfter: TRANSCRIPT_POLL_SECONDS });
      return undefined;
    }
    const channelBot = await findChannelAiBot(tx, tenantId, ticket.channelId);
    const message = await findTenantMessage(tx, tenantId, claim.inboundMessageId);
    return { claim, bot, channelBot, message };
  });
  if (!prepared) return;
  const { claim, bot, channelBot, message } = prepared;

  const answer: IntegrationBotAnswer = await bot.answer(
    ctx,
    { tenantId, ticketId: claim.ticketId },
    {
      prompt: channelBot?.prompt ?? '',
      message: message && {
        id: message.id,
        body: message.body,
        mediaType: message.mediaType,
        timestamp: message.timestamp,
        contactId: message.contactId,
        channelId: message.channelId,
      },
    },
  );
  // Voice: an LLM's plain answer only (an integration's choices need their text and buttons).
  const voice =
    answer.ok && !answer.choices && channelBot?.answerWithVoice
      ? await voiceAnswer(ctx, { tenantId, ticketId: claim.ticketId }, channelBot, answer.text)
      : undefined;

  await transact(ctx, async (tx, events) => {
    const ticket = await lockTicketForAutomation(tx, tenantId, claim.ticketId);
    const current = await findAiReply(tx, tenantId, replyId, { lock: true });
    if (!current || current.status !== 'pending') return;
    if (!ticket || ticket.status === 'closed' || ticket.integrationStatuses[bot.statusKey] !== true) {
      await finishAiReply(tx, tenantId, replyId, { status: 'skipped' });
      return;
    }
    if (answer.ok) {
      let replyMessageId: string | null = null;
      if (voice) {
        const sent = await queueAutomatedMessage(
          ctx,
          tx,
          events,
          { tenantId, ticketId: ticket.id },
          { body: '', media: voice, verbatim: true },
        );
        // A spoken answer keeps its words as its transcript: shown under it, read as the AI's turn next time.
        await recordTranscript(ctx, { tenantId, messageId: sent.id, status: 'done', text: answer.text }, { tx, events });
        replyMessageId = sent.id;
      } else {
        const channel = answer.choices ? await findChannelById(tx, tenantId, ticket.channelId) : undefined;
        const richChannel = channel ? adapterFor(channel.type).sendRich !== undefined : false;
        for (const part of botAnswerMessages(answer.text, answer.choices, richChannel)) {
          const sent = await queueAutomatedMessage(
            ctx,
            tx,
            events,
            { tenantId, ticketId: ticket.id },
            { body: part.body, verbatim: true, ...(part.rich ? { rich: part.rich } : {}) },
          );
          replyMessageId = sent.id;
        }
      }
      await finishAiReply(tx, tenantId, replyId, { status: 'answered', replyMessageId });
      if (answer.ended)
        await setTicketIntegrationStatuses(
          tx,
          events,
          ticket,
          { [bot.statusKey]: false },
          { type: 'aiBotStopped', payload: { by: 'botEnded', bot: bot.name } },
        );
      return;
    }
    await finishAiReply(tx, tenantId, replyId, { status: 'failed', error: answer.reason.slice(0, 500) });
    await setTicketIntegrationStatuses(
      tx,
      events,
      ticket,
      { [bot.statusKey]: false },
      { type: 'aiBotFailed', payload: { bot: bot.name, reason: answer.reason.slice(0, 500) } },
    );
  });
}
