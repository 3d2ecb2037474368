import { z } from 'zod';
import { defineJob } from '../jobs/define-job.js';

export const sendEmailJob = defineJob({
  name: 'email.send',
  schema: z.object({ to: z.email(), subject: z.string().min(1), text: z.string().min(1) }),
  retryLimit: 8,
  retryDelaySeconds: 15,
  async handler(ctx, mail) {
    await ctx.mailer.send(mail);
  },
});

declare module '../jobs/define-job.js' {
  interface JobPayloads {
    'email.send': z.input<typeof sendEmailJob.schema>;
  }
}
