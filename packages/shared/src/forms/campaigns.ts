import { z } from 'zod';
import { refIdSchema } from '../contracts.js';
import { CAMPAIGN_STATUSES } from '../enums.js';

/**
 * Campaigns (SPEC §3 Campaign: name, start date/time, status, channel, delay in seconds, up to 3
 * messages with media, contact count, sent, not sent, queue for the replies; §4 statuses; §5 name
 * and date required, start not earlier than now, contacts linked before scheduling; §9 up to 3
 * messages, the spam-risk warning). Shared by the server's routes and the web form.
 */

/** SPEC §9: campaign messages up to 3. */
export const CAMPAIGN_MAX_MESSAGES = 3;
export const CAMPAIGN_NAME_MAX = 200;
export const CAMPAIGN_MESSAGE_MAX = 4_096;
/** Seconds between two sends of a campaign: 0 = as fast as the channel's own limit allows. */
export const CAMPAIGN_DELAY_MAX = 3_600;
/** SPEC §9 spam-risk warning: this share of recipients reporting the number gets it banned. */
export const CAMPAIGN_SPAM_REPORT_SHARE = 0.02;
export const CAMPAIGN_CONTACTS_PAGE_SIZE = 50;

/** Per-contact report status: waiting (not sent yet), the message's own status once queued, `skipped` (nothing to send to). */
export const CAMPAIGN_CONTACT_STATUSES = ['waiting', 'pending', 'sent', 'delivered', 'read', 'failed', 'unconfirmed', 'skipped'] as const;
export type CampaignContactStatus = (typeof CAMPAIGN_CONTACT_STATUSES)[number];

const startAtSchema = z.iso.datetime({ offset: true }).describe('ISO 8601 date-time of the start (the form shows dd/MM/yyyy HH:mm).');

export const campaignMessageBodySchema = z.string().max(CAMPAIGN_MESSAGE_MAX);

const campaignFields = {
  name: z.string().trim().min(1).max(CAMPAIGN_NAME_MAX),
  startAt: startAtSchema,
  /** The channel it sends through (a channel of the tenant). */
  whatsappId: refIdSchema,
  /** The queue that replies open tickets in; null: the channel's. */
  queueId: refIdSchema.nullable(),
  delaySeconds: z.number().int().min(0).max(CAMPAIGN_DELAY_MAX),
  /** Texts 1–3 ({{name}} and the other template variables of SPEC §3); an empty one is not used unless it has a file. */
  message1: campaignMessageBodySchema,
  message2: campaignMessageBodySchema,
  message3: campaignMessageBodySchema,
};

/** POST /campaigns: name and start date required (SPEC §5); the texts may be filled later. */
export const createCampaignBodySchema = z.object({
  ...campaignFields,
  queueId: campaignFields.queueId.default(null),
  delaySeconds: campaignFields.delaySeconds.default(20),
  message1: campaignFields.message1.default(''),
  message2: campaignFields.message2.default(''),
  message3: campaignFields.message3.default(''),
});
export type CreateCampaignBody = z.input<typeof createCampaignBodySchema>;

/** PUT /campaigns/{id}: what it sends changes. */
export const updateCampaignBodySchema = z.object({
  name: campaignFields.name.optional(),
  startAt: campaignFields.startAt.optional(),
  whatsappId: campaignFields.whatsappId.optional(),
  queueId: campaignFields.queueId.optional(),
  delaySeconds: campaignFields.delaySeconds.optional(),
  message1: campaignFields.message1.optional(),
  message2: campaignFields.message2.optional(),
  message3: campaignFields.message3.optional(),
});
export type UpdateCampaignBody = z.input<typeof updateCampaignBodySchema>;

/** POST /campaigns/{id}/contacts: the picked contacts, or every contact matching the contact list's filter (search, tags). */
export const linkCampaignContactsBodySchema = z.union([
  z.object({ contactIds: z.array(refIdSchema).min(1).max(10_000) }).strict(),
  z
    .object({
      searchParam: z.string().trim().max(200).optional(),
      tagIds: z.array(refIdSchema).max(100).optional(),
    })
    .strict(),
]);
export type LinkCampaignContactsBody = z.input<typeof linkCampaignContactsBodySchema>;

export const campaignMediaSchema = z.object({ name: z.string(), mime: z.string(), type: z.string(), url: z.string() });

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startAt: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  whatsappId: z.number().int(),
  queueId: z.number().int().nullable(),
  delaySeconds: z.number().int(),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  /** The file of each message (index 0–2), or null. */
  media: z.array(campaignMediaSchema.nullable()),
  contactCount: z.number().int(),
  /** Taken by the channel (sent, delivered, read). Queued (pending) and ambiguous (unconfirmed) sends are in neither counter. */
  sent: z.number().int(),
  /** Failed or skipped. */
  notSent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignContactSchema = z.object({
  contactId: z.number().int(),
  name: z.string(),
  number: z.string().nullable(),
  status: z.enum(CAMPAIGN_CONTACT_STATUSES),
  /** Which of the campaign's messages (1–3) it got. */
  messageNumber: z.number().int().nullable(),
  sentAt: z.string().nullable(),
  /** Why it failed or was skipped. */
  error: z.string().nullable(),
});
export type CampaignContact = z.infer<typeof campaignContactSchema>;

export const campaignContactsPageSchema = z.object({
  contacts: z.array(campaignContactSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});

export const campaignContactsQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z.enum(CAMPAIGN_CONTACT_STATUSES).optional(),
});

export const campaignReportExportQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** The live progress pushed to the tenant's admins and supervisors (socket event `campaign`). */
export const campaignProgressSchema = z.object({
  action: z.enum(['update', 'delete']),
  campaign: campaignSchema.partial().extend({ id: z.number().int() }),
});
