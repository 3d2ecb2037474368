import { z } from 'zod';
import { defineJob } from '../../../platform/jobs/define-job.js';
import { failContactImport, runContactImport } from '../use-cases/run-contact-import.js';

/** Imports the rows of a contact file (POST /contacts/import) in the background, resumably. */
export const importContactsJob = defineJob({
  name: 'contacts.import',
  schema: z.object({ tenantId: z.number().int(), importId: z.uuid() }),
  retryLimit: 3,
  retryDelaySeconds: 5,
  async handler(ctx, data, attempt) {
    try {
      await runContactImport(ctx, data);
    } catch (error) {
      if (attempt.last) {
        ctx.logger.error({ err: error, importId: data.importId }, 'contact import failed');
        await failContactImport(ctx, data);
        return;
      }
      throw error;
    }
  },
});

declare module '../../../platform/jobs/define-job.js' {
  interface JobPayloads {
    'contacts.import': z.input<typeof importContactsJob.schema>;
  }
}
