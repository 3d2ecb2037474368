import type { ModuleRegistration } from '../../platform/module.js';
import { autoResolveJob } from './jobs/auto-resolve.job.js';

export const ticketsModule: ModuleRegistration = { name: 'tickets', jobs: [autoResolveJob] };
