import { sendEmailJob } from '../mail/send-email.job.js';

/** Every durable job of the product. A job is sent by name with a payload checked against its schema. */
export const jobDefinitions = [sendEmailJob] as const;
