import type { ModuleRegistration } from '../../platform/module.js';
import { sendPushJob } from './jobs/send-push.job.js';
import { pushNewMessagesConsumer } from './listeners/push-new-messages.js';

export const webPushModule: ModuleRegistration = { name: 'webPush', jobs: [sendPushJob], consumers: [pushNewMessagesConsumer] };
