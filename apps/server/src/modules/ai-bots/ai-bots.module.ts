import type { ModuleRegistration } from '../../platform/module.js';
import { aiReplyJob } from './jobs/ai-reply.job.js';

export const aiBotsModule: ModuleRegistration = { name: 'aiBots', jobs: [aiReplyJob] };
