import type { ModuleRegistration } from '../../platform/module.js';
import { billingRoundJob } from './jobs/billing-round.job.js';
import { createChargeJob } from './jobs/create-charge.job.js';

export const billingModule: ModuleRegistration = { name: 'billing', jobs: [billingRoundJob, createChargeJob] };
