import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { sendDueBirthdays } from '../use-cases/send-due-birthdays.js';

/**
 * Every minute, on whichever node takes it: the birthday greetings whose hour has come on each
 * tenant's clock. Idempotent by the claim of each greeting (contact + year): a round run twice, or
 * again after a crash, sends nothing twice (two rounds overlapping on two nodes claim each greeting once).
 */
export const sendBirthdaysJob = defineJob({
  name: 'birthdays.send-due',
  schema: z.looseObject({}),
  cron: '* * * * *',
  retryLimit: 1,
  async handler(ctx) {
    const greeted = await sendDueBirthdays(ctx);
    if (greeted > 0) ctx.logger.info({ greeted }, 'birthday messages queued');
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'birthdays.send-due': z.input<typeof sendBirthdaysJob.schema>;
  }
}
