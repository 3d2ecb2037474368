import { z } from 'zod';
import { fieldRule } from '../errors.js';
import { MESSAGE_BODY_MAX } from '../inbox.js';
import { templateText } from '../template-variables.js';

/**
 * Quick messages (SPEC §3: key, message, file, send-as-audio, active), sent by agents with `/key` in
 * the composer. Routes as the peer products': GET/POST /fastreply, PUT/DELETE /fastreply/{id}; the
 * file goes first to POST /fastreply/media, whose token the record then names (`mediaToken`).
 */

export const QUICK_MESSAGE_KEY_MAX = 50;

/** What a `/key` typed in the composer can name: one word, without a leading slash. */
export const quickMessageKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(QUICK_MESSAGE_KEY_MAX)
  .refine((key) => /^[^\s/]\S*$/.test(key), {
    message: 'One word without spaces, not starting with "/".',
    ...fieldRule('quickMessageKey'),
  });

export const quickMessageMediaSchema = z.object({
  name: z.string(),
  mime: z.string(),
  size: z.number().int().nullable(),
  type: z.string(),
  url: z.string(),
});

export const quickMessageSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  message: z.string(),
  media: quickMessageMediaSchema.nullable(),
  sendAsAudio: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuickMessage = z.infer<typeof quickMessageSchema>;

/** POST /fastreply/media answers the checked file and the token that a create or update names. */
export const quickMessageUploadSchema = z.object({
  mediaToken: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  type: z.string(),
});
export type QuickMessageUpload = z.infer<typeof quickMessageUploadSchema>;

const mediaTokenSchema = z.string().min(1).max(2000);
const messageSchema = templateText().pipe(z.string().max(MESSAGE_BODY_MAX));

const requireTextOrFile = (body: { message?: string; mediaToken?: string | null }, ctx: z.RefinementCtx) => {
  if ((body.message ?? '').trim() === '' && !body.mediaToken)
    ctx.addIssue({ code: 'custom', path: ['message'], message: 'Write a message or choose a file.', ...fieldRule('messageOrFile') });
};

export const createQuickMessageBodySchema = z
  .object({
    key: quickMessageKeySchema,
    /** May be empty when a file is given. */
    message: messageSchema,
    /** From POST /fastreply/media: the file sent with the message. */
    mediaToken: mediaTokenSchema.nullable().optional(),
    /** An audio file goes out as a voice note (push-to-talk). Only with an audio file. */
    sendAsAudio: z.boolean().default(false),
    isActive: z.boolean().default(true),
  })
  .superRefine(requireTextOrFile);

/** Every field optional: an edit changes what it sends. `mediaToken: null` removes the file. */
export const updateQuickMessageBodySchema = z.object({
  key: quickMessageKeySchema.optional(),
  message: messageSchema.optional(),
  mediaToken: mediaTokenSchema.nullable().optional(),
  sendAsAudio: z.boolean().optional(),
  isActive: z.boolean().optional(),
});

export type CreateQuickMessageBody = z.input<typeof createQuickMessageBodySchema>;
export type UpdateQuickMessageBody = z.input<typeof updateQuickMessageBodySchema>;
