import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { deliverTenantEmail } from '../use-cases/deliver-tenant-email.js';

/** An e-mail sent on behalf of a company: through its own SMTP server when it has one, else the platform's. */
export const sendTenantEmailJob = defineJob({
  name: 'tenant-email.send',
  schema: z.object({ tenantId: z.number().int().positive(), to: z.email(), subject: z.string().min(1), text: z.string().min(1) }),
  retryLimit: 8,
  retryDelaySeconds: 15,
  async handler(ctx, { tenantId, ...mail }) {
    await deliverTenantEmail(ctx, tenantId, mail);
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'tenant-email.send': z.input<typeof sendTenantEmailJob.schema>;
  }
}
