import type { ModuleRegistration } from '../../platform/module.js';
import { telegramPollJob } from './adapters/telegram/telegram-poll.job.js';

export const channelsModule: ModuleRegistration = { name: 'channels', jobs: [telegramPollJob] };
