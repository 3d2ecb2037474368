import { z } from 'zod';
import { defineJob } from '../jobs/define-job.js';
import { purgeRelayedEvents } from './event-store.js';

/** Relayed events are kept this long (a consumer added later, or an operator, can still read them). */
export const EVENT_RETENTION_DAYS = 3;

/** Hourly, on whichever node takes it: relayed events past their retention, and their consumption records. */
export const purgeEventsJob = defineJob({
  name: 'events.purge',
  schema: z.looseObject({}),
  cron: '17 * * * *',
  retryLimit: 1,
  async handler(ctx) {
    const purged = await purgeRelayedEvents(ctx.db, EVENT_RETENTION_DAYS);
    if (purged > 0) ctx.logger.info({ purged }, 'purged relayed domain events');
  },
});

declare module '../jobs/define-job.js' {
  interface JobPayloads {
    'events.purge': z.input<typeof purgeEventsJob.schema>;
  }
}
