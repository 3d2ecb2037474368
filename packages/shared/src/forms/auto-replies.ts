import { z } from 'zod';
import { refIdSchema } from '../contracts.js';
import { fieldRule } from '../errors.js';
import { templateText } from '../template-variables.js';

/** /auto-resposta (SPEC §2): keyword or first-message replies, for tenants who need no chatbot flow. */

/** 'firstMessage' first: a rule without keywords is the simplest valid example of the schema. */
export const AUTO_REPLY_TRIGGERS = ['firstMessage', 'keyword'] as const;
export type AutoReplyTrigger = (typeof AUTO_REPLY_TRIGGERS)[number];
export const AUTO_REPLY_MATCH_MODES = ['exact', 'contains'] as const;
export type AutoReplyMatchMode = (typeof AUTO_REPLY_MATCH_MODES)[number];
export const MAX_AUTO_REPLY_KEYWORDS = 20;
export const AUTO_REPLY_MAX_LENGTH = 4000;

/** A text as keywords are compared: lower case, no accents, punctuation and repeated spaces gone ("Preço?" → "preco"). */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const keywordSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((value) => normalizeForMatch(value) !== '', {
    message: 'A keyword needs a letter or a digit.',
    ...fieldRule('keywordNoLetters'),
  });

/** POST /auto-reply and PUT /auto-reply/{id} (the whole rule each time). */
export const autoReplyBodySchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    active: z.boolean().default(true),
    trigger: z.enum(AUTO_REPLY_TRIGGERS),
    matchMode: z.enum(AUTO_REPLY_MATCH_MODES).default('exact'),
    keywords: z.array(keywordSchema).max(MAX_AUTO_REPLY_KEYWORDS).default([]),
    reply: templateText()
      .max(AUTO_REPLY_MAX_LENGTH)
      .refine((value) => value.trim() !== '', { message: 'Write the reply.', ...fieldRule('required') }),
    /** Route the ticket to this queue after replying (null: stay where it is). */
    queueId: refIdSchema.nullable().default(null),
    /** Only messages arriving on this channel (null: every channel). */
    channelId: refIdSchema.nullable().default(null),
  })
  .superRefine((body, ctx) => {
    if (body.trigger === 'keyword' && body.keywords.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['keywords'], message: 'Give at least one keyword.', params: { rule: 'keywordsRequired' } });
    }
  })
  .transform((body) => ({ ...body, keywords: body.trigger === 'keyword' ? body.keywords : [] }));
export type AutoReplyBody = z.input<typeof autoReplyBodySchema>;

export const autoReplySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  trigger: z.enum(AUTO_REPLY_TRIGGERS),
  matchMode: z.enum(AUTO_REPLY_MATCH_MODES),
  keywords: z.array(z.string()),
  reply: z.string(),
  queueId: z.number().int().nullable(),
  channelId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AutoReply = z.infer<typeof autoReplySchema>;
