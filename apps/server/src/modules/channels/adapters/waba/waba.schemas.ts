import { wabaSettingsSchema } from '@conversa/shared';
import { z } from 'zod';

/** A WhatsApp Business Cloud API channel's settings: shared with the channel form (@conversa/shared). */
export { wabaSettingsSchema };
export type WabaSettings = z.output<typeof wabaSettingsSchema>;

// ---- Webhook notifications (only the fields the adapter reads; the rest is ignored) ----

const mediaObject = z.object({
  id: z.string().min(1).max(100),
  mime_type: z.string().max(200).optional(),
  sha256: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
});

export const webhookMessageSchema = z.object({
  from: z.string().min(1).max(40),
  id: z.string().min(1).max(200),
  timestamp: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  type: z.string().max(50),
  context: z.object({ id: z.string().max(200).optional(), from: z.string().optional() }).optional(),
  text: z.object({ body: z.string() }).optional(),
  image: mediaObject.optional(),
  audio: mediaObject.optional(),
  video: mediaObject.optional(),
  document: mediaObject.optional(),
  sticker: mediaObject.optional(),
  location: z
    .object({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
      url: z.string().optional(),
    })
    .optional(),
  contacts: z
    .array(
      z.object({
        name: z
          .object({ formatted_name: z.string().optional(), first_name: z.string().optional(), last_name: z.string().optional() })
          .optional(),
        phones: z.array(z.object({ phone: z.string().optional(), wa_id: z.string().optional() })).optional(),
      }),
    )
    .optional(),
  interactive: z
    .object({
      type: z.string(),
      button_reply: z.object({ id: z.string(), title: z.string() }).optional(),
      list_reply: z.object({ id: z.string(), title: z.string(), description: z.string().optional() }).optional(),
    })
    .optional(),
  button: z.object({ text: z.string().optional(), payload: z.string().optional() }).optional(),
  reaction: z.object({ message_id: z.string(), emoji: z.string().optional() }).optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional() })).optional(),
});
export type WebhookMessage = z.output<typeof webhookMessageSchema>;

export const webhookStatusSchema = z.object({
  id: z.string().min(1).max(200),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  /** What the send put in `biz_opaque_callback_data`: Conversa's message id (waba.outbound.ts). */
  biz_opaque_callback_data: z.string().max(512).optional(),
  errors: z
    .array(
      z.object({
        code: z.number().optional(),
        title: z.string().optional(),
        message: z.string().optional(),
        error_data: z.object({ details: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});
export type WebhookStatus = z.output<typeof webhookStatusSchema>;

export const webhookNotificationSchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        id: z.string().optional(),
        changes: z
          .array(
            z.object({
              field: z.string(),
              value: z.object({
                metadata: z.object({ phone_number_id: z.string(), display_phone_number: z.string().optional() }).optional(),
                contacts: z
                  .array(z.object({ wa_id: z.string().optional(), profile: z.object({ name: z.string().optional() }).optional() }))
                  .optional(),
                // Parsed one by one, so that one odd message does not refuse the others.
                messages: z.array(z.unknown()).max(1000).optional(),
                statuses: z.array(z.unknown()).max(1000).optional(),
              }),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});
export type WebhookNotification = z.output<typeof webhookNotificationSchema>;

// ---- Graph answers ----

export const graphErrorBodySchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    error_data: z.object({ details: z.string().optional() }).optional(),
    fbtrace_id: z.string().optional(),
  }),
});

export const sendResponseSchema = z.object({
  messages: z.array(z.object({ id: z.string().min(1) })).min(1),
});

export const mediaUploadResponseSchema = z.object({ id: z.string().min(1) });

export const mediaUrlResponseSchema = z.object({
  url: z.string().min(1),
  mime_type: z.string().optional(),
  file_size: z.union([z.number(), z.string()]).optional(),
});

export const phoneNumberResponseSchema = z.object({
  id: z.string(),
  display_phone_number: z.string().optional(),
  verified_name: z.string().optional(),
});

// ---- Templates and interactive messages (SPEC §5: text 1–60, button ≤ 20, unique values, list ≤ 5 sections) ----

/** A recipient: the number with its country code, digits only or with '+' (exact for the official API). */
const recipient = z.string().trim().min(1).max(40);

const templateParameter = z.object({ type: z.literal('text'), text: z.string().min(1).max(1024) });

/** An approved template with the values of its placeholders: what is sent, whoever the recipient. */
const templateFields = {
  /** The approved template's name. */
  name: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,512}$/, 'Template names have lowercase letters, digits and underscores.'),
  /** Its language and locale code, as approved ('pt_BR', 'en_US', 'es'). */
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "A language code such as 'pt_BR' or 'en'."),
  /** Values for the template's {{1}}, {{2}}… placeholders, by component. */
  components: z
    .array(z.object({ type: z.enum(['header', 'body']), parameters: z.array(templateParameter).min(1).max(30) }))
    .max(2)
    .refine((list) => new Set(list.map((c) => c.type)).size === list.length, 'One component of each type.')
    .optional(),
};

