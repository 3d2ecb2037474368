import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { autoResolveIdleTickets } from '../use-cases/auto-resolve-idle-tickets.js';

/** Every minute, on whichever node takes it: idle tickets are resolved per tenant setting. */
export const autoResolveJob = defineJob({
  name: 'tickets.auto-resolve',
  schema: z.looseObject({}),
  cron: '* * * * *',
  retryLimit: 1,
  async handler(ctx) {
    const resolved = await autoResolveIdleTickets(ctx);
    if (resolved > 0) ctx.logger.info({ resolved }, 'auto-resolved idle tickets');
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'tickets.auto-resolve': z.input<typeof autoResolveJob.schema>;
  }
}
