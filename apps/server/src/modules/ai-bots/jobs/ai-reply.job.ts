import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { deliverAiReply } from '../use-cases/deliver-ai-reply.js';

/** One integration bot's answer to one customer message (use-cases/deliver-ai-reply.ts): queued by the inbound step in the claim's transaction. */
export const aiReplyJob = defineJob({
  name: 'aiBot.reply',
  schema: z.object({ tenantId: z.number().int(), replyId: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 5,
  concurrency: 10,
  handler: (ctx, data) => deliverAiReply(ctx, data),
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'aiBot.reply': z.input<typeof aiReplyJob.schema>;
  }
}
