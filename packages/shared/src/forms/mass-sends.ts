import { z } from 'zod';
import { refIdSchema } from '../contracts.js';
import { campaignReportExportQuerySchema } from './campaigns.js';
import { fieldRule } from '../errors.js';
import { MESSAGE_BODY_MAX } from '../inbox.js';
import { SMS_BODY_MAX } from '../sms.js';
import { templateText, templateVariablesIn } from '../template-variables.js';

/**
 * Mass sending (SPEC §2 /massa → template; children texto, textovariavel, sms, template,
 * template-variavel; §5 "min and max seconds valid and max greater than min; connection required;
 * at least one send option; numbers/tag/contact and message, media or audio details required").
 * Shared by the server's routes and the web's tabs.
 *
 * A mass send starts when it is created: its recipients (typed numbers, a tag's contacts or picked
 * contacts) are sent one by one with a random pause of min to max seconds between two sends.
 */

/** SPEC §2's tabs, in its order. `sms` goes through the tenant's SMS provider, without a connection. */
export const MASS_SEND_KINDS = ['texto', 'textovariavel', 'sms', 'template', 'template-variavel'] as const;
export type MassSendKind = (typeof MASS_SEND_KINDS)[number];
/** The kinds that send an approved template of the official API (a WhatsApp Cloud API channel). */
export const MASS_SEND_TEMPLATE_KINDS: readonly MassSendKind[] = ['template', 'template-variavel'];

export const MASS_SEND_STATUSES = ['processing', 'paused', 'canceled', 'finished'] as const;
export type MassSendStatus = (typeof MASS_SEND_STATUSES)[number];

/** Per-recipient report status: waiting, skipped (nothing sent, with the reason), or the sent message's own status. */
export const MASS_SEND_RECIPIENT_STATUSES = [
  'waiting',
  'pending',
  'sent',
  'delivered',
  'read',
  'failed',
  'unconfirmed',
  'skipped',
] as const;
export type MassSendRecipientStatus = (typeof MASS_SEND_RECIPIENT_STATUSES)[number];

export const MASS_SEND_DELAY_MAX = 3_600;
export const MASS_SEND_MAX_NUMBERS = 10_000;
export const MASS_SEND_NUMBERS_TEXT_MAX = 400_000;
export const MASS_SEND_RECIPIENTS_PAGE_SIZE = 50;
/** A template's placeholders ({{1}} … {{n}}) that a mass send fills. */
export const MASS_SEND_TEMPLATE_PARAMS_MAX = 30;
export const MASS_SEND_TEMPLATE_PARAM_MAX = 1_024;

/** SPEC §5's rule, as the form and the API say it. */
export const MASS_SEND_DELAY_MESSAGE = 'The maximum seconds must be greater than the minimum seconds.';

const delaySchema = z.number().int().min(0).max(MASS_SEND_DELAY_MAX);

/** Who receives it: typed numbers (one per line, or separated by commas or semicolons), one tag's contacts, or picked contacts. */
export const massSendRecipientsSchema = z.discriminatedUnion('source', [
  z
    .object({
      source: z.literal('numbers'),
      numbers: z
        .string()
        .max(MASS_SEND_NUMBERS_TEXT_MAX)
        .regex(/\d/, 'Type at least one number.')
        .describe('Numbers with or without the country code (a number without one is read as Brazilian), one per line.'),
    })
    .strict(),
  z.object({ source: z.literal('tag'), tagId: refIdSchema }).strict(),
  z.object({ source: z.literal('contacts'), contactIds: z.array(refIdSchema).min(1).max(MASS_SEND_MAX_NUMBERS) }).strict(),
]);
export type MassSendRecipients = z.input<typeof massSendRecipientsSchema>;

/** The form's starting pause (the API's default): 10 to 30 seconds between two sends. */
export const MASS_SEND_DEFAULT_DELAYS = { min: 10, max: 30 } as const;

const pacingFields = {
  minDelaySeconds: delaySchema.default(MASS_SEND_DEFAULT_DELAYS.min),
  maxDelaySeconds: delaySchema.default(MASS_SEND_DEFAULT_DELAYS.max),
  recipients: massSendRecipientsSchema,
};

const commonFields = {
  /** The connection it sends through (SPEC §5: required). */
  whatsappId: refIdSchema,
  ...pacingFields,
};

const mediaTokenSchema = z.string().min(1).max(2000).describe('The token POST /mass-sends/media answered for the file.');

/** texto: the text is sent as written (empty with a file: the file alone); optionally a file (sent as a voice note when `sendAsAudio` and it is audio). */
const textKindFields = {
  ...commonFields,
  message: z.string().max(MESSAGE_BODY_MAX),
  mediaToken: mediaTokenSchema.nullable().default(null),
  sendAsAudio: z.boolean().default(false),
};

const templateParam = z.string().trim().min(1, 'Fill every placeholder of the template.').max(MASS_SEND_TEMPLATE_PARAM_MAX);

/** An approved template of the channel and the value of each of its body placeholders ({{1}}, {{2}}…, in order). */
const templateFields = (param: z.ZodType<string>) =>
  z.object({
    name: z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{1,512}$/, 'Template names have lowercase letters, digits and underscores.'),
    language: z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "A language code such as 'pt_BR' or 'en'."),
    params: z.array(param).max(MASS_SEND_TEMPLATE_PARAMS_MAX).default([]),
  });

/** `template`: fixed texts only (a {{variable}} would be sent as written). */
const fixedParam = templateParam.refine((text) => templateVariablesIn(text).length === 0, {
  message: 'Variables are for the template with variables tab.',
  ...fieldRule('noVariables'),
});

