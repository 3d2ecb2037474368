import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { transact } from '../../../platform/events/transact.js';
import { findPosition, lockPosition } from '../chatbot.repository.js';
import { runAsyncInteraction, type AsyncInteractionResult } from '../interactions/registry.js';
import { applyFlowEvent, runningFlowOfVersion } from '../engine/run-flow.js';

/**
 * A flow's timer or asynchronous interaction for one move of a ticket's conversation: a delay that
 * elapsed, a step left without an answer, a webhook (or add-on) to call. Durable (sent in the
 * transaction of the move, with startAfter for timers), so it survives a restart; ignored when the
 * conversation has moved on since (another move id) or left the bot.
 */
export const chatbotEventJob = defineJob({
  name: 'chatbot.event',
  schema: z.object({
    tenantId: z.number().int(),
    ticketId: z.number().int(),
    moveId: z.uuid(),
    event: z.enum(['delayElapsed', 'noAnswer', 'interaction']),
  }),
  retryLimit: 5,
  retryDelaySeconds: 5,
  async handler(ctx, data) {
    const target = { tenantId: data.tenantId, ticketId: data.ticketId };
    let result: AsyncInteractionResult | undefined;
    if (data.event === 'interaction') {
      // The call is made outside any transaction: nothing stays locked while a provider answers.
      const position = await findPosition(ctx.db, data.tenantId, data.ticketId);
      if (!position || position.moveId !== data.moveId || position.waitingFor !== 'interaction') return;
      const flow = await runningFlowOfVersion(ctx, ctx.db, data.tenantId, position.versionId);
      const interaction = flow?.definition.steps.find((step) => step.id === position.stepId)?.interactions[position.interactionIndex - 1];
      result = interaction ? await runAsyncInteraction(ctx, interaction, target) : { data: null };
    }
    await transact(ctx, async (tx, events) => {
      const position = await lockPosition(tx, data.tenantId, data.ticketId);
      if (!position || position.moveId !== data.moveId) return;
      const flow = await runningFlowOfVersion(ctx, tx, data.tenantId, position.versionId);
      if (!flow) return;
      const event =
        data.event === 'interaction'
          ? { type: 'interactionResult' as const, data: result ? result.data : null, reply: result?.reply ?? null }
          : { type: data.event };
      await applyFlowEvent(ctx, tx, events, target, flow, position, event);
    });
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'chatbot.event': z.input<typeof chatbotEventJob.schema>;
  }
}
