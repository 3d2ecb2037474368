import { z } from 'zod';

/** Only the fields the client reads of Twilio's answers (https://www.twilio.com/docs/messaging/api/message-resource). */
export const twilioMessageSchema = z.object({
  sid: z.string().min(1).max(64),
  to: z.string().nullable().optional(),
  from: z.string().nullable().optional(),
  body: z.string().nullable().optional(),
  status: z.string(),
  direction: z.string().optional(),
  error_code: z.union([z.number(), z.string()]).nullable().optional(),
  num_segments: z.string().nullable().optional(),
  messaging_service_sid: z.string().nullable().optional(),
  date_created: z.string().nullable().optional(),
});

export const twilioMessageListSchema = z.object({ messages: z.array(twilioMessageSchema) });

export const twilioAccountSchema = z.object({
  sid: z.string(),
  friendly_name: z.string().nullable().optional(),
  status: z.string(),
});

/** Twilio's error body: { code, message, more_info, status }. */
export const twilioErrorSchema = z.object({
  code: z.union([z.number(), z.string()]),
  message: z.string().optional(),
  detail: z.string().optional(),
  status: z.number().optional(),
});

/** The form parameters of a message status callback (https://www.twilio.com/docs/messaging/guides/track-outbound-message-status). */
export const twilioStatusCallbackSchema = z
  .object({
    AccountSid: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'Not a Twilio Account SID.'),
    MessageSid: z.string().regex(/^(SM|MM)[0-9a-fA-F]{32}$/, 'Not a Twilio Message SID.'),
    MessageStatus: z.string().max(30),
    ErrorCode: z.string().max(10).optional(),
    To: z.string().max(40).optional(),
    From: z.string().max(40).optional(),
  })
  .catchall(z.string().max(2000));
export type TwilioStatusCallback = z.output<typeof twilioStatusCallbackSchema>;
