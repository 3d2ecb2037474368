import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { reconcileUnconfirmedSend } from '../use-cases/reconcile-unconfirmed-send.js';

/** The end of an unconfirmed send's reconciliation window (see use-cases/reconcile-unconfirmed-send.ts). */
export const reconcileSendJob = defineJob({
  name: 'message.reconcile',
  schema: z.object({ tenantId: z.number().int(), messageId: z.uuid() }),
  retryLimit: 10,
  retryDelaySeconds: 5,
  handler: async (ctx, data) => void (await reconcileUnconfirmedSend(ctx, data)),
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'message.reconcile': z.input<typeof reconcileSendJob.schema>;
  }
}
