import type { ModuleRegistration } from '../../platform/module.js';
import { noteMentionsConsumer } from './listeners/notify-note-mentions.js';

export const notificationsModule: ModuleRegistration = { name: 'notifications', consumers: [noteMentionsConsumer] };
