import type { ModuleRegistration } from '../../platform/module.js';
import { chatbotEventJob } from './jobs/chatbot-event.job.js';

/** The flow engine's durable timers and asynchronous interactions; its inbound step is listed in automation/inbound-steps.ts. */
export const chatbotModule: ModuleRegistration = { name: 'chatbot', jobs: [chatbotEventJob] };
