import type { ModuleRegistration } from '../../platform/module.js';
import { purgeApiCallLogsJob } from './jobs/purge-api-call-logs.job.js';

export const externalApiModule: ModuleRegistration = { name: 'external-api', jobs: [purgeApiCallLogsJob] };
