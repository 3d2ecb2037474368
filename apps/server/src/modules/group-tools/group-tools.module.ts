import type { ModuleRegistration } from '../../platform/module.js';
import { runGroupBatchJob } from './jobs/run-group-batch.job.js';
import { enforceGroupEventsConsumer } from './listeners/enforce-group-events.js';

export const groupToolsModule: ModuleRegistration = {
  name: 'group-tools',
  jobs: [runGroupBatchJob],
  consumers: [enforceGroupEventsConsumer],
};