function checkDelays(body: { minDelaySeconds: number; maxDelaySeconds: number }, ctx: z.RefinementCtx) {
  if (body.maxDelaySeconds <= body.minDelaySeconds)
    ctx.addIssue({ code: 'custom', path: ['maxDelaySeconds'], message: MASS_SEND_DELAY_MESSAGE, ...fieldRule('maxGreaterThanMin') });
}

function checkTextOrFile(body: { message: string; mediaToken: string | null }, ctx: z.RefinementCtx) {
  if (body.message.trim() === '' && !body.mediaToken)
    ctx.addIssue({ code: 'custom', path: ['message'], message: 'Write a message or choose a file.', ...fieldRule('messageOrFile') });
}

export const massSendTextoBodySchema = z.object({ kind: z.literal('texto'), ...textKindFields });
export const massSendTextoVariavelBodySchema = z.object({
  kind: z.literal('textovariavel'),
  ...textKindFields,
  message: templateText().pipe(z.string().max(MESSAGE_BODY_MAX)),
});
/** `sms`: a text sent as written through the tenant's SMS provider (no connection, no file; a {{variable}} is refused). */
export const massSendSmsBodySchema = z.object({
  kind: z.literal('sms'),
  ...pacingFields,
  message: z
    .string()
    .trim()
    .min(1, 'Write the message.')
    .max(SMS_BODY_MAX)
    .refine((text) => templateVariablesIn(text).length === 0, {
      message: 'An SMS is sent as written: remove the variables.',
      ...fieldRule('smsAsWritten'),
    }),
});
export const massSendTemplateBodySchema = z.object({ kind: z.literal('template'), ...commonFields, template: templateFields(fixedParam) });
export const massSendTemplateVariavelBodySchema = z.object({
  kind: z.literal('template-variavel'),
  ...commonFields,
  template: templateFields(templateText().pipe(templateParam)),
});

/** POST /mass-sends: creates the mass send and starts it. */
export const createMassSendBodySchema = z
  .discriminatedUnion('kind', [
    massSendTextoBodySchema,
    massSendTextoVariavelBodySchema,
    massSendSmsBodySchema,
    massSendTemplateBodySchema,
    massSendTemplateVariavelBodySchema,
  ])
  .superRefine((body, ctx) => {
    checkDelays(body, ctx);
    if (body.kind === 'texto' || body.kind === 'textovariavel') checkTextOrFile(body, ctx);
  });
export type CreateMassSendBody = z.input<typeof createMassSendBodySchema>;
export type CreateMassSendInput = z.output<typeof createMassSendBodySchema>;

export const massSendUploadSchema = z.object({
  mediaToken: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  type: z.string(),
});
export type MassSendUpload = z.infer<typeof massSendUploadSchema>;

export const massSendSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MASS_SEND_KINDS),
  status: z.enum(MASS_SEND_STATUSES),
  /** Null for an SMS mass send (the tenant's SMS provider sends it). */
  whatsappId: z.number().int().nullable(),
  channelName: z.string().nullable(),
  minDelaySeconds: z.number().int(),
  maxDelaySeconds: z.number().int(),
  message: z.string(),
  media: z.object({ name: z.string(), mime: z.string(), type: z.string(), url: z.string() }).nullable(),
  sendAsAudio: z.boolean(),
  template: z.object({ name: z.string(), language: z.string(), body: z.string(), params: z.array(z.string()) }).nullable(),
  /** Who created it. */
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  recipientCount: z.number().int(),
  /** Handed to the channel (queued, sent, delivered, read, failed or unconfirmed). */
  processed: z.number().int(),
  /** Taken by the channel (sent, delivered, read). */
  sent: z.number().int(),
  /** Failed, or skipped (with the reason in the report). */
  notSent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MassSend = z.infer<typeof massSendSchema>;

export const massSendRecipientSchema = z.object({
  number: z.string(),
  contactId: z.number().int().nullable(),
  name: z.string().nullable(),
  status: z.enum(MASS_SEND_RECIPIENT_STATUSES),
  sentAt: z.string().nullable(),
  /** Why it failed or was skipped. */
  error: z.string().nullable(),
});
export type MassSendRecipient = z.infer<typeof massSendRecipientSchema>;

export const massSendRecipientsPageSchema = z.object({
  recipients: z.array(massSendRecipientSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});

export const massSendRecipientsQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(MASS_SEND_RECIPIENT_STATUSES).optional(),
});

/** ?format=csv|xlsx, as the campaigns' report. */
export const massSendReportQuerySchema = campaignReportExportQuerySchema;

/** An approved template of a WhatsApp Cloud API channel, as the template tabs show it. */
export const massSendTemplateOptionSchema = z.object({
  name: z.string(),
  language: z.string(),
  category: z.string().nullable(),
  /** The body with its {{1}}, {{2}}… placeholders. */
  body: z.string(),
  /** How many placeholders the body has (the values a mass send must give). */
  params: z.number().int(),
  /** False when the template needs what a mass send cannot give (a header or button placeholder, a media header); `reason` says which. */
  usable: z.boolean(),
  reason: z.string().nullable(),
});
export type MassSendTemplateOption = z.infer<typeof massSendTemplateOptionSchema>;

/** The live progress pushed to its creator and to the tenant's admins and supervisors (socket event `massSend`). */
export const massSendProgressSchema = z.object({ action: z.literal('update'), massSend: massSendSchema });
