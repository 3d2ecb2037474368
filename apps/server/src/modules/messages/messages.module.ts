import type { ModuleRegistration } from '../../platform/module.js';
import { reconcileSendJob } from './jobs/reconcile-send.job.js';
import { sendMessageJob } from './jobs/send-message.job.js';

export const messagesModule: ModuleRegistration = { name: 'messages', jobs: [sendMessageJob, reconcileSendJob] };
