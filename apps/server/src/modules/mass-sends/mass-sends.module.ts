import type { ModuleRegistration } from '../../platform/module.js';
import { runMassSendJob } from './jobs/run-mass-send.job.js';

export const massSendsModule: ModuleRegistration = { name: 'mass-sends', jobs: [runMassSendJob] };
