import { z } from 'zod';
import { refIdSchema } from '../contracts.js';
import { MESSAGE_BODY_MAX } from '../inbox.js';

/**
 * WhatsApp group tools (/grupo, SPEC §2; §3 "Group items (ban: number and group; word, lowercase;
 * greeting; group farewell) with user, group, WhatsApp id, date"; §5 "Group tools require a
 * connection and groups. Word lists are lowercase."). Shared by the server's routes and the web forms.
 */

/** What happens to the author of a message with a listed word, after the message is deleted for everyone. */
export const GROUP_WORD_ACTIONS = ['warn', 'remove'] as const;
export type GroupWordAction = (typeof GROUP_WORD_ACTIONS)[number];

/** Bulk actions over selected groups: a message (massagrupos), group settings (massagrupos2), members (massausuarios). */
export const GROUP_BATCH_KINDS = ['send', 'settings', 'add', 'remove', 'promote', 'demote'] as const;
export type GroupBatchKind = (typeof GROUP_BATCH_KINDS)[number];

/** Every action of the log: automatic ones (ban, word, greeting, farewell) and the bulk ones. */
export const GROUP_ACTION_TYPES = [
  'banRemove',
  'wordDelete',
  'wordWarn',
  'wordRemove',
  'greeting',
  'farewell',
  'send',
  'settings',
  'add',
  'remove',
  'promote',
  'demote',
] as const;
export type GroupActionType = (typeof GROUP_ACTION_TYPES)[number];

/** waiting (a bulk item not reached yet), running (handed to WhatsApp, no answer yet), done, failed. */
export const GROUP_ACTION_STATUSES = ['waiting', 'running', 'done', 'failed'] as const;
export type GroupActionStatus = (typeof GROUP_ACTION_STATUSES)[number];

/**
 * Why a bulk item failed, as the web app translates it: notAdmin (the channel's account is not an
 * admin of the group), notOnWhatsApp, alreadyMember, notMember, notInGroup (the account left the
 * group), interrupted (the server stopped after handing it to WhatsApp: the outcome is unknown and
 * it is not repeated), notConnected, failed (anything else; the detail has WhatsApp's answer).
 */
export const GROUP_FAILURE_REASONS = [
  'notAdmin',
  'notOnWhatsApp',
  'alreadyMember',
  'notMember',
  'notInGroup',
  'interrupted',
  'notConnected',
  'failed',
] as const;
export type GroupFailureReason = (typeof GROUP_FAILURE_REASONS)[number];

export const GROUP_BATCH_MAX_GROUPS = 500;
export const GROUP_BATCH_MAX_NUMBERS = 500;
export const GROUP_DELAY_MAX = 3_600;
export const GROUP_WORD_MAX = 60;
export const GROUP_TEXT_MAX = MESSAGE_BODY_MAX;
export const GROUP_ACTIONS_PAGE_SIZE = 50;

/** A group's WhatsApp id ('120363…@g.us'; older groups '5511…-1600000000@g.us'). */
export const groupJidSchema = z
  .string()
  .max(120)
  .regex(/^[0-9-]+@g\.us$/, 'A WhatsApp group id (…@g.us).');

/** A member's number: country code and number, digits only (8 to 15, E.164). */
export const groupMemberNumberSchema = z.string().regex(/^[0-9]{8,15}$/, 'Country code and number, digits only.');

/** SPEC §5: word lists are lowercase. One word (no spaces); a word in capitals is refused, not changed. */
export const groupWordSchema = z
  .string()
  .trim()
  .min(1)
  .max(GROUP_WORD_MAX)
  .regex(/^[^\s]+$/, 'One word, without spaces.')
  .refine((word) => word === word.toLowerCase(), { message: 'Word lists are lowercase.' });

const channelField = { whatsappId: refIdSchema };

/** POST /group-tools/bans: a number banned from one group of the channel, or (groupJid null) from all of them. */
export const createGroupBanBodySchema = z.object({
  ...channelField,
  number: groupMemberNumberSchema,
  groupJid: groupJidSchema.nullable().default(null),
});
export type CreateGroupBanBody = z.input<typeof createGroupBanBodySchema>;

/** POST /group-tools/words. */
export const createGroupWordBodySchema = z.object({ ...channelField, word: groupWordSchema });
export type CreateGroupWordBody = z.input<typeof createGroupWordBodySchema>;

/**
 * PUT /group-tools/settings/{whatsappId}: the channel's greeting (a member joins) and farewell (a
 * member leaves), sent to the group; an empty text sends nothing. Texts take the template variables
 * ({{name}} is the group's name). wordAction: what happens to the author of a listed word;
 * wordWarning: the text of the warning, sent to the group.
 */
export const groupSettingsBodySchema = z.object({
  greeting: z.string().max(GROUP_TEXT_MAX),
  farewell: z.string().max(GROUP_TEXT_MAX),
  wordAction: z.enum(GROUP_WORD_ACTIONS),
  wordWarning: z.string().max(GROUP_TEXT_MAX),
});
export type GroupSettingsBody = z.input<typeof groupSettingsBodySchema>;

