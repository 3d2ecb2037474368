import { authModule } from './modules/auth/auth.module.js';
import { automationModule } from './modules/automation/automation.module.js';
import { chatbotModule } from './modules/chatbot/chatbot.module.js';
import { channelsModule } from './modules/channels/channels.module.js';
import { contactsModule } from './modules/contacts/contacts.module.js';
import { messagesModule } from './modules/messages/messages.module.js';
import { queuesModule } from './modules/queues/queues.module.js';
import { ticketsModule } from './modules/tickets/tickets.module.js';
import { tasksModule } from './modules/tasks/tasks.module.js';
import { campaignsModule } from './modules/campaigns/campaigns.module.js';
import { massSendsModule } from './modules/mass-sends/mass-sends.module.js';
import { notificationsModule } from './modules/notifications/notifications.module.js';
import { birthdaysModule } from './modules/birthdays/birthdays.module.js';
import { scheduledMessagesModule } from './modules/scheduled-messages/scheduled-messages.module.js';
import { smsModule } from './modules/sms/sms.module.js';
import { aiBotsModule } from './modules/ai-bots/ai-bots.module.js';
import { groupToolsModule } from './modules/group-tools/group-tools.module.js';
import { externalApiModule } from './modules/external-api/external-api.module.js';
import { tenantApiModule } from './modules/tenant-api/tenant-api.module.js';
import { tenantSmtpModule } from './modules/tenant-smtp/tenant-smtp.module.js';
import { webhooksModule } from './modules/webhooks/webhooks.module.js';
import { reportsModule } from './modules/reports/reports.module.js';
import { webPushModule } from './modules/web-push/web-push.module.js';
import { billingModule } from './modules/billing/billing.module.js';
import { platformOpsModule } from './modules/platform-ops/platform-ops.module.js';
import type { ModuleRegistration } from './platform/module.js';
import { platformModule } from './platform/platform.module.js';

/** Every module with durable jobs or event consumers; the context registers them with the platform at start. */
export const allModules: readonly ModuleRegistration[] = [
  platformModule,
  authModule,
  contactsModule,
  messagesModule,
  channelsModule,
  ticketsModule,
  automationModule,
  queuesModule,
  chatbotModule,
  tasksModule,
  campaignsModule,
  massSendsModule,
  notificationsModule,
  birthdaysModule,
  scheduledMessagesModule,
  smsModule,
  aiBotsModule,
  groupToolsModule,
  externalApiModule,
  tenantApiModule,
  tenantSmtpModule,
  webhooksModule,
  reportsModule,
  webPushModule,
  billingModule,
  platformOpsModule,
];
