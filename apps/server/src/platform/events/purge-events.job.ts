import type { z } from 'zod';
import { definePurgeJob } from '../jobs/define-job.js';
import { purgeRelayedEvents } from './event-store.js';

/** Relayed events are kept this long (a consumer added later, or an operator, can still read them). */
export const EVENT_RETENTION_DAYS = 3;

/** Hourly, on whichever node takes it: relayed events past their retention, and their consumption records. */
export const purgeEventsJob = definePurgeJob({
  name: 'events.purge',
  cron: '17 * * * *',
  purge: (ctx) => purgeRelayedEvents(ctx.db, EVENT_RETENTION_DAYS),
  what: 'relayed domain events',
});

declare module '../jobs/define-job.js' {
  interface JobPayloads {
    'events.purge': z.input<typeof purgeEventsJob.schema>;
  }
}
