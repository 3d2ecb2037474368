import { MAX_ID } from '@conversa/shared';
import { z } from 'zod';
import {
  wabaButtonsContentSchema,
  wabaListContentSchema,
  wabaTemplateContentSchema,
  checkWabaList,
} from '../channels/adapters/waba/waba.schemas.js';

/**
 * Request and answer shapes of the external API (`/v1/api/external/{apiId}/…`), written to accept
 * what the public clients of the Whazing/Izing family send (the n8n node
 * cadusantosofc/n8n-nodes-whazing-api, the Postman collections of the public Whazing docs): ids and
 * numbers as strings or numbers, empty strings for fields left blank.
 */

/** An id a client may send as a number or as a numeric string ("123"). */
const looseId = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(MAX_ID));
/** A field a client leaves blank with "" (n8n sends every parameter). */
const blank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
/** A phone number, as a string or a number (n8n's createticket sends it as a number). */
const phone = z.union([z.string().trim().min(1).max(60), z.number().int().positive()]).transform(String);

export const apiParamsSchema = z.object({ apiId: z.string().max(64) });

const recipient = { number: blank(phone), ticketId: blank(looseId) };

export const sendMessageFieldsSchema = z.object({
  body: z.string().max(4096).default(''),
  ...recipient,
  /** The caller's own id of the message, answered back (for its records). */
  externalKey: z.string().max(200).optional(),
  mediaUrl: blank(z.url().max(2000)),
  mediaMessage: z
    .object({ mediaType: z.string().max(200).optional(), fileName: z.string().trim().min(1).max(200), media: z.string().min(1) })
    .optional(),
  /** Sent as a sticker by the peers; Conversa sends the file as an image. */
  sticker: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
});

/** Whazing's `contents` of /apioficial: WhatsApp Cloud API interactive objects and templates. */
const textObject = z.object({ text: z.string().trim().min(1).max(1024) });
const interactiveHeader = z.object({ type: z.literal('text'), text: z.string().trim().min(1).max(60) });
export const apiOfficialBodySchema = z.object({
  ...recipient,
  contents: z.union([
    z.object({
      type: z.literal('button'),
      header: interactiveHeader.optional(),
      body: textObject,
      footer: textObject.optional(),
      action: z.object({
        buttons: z
          .array(
            z.object({
              type: z.literal('reply'),
              reply: z.object({ id: z.union([z.string(), z.number()]).transform(String), title: z.string() }),
            }),
          )
          .min(1)
          .max(3),
      }),
    }),
    z.object({
      type: z.literal('list'),
      header: interactiveHeader.optional(),
      body: textObject,
      footer: textObject.optional(),
      action: z.object({
        button: z.string().trim().min(1).max(20),
        sections: z
          .array(
            z.object({
              title: z.string().max(24).optional(),
              rows: z
                .array(
                  z.object({
                    id: z.union([z.string(), z.number()]).transform(String),
                    title: z.string(),
                    description: z.string().max(72).optional(),
                  }),
                )
                .min(1)
                .max(10),
            }),
          )
          .min(1)
          .max(10),
      }),
    }),
    z.object({
      type: z.literal('template').optional(),
      name: z.string().trim().min(1).max(512),
      language: z.object({ code: z.string().trim().min(2).max(15) }),
      components: z
        .array(
          z
            .object({
              type: z.string().max(20),
              parameters: z.array(z.object({ type: z.string().max(20), text: z.string().max(1024).optional() }).loose()).max(30),
            })
            .loose(),
        )
        .max(5)
        .optional(),
    }),
  ]),
});
export type ApiOfficialBody = z.output<typeof apiOfficialBodySchema>;

/** The waba rich content of an /apioficial body, checked against the same limits as POST /sendButton. */
export const richOfOfficial = z.discriminatedUnion('type', [
  wabaButtonsContentSchema,
  wabaListContentSchema.superRefine(checkWabaList),
  wabaTemplateContentSchema,
]);

export const numberBodySchema = z.object({ number: phone });

const contactFields = {
  name: blank(z.string().trim().max(200)),
  email: blank(z.email().max(200)),
  extraInfo: z
    .array(z.object({ name: z.string().trim().min(1).max(100), value: z.string().max(2000) }))
    .max(100)
    .optional(),
  disableBot: z.boolean().optional(),
  // Whazing fields Conversa has no counterpart for are accepted and ignored: commentary, deadline, kanbanPrice…
  commentary: z.string().max(5000).optional(),
  deadline: z.string().max(100).optional(),
  kanbanPrice: z.union([z.string().max(50), z.number()]).optional(),
  disableCampaign: z.boolean().optional(),
  disableKanban: z.boolean().optional(),
  ignore: z.boolean().optional(),
  wallets: z.array(z.unknown()).max(0).optional(),
  ticketId: blank(looseId),
};
export const createContactBodySchema = z.object({ ...contactFields, number: phone });
export const updateContactBodySchema = z.object({ ...contactFields, number: blank(phone), contactId: blank(looseId) });
export const findContactBodySchema = z.object({ number: blank(phone), contactId: blank(looseId) });

const ticketStatus = blank(z.enum(['open', 'pending', 'closed']));
export const createTicketBodySchema = z.object({ number: phone, status: ticketStatus, queueId: blank(looseId), userId: blank(looseId) });
export const updateTicketBodySchema = z.object({
  ticketId: looseId,
  status: ticketStatus,
  queueId: blank(looseId),
  userId: blank(looseId),
});
export const updateQueueBodySchema = z.object({ ticketId: looseId, queueId: looseId });

// ---- answers ----

export const sendAnswerSchema = z.object({
  message: z.string(),
  messageId: z.string(),
  ticketId: z.number().int(),
  contactId: z.number().int(),
  status: z.string(),
  externalKey: z.string().nullable(),
});

export const apiTicketSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  contactId: z.number().int(),
  channelId: z.number().int(),
  queueId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const apiContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string().nullable(),
  email: z.string().nullable(),
  extraInfo: z.array(z.object({ name: z.string(), value: z.string() })),
  disableBot: z.boolean(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string() }).loose()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const channelStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  number: z.string().nullable(),
  connected: z.boolean(),
});

export const numberCheckSchema = z.object({ valid: z.boolean(), number: z.string().nullable(), contactId: z.number().int().nullable() });
export const namedSchema = z.object({ id: z.number().int(), name: z.string() });
export const apiUserSchema = namedSchema.extend({ email: z.string(), profile: z.string() });
export const apiTagSchema = namedSchema.extend({ color: z.string() });
