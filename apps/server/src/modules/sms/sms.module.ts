import type { ModuleRegistration } from '../../platform/module.js';
import { sendSmsJob } from './jobs/send-sms.job.js';

export const smsModule: ModuleRegistration = { name: 'sms', jobs: [sendSmsJob] };
