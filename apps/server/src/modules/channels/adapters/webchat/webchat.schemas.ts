import { MESSAGE_STATUSES, WEBCHAT_DEFAULTS, webchatSettingsSchema } from '@conversa/shared';
import { z } from 'zod';

/** Limits of what an (untrusted) visitor may send. */
export const WEBCHAT_LIMITS = {
  bodyChars: 4096,
  nameChars: 80,
  emailChars: 254,
  phoneChars: 30,
  uploadBytes: 10 * 1024 * 1024,
  messagesPerMinute: 30,
  sessionsPerMinutePerIp: 10,
  historyPage: 200,
  catchUpPage: 500,
} as const;

/** Socket.IO namespace and events of visitors (the widget keeps its own copy of these names). */
export const WEBCHAT_NAMESPACE = '/webchat';
export const WEBCHAT_EVENTS = { message: 'message', messageUpdate: 'message:update' } as const;

/** The web-chat settings schema is shared with the web app's channel form (@conversa/shared). */
export { WEBCHAT_DEFAULTS, webchatSettingsSchema } from '@conversa/shared';

export type WebchatSettings = z.output<typeof webchatSettingsSchema>;

/** Settings as stored; a row edited by hand or by an older version falls back to the defaults. */
export function readWebchatSettings(stored: Record<string, unknown> | null | undefined): WebchatSettings {
  const parsed = webchatSettingsSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : { ...WEBCHAT_DEFAULTS };
}

// ---- HTTP contracts ----
export const publicKeyParamsSchema = z.object({
  publicKey: z
    .string()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a channel key'),
});

export const widgetConfigSchema = z.object({
  title: z.string().optional(),
  welcomeMessage: z.string().optional(),
  color: z.string(),
});

export const startSessionBodySchema = z.object({
  name: z.string().trim().min(1).max(WEBCHAT_LIMITS.nameChars),
  email: z
    .string()
    .trim()
    .max(WEBCHAT_LIMITS.emailChars)
    .pipe(z.email())
    .optional()
    .or(z.literal('').transform(() => undefined)),
  phone: z
    .string()
    .trim()
    .max(WEBCHAT_LIMITS.phoneChars)
    .regex(/^\+?[0-9 ()-]{6,30}$/, 'Digits, spaces, parentheses, dashes and an optional leading +')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const sessionResponseSchema = z.object({ visitorId: z.uuid(), token: z.string(), name: z.string() });

export const postMessageBodySchema = z.object({
  /** The widget's id for the message; resending the same id is a no-op. */
  clientId: z.uuid(),
  body: z
    .string()
    .max(WEBCHAT_LIMITS.bodyChars)
    .refine((text) => text.trim().length > 0, 'Required'),
});

export const mediaFieldsSchema = z.object({
  clientId: z.uuid(),
  body: z.string().max(WEBCHAT_LIMITS.bodyChars).default(''),
});

export const historyQuerySchema = z.object({
  /** Messages created or changed at or after this instant (the `updatedAt` of the last message seen). */
  since: z.iso.datetime({ offset: true }).optional(),
});

/** A message as a visitor sees it: no agent ids, ticket ids or internal errors. */
export const visitorMessageSchema = z.object({
  id: z.string(),
  /** The widget's id of a visitor's message (null for agents' messages). */
  clientId: z.string().nullable(),
  from: z.enum(['visitor', 'agent']),
  body: z.string(),
  mediaType: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  edited: z.boolean(),
  deleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VisitorMessage = z.infer<typeof visitorMessageSchema>;

export const historyResponseSchema = z.object({ messages: z.array(visitorMessageSchema), hasMore: z.boolean() });
