import { z } from 'zod';
export {
  sendSmsBodySchema,
  smsAvailabilitySchema,
  smsConnectionTestSchema,
  smsHistoryQuerySchema,
  smsMessageSchema,
  smsSettingsBodySchema,
  smsSettingsSchema,
} from '@conversa/shared';
export { twilioStatusCallbackSchema } from './providers/twilio/twilio.schemas.js';

export const smsCallbackParamsSchema = z.object({ id: z.uuid() });
export const smsCallbackResponseSchema = z.object({ received: z.literal(true), outcome: z.string() });