const groupJidsSchema = z
  .array(groupJidSchema)
  .min(1, 'Select at least one group.')
  .max(GROUP_BATCH_MAX_GROUPS)
  .refine((jids) => new Set(jids).size === jids.length, { message: 'A group is selected twice.' });
const delaySchema = z.number().int().min(0).max(GROUP_DELAY_MAX);

/**
 * POST /group-tools/batches: one bulk action over selected groups, run by a durable job (one
 * WhatsApp request every delaySeconds): a message (massagrupos), new subject / description /
 * who may write (massagrupos2), or members added, removed, promoted or demoted (massausuarios).
 */
export const createGroupBatchBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('send'),
    ...channelField,
    groupJids: groupJidsSchema,
    body: z.string().trim().min(1).max(GROUP_TEXT_MAX),
    delaySeconds: delaySchema.default(5),
  }),
  z
    .object({
      kind: z.literal('settings'),
      ...channelField,
      groupJids: groupJidsSchema,
      subject: z.string().trim().min(1).max(100).optional(),
      description: z.string().max(2048).optional(),
      /** true: only admins may send messages; false: everyone. */
      adminsOnly: z.boolean().optional(),
      delaySeconds: delaySchema.default(2),
    })
    .refine((body) => body.subject !== undefined || body.description !== undefined || body.adminsOnly !== undefined, {
      message: 'Choose at least one change.',
      path: ['subject'],
    }),
  z.object({
    kind: z.enum(['add', 'remove', 'promote', 'demote']),
    ...channelField,
    groupJids: groupJidsSchema,
    numbers: z
      .array(groupMemberNumberSchema)
      .min(1, 'Type at least one number.')
      .max(GROUP_BATCH_MAX_NUMBERS)
      .transform((numbers) => [...new Set(numbers)]),
    delaySeconds: delaySchema.default(2),
  }),
]);
export type CreateGroupBatchBody = z.input<typeof createGroupBatchBodySchema>;

/** GET /group-tools/actions: the log, newest first, by channel and action. */
export const groupActionsQuerySchema = z.object({
  whatsappId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  batchId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** Digits of typed numbers ('+55 (11) 98888-7777, 5511…' → ['5511988887777', …]): the form's parsing of a list or a CSV. */
export function parseGroupNumbers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,;]+/)
        .map((part) => part.replace(/\D/g, ''))
        .filter((digits) => digits.length > 0),
    ),
  ];
}

// ---- answers ----

/** A channel the group tools can work with (its kind administers groups). */
export const groupChannelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
});
export type GroupChannel = z.infer<typeof groupChannelSchema>;

export const groupMemberSchema = z.object({ number: z.string().nullable(), jid: z.string(), admin: z.boolean() });

/** A group of the channel's account, as WhatsApp lists it now. */
export const groupSummarySchema = z.object({
  jid: z.string(),
  subject: z.string(),
  isAdmin: z.boolean().describe("Whether the channel's account is an admin of the group (needed to add, remove or change)."),
  adminsOnly: z.boolean(),
  size: z.number().int(),
  participants: z.array(groupMemberSchema),
});
export type GroupSummaryDto = z.infer<typeof groupSummarySchema>;

export const groupBanSchema = z.object({
  id: z.number().int(),
  whatsappId: z.number().int(),
  number: z.string(),
  groupJid: z.string().nullable(),
  groupSubject: z.string().nullable(),
  createdAt: z.string(),
});
export type GroupBan = z.infer<typeof groupBanSchema>;

export const groupWordSchemaDto = z.object({ id: z.number().int(), whatsappId: z.number().int(), word: z.string(), createdAt: z.string() });
export type GroupWord = z.infer<typeof groupWordSchemaDto>;

export const groupSettingsSchema = groupSettingsBodySchema.extend({ whatsappId: z.number().int() });
export type GroupSettings = z.infer<typeof groupSettingsSchema>;

export const groupActionSchema = z.object({
  id: z.number().int(),
  whatsappId: z.number().int(),
  batchId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  groupJid: z.string(),
  groupSubject: z.string().nullable(),
  action: z.enum(GROUP_ACTION_TYPES),
  target: z.string().nullable(),
  status: z.enum(GROUP_ACTION_STATUSES),
  reason: z.enum(GROUP_FAILURE_REASONS).nullable(),
  detail: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type GroupAction = z.infer<typeof groupActionSchema>;

export const groupActionsPageSchema = z.object({ actions: z.array(groupActionSchema), hasMore: z.boolean() });

export const groupBatchSchema = z.object({
  id: z.number().int(),
  whatsappId: z.number().int(),
  kind: z.enum(GROUP_BATCH_KINDS),
  status: z.enum(['processing', 'finished']),
  delaySeconds: z.number().int(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  items: z.array(groupActionSchema),
});
export type GroupBatch = z.infer<typeof groupBatchSchema>;
