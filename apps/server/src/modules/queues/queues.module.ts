import type { ModuleRegistration } from '../../platform/module.js';
import { queueGreetingConsumer } from './listeners/send-queue-greeting.js';

export const queuesModule: ModuleRegistration = { name: 'queues', consumers: [queueGreetingConsumer] };
