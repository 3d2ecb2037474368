import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { deliverPush } from '../use-cases/deliver-push.js';

export const pushPayloadSchema = z.object({
  kind: z.enum(['message', 'mention', 'transfer']),
  ticketId: z.number().int().positive(),
  title: z.string().max(200),
  body: z.string().max(500),
  url: z.string().max(200),
  tag: z.string().max(100),
});

/**
 * One push to some browsers (a new customer message, or a mention), sent one browser after another
 * in subscription order; those to retry get a job of their own (never a second push to the others).
 */
export const sendPushJob = defineJob({
  name: 'webPush.send',
  schema: z.object({
    tenantId: z.number().int().positive(),
    subscriptionIds: z.array(z.number().int().positive()).min(1).max(1000),
    payload: pushPayloadSchema,
    /** 1 for the first try; the retries of failed browsers count up to MAX_PUSH_TRIES. */
    try: z.number().int().min(1).default(1),
  }),
  retryLimit: 0,
  concurrency: 5,
  handler: (ctx, data) => deliverPush(ctx, data),
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'webPush.send': z.input<typeof sendPushJob.schema>;
  }
}
