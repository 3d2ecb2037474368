import { parseRating } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import type { InboundAutomationStep } from '../../automation/inbound-chain.js';
import { queueAutomatedMessage } from '../../messages/queue-automated-message.js';
import { closeTicketByAutomation, lockTicketToClose } from '../../tickets/use-cases/close-ticket-by-automation.js';
import {
  findEvaluationAnsweredBy,
  lockAwaitingEvaluation,
  mayAnswerRatingProbe,
  readRatingSettings,
  updateEvaluation,
} from '../ratings.repository.js';

/**
 * A customer message to a ticket that waits for a rating (SPEC §4, §9): 0–5 rates the agent, thanks the
 * customer and closes the ticket; anything else is asked again until the tenant's attempts run out, then
 * the ticket closes without a rating. Runs before every other automation: the answer is for nobody else.
 *
 * Exactly once per message: the evaluation row is locked and records the message it counted, in the
 * transaction that sends the reply and closes the ticket.
 */
export const answerRatingStep: InboundAutomationStep<boolean> = {
  name: 'ratings.answer',
  order: 10,
  // Almost every message concerns no rating: the probe spares them a transaction with locks.
  probe: (keys) => mayAnswerRatingProbe(keys.tenantId, keys.ticketId, keys.messageId),
  async run(ctx: AppContext, input, mayAnswer) {
    if (input.isGroup || !mayAnswer) return 'next';
    return transact(ctx, async (tx, events): Promise<'handled' | 'next'> => {
      const { tenantId, ticketId, messageId } = input;
      if (await findEvaluationAnsweredBy(tx, tenantId, ticketId, messageId)) return 'handled';
      // The ticket first, then the evaluation: the order of the ticket actions, which cancel it.
      const ticket = await lockTicketToClose(tx, tenantId, ticketId);
      if (!ticket) return 'next';
      const evaluation = await lockAwaitingEvaluation(tx, tenantId, ticketId);
      if (!evaluation) return 'next';

      const settings = await readRatingSettings(tx, tenantId);
      const attempts = evaluation.attempts + 1;
      const rating = parseRating(input.body);
      const reply = (body: string) => queueAutomatedMessage(ctx, tx, events, { tenantId, ticketId }, { body });

      if (rating !== null) {
        await updateEvaluation(tx, tenantId, evaluation.id, {
          status: 'rated',
          rating,
          attempts,
          lastMessageId: messageId,
          ratedAt: new Date(),
        });
        await reply(settings.thanksMessage);
        await closeTicketByAutomation(tx, events, ticket, { logType: 'rated', payload: { rating, userId: evaluation.userId }, rating });
      } else if (attempts >= settings.maxAttempts) {
        await updateEvaluation(tx, tenantId, evaluation.id, { status: 'gaveUp', attempts, lastMessageId: messageId });
        await closeTicketByAutomation(tx, events, ticket, { logType: 'ratingGaveUp', payload: { attempts } });
      } else {
        await updateEvaluation(tx, tenantId, evaluation.id, { attempts, lastMessageId: messageId });
        await reply(settings.invalidMessage);
      }
      return 'handled';
    });
  },
};
