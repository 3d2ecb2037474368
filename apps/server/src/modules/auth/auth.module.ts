import type { ModuleRegistration } from '../../platform/module.js';
import { purgeRateLimitsJob } from './jobs/purge-rate-limits.job.js';

export const authModule: ModuleRegistration = { name: 'auth', jobs: [purgeRateLimitsJob] };
