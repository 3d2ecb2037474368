import type { ModuleRegistration } from '../../platform/module.js';
import { sendBirthdaysJob } from './jobs/send-birthdays.job.js';

export const birthdaysModule: ModuleRegistration = { name: 'birthdays', jobs: [sendBirthdaysJob] };
