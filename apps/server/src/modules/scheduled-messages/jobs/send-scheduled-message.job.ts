import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { sendScheduledOccurrence } from '../use-cases/send-scheduled-occurrence.js';

/**
 * A scheduled message's occurrence at its date: sent (with startAfter) in the transaction that made
 * the schedule pending at this version, so it survives restarts. Stale (does nothing) once the
 * schedule was edited, canceled or this occurrence sent; see sendScheduledOccurrence. Polls every
 * 2 s: an occurrence leaves well within the minute of its time.
 */
export const sendScheduledMessageJob = defineJob({
  name: 'scheduledMessages.send',
  schema: z.object({ tenantId: z.number().int(), scheduleId: z.number().int(), version: z.number().int() }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  async handler(ctx, data) {
    await sendScheduledOccurrence(ctx, data);
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'scheduledMessages.send': z.input<typeof sendScheduledMessageJob.schema>;
  }
}
