import { autoResolveJob } from '../../modules/tickets/jobs/auto-resolve.job.js';
import { importContactsJob } from '../../modules/contacts/jobs/import-contacts.job.js';
import { sendMessageJob } from '../../modules/messages/jobs/send-message.job.js';
import { telegramPollJob } from '../../modules/channels/adapters/telegram/telegram-poll.job.js';
import { sendEmailJob } from '../mail/send-email.job.js';
import { chatbotEventJob } from '../../modules/chatbot/jobs/chatbot-event.job.js';
import { purgeRateLimitsJob } from '../../modules/auth/jobs/purge-rate-limits.job.js';

/** Every durable job of the product. A job is sent by name with a payload checked against its schema. */
export const jobDefinitions = [sendEmailJob, sendMessageJob, autoResolveJob, importContactsJob, telegramPollJob, purgeRateLimitsJob, chatbotEventJob] as const;
