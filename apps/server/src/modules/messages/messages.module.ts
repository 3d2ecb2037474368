import type { ModuleRegistration } from '../../platform/module.js';
import { sendMessageJob } from './jobs/send-message.job.js';

export const messagesModule: ModuleRegistration = { name: 'messages', jobs: [sendMessageJob] };