export const wabaTemplateInputSchema = z.object({
  to: recipient,
  ...templateFields,
  quotedExternalId: z.string().max(200).optional(),
});
export type WabaTemplateInput = z.input<typeof wabaTemplateInputSchema>;

export const INTERACTIVE_LIMITS = {
  text: 60,
  buttonTitle: 20,
  buttons: 3,
  sections: 5,
  rows: 10,
  rowTitle: 24,
  rowDescription: 72,
  header: 60,
  footer: 60,
} as const;

const interactiveText = z.string().trim().min(1).max(INTERACTIVE_LIMITS.text);
const optionalExtra = (max: number) => z.string().trim().min(1).max(max).optional();
const uniqueBy = <T>(items: T[], key: (item: T) => string) => new Set(items.map(key)).size === items.length;

/** Reply buttons (≤ 3), without a recipient: the content of POST /sendButton and of the adapter's input. */
export const wabaButtonsContentSchema = z.object({
  type: z.literal('button'),
  text: interactiveText,
  header: optionalExtra(INTERACTIVE_LIMITS.header),
  footer: optionalExtra(INTERACTIVE_LIMITS.footer),
  buttons: z
    .array(z.object({ id: z.string().trim().min(1).max(256), title: z.string().trim().min(1).max(INTERACTIVE_LIMITS.buttonTitle) }))
    .min(1)
    .max(INTERACTIVE_LIMITS.buttons)
    .refine((buttons) => uniqueBy(buttons, (b) => b.id), 'Button values (ids) must be unique.')
    .refine((buttons) => uniqueBy(buttons, (b) => b.title.toLowerCase()), 'Button titles must be unique.'),
});

/** A list (≤ 5 sections), without a recipient; its cross-section rules are in `checkWabaList`. */
export const wabaListContentSchema = z.object({
  type: z.literal('list'),
  text: interactiveText,
  header: optionalExtra(INTERACTIVE_LIMITS.header),
  footer: optionalExtra(INTERACTIVE_LIMITS.footer),
  /** The label of the button that opens the list. */
  button: z.string().trim().min(1).max(INTERACTIVE_LIMITS.buttonTitle),
  sections: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(INTERACTIVE_LIMITS.rowTitle).optional(),
        rows: z
          .array(
            z.object({
              id: z.string().trim().min(1).max(200),
              title: z.string().trim().min(1).max(INTERACTIVE_LIMITS.rowTitle),
              description: z.string().trim().min(1).max(INTERACTIVE_LIMITS.rowDescription).optional(),
            }),
          )
          .min(1),
      }),
    )
    .min(1)
    .max(INTERACTIVE_LIMITS.sections),
});

/** Meta's rules across a list's sections: ≤ 10 rows in all, unique row ids, titled sections when several. */
export function checkWabaList(list: z.output<typeof wabaListContentSchema>, ctx: z.RefinementCtx): void {
  const rows = list.sections.flatMap((s) => s.rows);
  if (rows.length > INTERACTIVE_LIMITS.rows)
    ctx.addIssue({ code: 'custom', path: ['sections'], message: `At most ${INTERACTIVE_LIMITS.rows} rows in all.` });
  if (!uniqueBy(rows, (r) => r.id)) ctx.addIssue({ code: 'custom', path: ['sections'], message: 'Row values (ids) must be unique.' });
  if (list.sections.length > 1 && list.sections.some((s) => !s.title)) {
    ctx.addIssue({ code: 'custom', path: ['sections'], message: 'Every section needs a title when there are several.' });
  }
}

/** A template, without a recipient. */
export const wabaTemplateContentSchema = z.object({ type: z.literal('template'), ...templateFields });

const recipientFields = { to: recipient, quotedExternalId: z.string().max(200).optional() };

export const wabaInteractiveInputSchema = z.discriminatedUnion('type', [
  wabaButtonsContentSchema.extend(recipientFields),
  wabaListContentSchema.extend(recipientFields).superRefine(checkWabaList),
]);
export type WabaInteractiveInput = z.input<typeof wabaInteractiveInputSchema>;

/**
 * What POST /sendButton stores with a pending message for the send job: reply buttons, a list or a
 * template; the recipient is the ticket's contact.
 */
export const wabaRichContentSchema = z.discriminatedUnion('type', [
  wabaButtonsContentSchema,
  wabaListContentSchema.superRefine(checkWabaList),
  wabaTemplateContentSchema,
]);
export type WabaRichContent = z.output<typeof wabaRichContentSchema>;
