import type { ModuleRegistration } from '../../platform/module.js';
import { sendScheduledMessageJob } from './jobs/send-scheduled-message.job.js';

export const scheduledMessagesModule: ModuleRegistration = { name: 'scheduled-messages', jobs: [sendScheduledMessageJob] };
