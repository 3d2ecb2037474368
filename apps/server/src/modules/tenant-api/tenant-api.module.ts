import type { ModuleRegistration } from '../../platform/module.js';
import { purgeTenantApiCallLogsJob } from './jobs/purge-tenant-api-call-logs.job.js';

export const tenantApiModule: ModuleRegistration = { name: 'tenant-api', jobs: [purgeTenantApiCallLogsJob] };
