import type { ModuleRegistration } from '../../platform/module.js';
import { aiReplyJob } from './jobs/ai-reply.job.js';
import { transcribeAudioJob } from './jobs/transcribe-audio.job.js';
import { transcribeInboundAudioConsumer } from './listeners/transcribe-inbound-audio.js';

export const aiBotsModule: ModuleRegistration = {
  name: 'aiBots',
  jobs: [aiReplyJob, transcribeAudioJob],
  consumers: [transcribeInboundAudioConsumer],
};
