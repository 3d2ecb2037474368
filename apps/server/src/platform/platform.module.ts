import { analyzeEmbeddedDatabaseJob, vacuumEmbeddedDatabaseJob } from './db/embedded-maintenance.job.js';
import { purgeEventsJob } from './events/purge-events.job.js';
import { sendEmailJob } from './mail/send-email.job.js';
import type { ModuleRegistration } from './module.js';

/** The platform's own jobs. */
export const platformModule: ModuleRegistration = {
  name: 'platform',
  jobs: [sendEmailJob, purgeEventsJob, analyzeEmbeddedDatabaseJob, vacuumEmbeddedDatabaseJob],
};
