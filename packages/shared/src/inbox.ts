import { z } from 'zod';
import { CHANNEL_STATUSES, CHANNEL_TYPES, TICKET_STATUSES } from './enums.js';
import { idSchema } from './contracts.js';
import { templateText } from './template-variables.js';
import { ticketLaneSchema } from './forms/lanes.js';
import { ticketDemandSchema } from './forms/demands.js';

/** Zod contracts of the inbox: queues, channels, contacts, tickets, messages (SPEC §3). */

// ---- queues ----
export const queueSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
  greetingMessage: z.string().nullable(),
  userIds: z.array(z.number().int()),
});
export type Queue = z.infer<typeof queueSchema>;
/** GET /queue/{id}/chat-flows: the chatbot flows that route tickets to the queue (asked before deleting it). */
export const queueChatFlowSchema = z.object({ id: z.number().int(), name: z.string() });
export type QueueChatFlow = z.infer<typeof queueChatFlowSchema>;
export const queueBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#4dabf7'),
  /** Sent to the customer when a ticket enters the queue; its {{variables}} must be known. */
  greetingMessage: templateText().max(4000).nullable().default(null),
  userIds: z.array(idSchema).max(1000).optional(),
});

// ---- channels ----
export const AUTO_DISTRIBUTION = ['none', 'random', 'balanced'] as const;
export const channelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(CHANNEL_TYPES),
  status: z.enum(CHANNEL_STATUSES),
  number: z.string().nullable(),
  isDefault: z.boolean(),
  queueId: z.number().int().nullable(),
  farewellMessage: z.string().nullable(),
  autoCloseKeyword: z.string().nullable(),
  autoEvaluation: z.boolean(),
  autoDistribution: z.enum(AUTO_DISTRIBUTION),
  chatFlowId: z.number().int().nullable(),
  birthdayMessage: z.string().nullable(),
  birthdayHour: z.number().int(),
  transcribeAudio: z.boolean(),
  audioTranscription: z.object({ provider: z.string(), model: z.string() }).nullable(),
  webPush: z.boolean(),
  settings: z.record(z.string(), z.unknown()),
  publicKey: z.string(),
  qrcode: z.string().nullable(),
  retries: z.number().int(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

// ---- contacts ----
export const extraInfoSchema = z.array(z.object({ name: z.string().trim().min(1).max(100), value: z.string().max(1000) })).max(50);
export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string().nullable(),
  email: z.string().nullable(),
  identity: z.string().nullable(),
  birthday: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
  messengerId: z.string().nullable(),
  instagramPK: z.string().nullable(),
  hubWhatsappId: z.string().nullable(),
  profilePicUrl: z.string().nullable(),
  extraInfo: extraInfoSchema,
  blocked: z.boolean(),
  chatbotBlocked: z.boolean(),
  isGroup: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

// ---- tags ----
/** A tag as tickets and contacts carry it. */
export const tagRefSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type TagRef = z.infer<typeof tagRefSchema>;

// ---- tickets ----
/** GET /tickets/{ticketId}/earlier: a conversation the contact had before this ticket (the chat links to it). */
export const earlierTicketSchema = z.object({
  id: z.number().int(),
  /** Its protocol (as the ticket's), or null for a ticket from before protocols. */
  protocol: z.string().nullable(),
  status: z.enum(TICKET_STATUSES),
  channelName: z.string(),
  username: z.string().nullable(),
  lastMessage: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type EarlierTicket = z.infer<typeof earlierTicketSchema>;
/** How many earlier conversations the chat lists. */
export const EARLIER_TICKETS_LIMIT = 10;

export const ticketSchema = z.object({
  id: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  name: z.string(),
  contactId: z.number().int(),
  contact: contactSchema.pick({ id: true, name: true, number: true, email: true, profilePicUrl: true, blocked: true }),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  queueId: z.number().int().nullable(),
  whatsappId: z.number().int(),
  channel: z.string(),
  chatFlowId: z.number().int().nullable(),
  isGroup: z.boolean(),
  unreadMessages: z.number().int(),
  answered: z.boolean(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string().nullable(),
  profilePicUrl: z.string().nullable(),
  integrationStatuses: z.record(z.string(), z.boolean()),
  /** The kanban lane the ticket is in, or null. */
  kanban: ticketLaneSchema,
  /** Its place inside its lane on the kanban board (ascending; ties by id). Always sent by the API. */
  lanePosition: z.number().optional(),
  value: z.number().nullable(),
  rating: z.number().int().nullable(),
  /** Its tags (inactive ones too: they stay on history), by name. */
  tags: z.array(tagRefSchema),
  /** The reason chosen when it was resolved (SPEC Ticket.demand), or null. */
  demand: ticketDemandSchema,
  /** Its protocol: yyyyMMdd (the tenant's day) + the day's sequence, e.g. 20261201000123; kept on reopen. */
  protocol: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;

// ---- messages ----
/**
 * `unconfirmed`: an agent's message whose send was interrupted (the server stopped between the
 * provider call and its answer): it may or may not have reached the contact. It is not resent by
 * itself; the agent checks and may resend it (POST /messages/{id}/resend).
 */
export const MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'read', 'failed', 'received', 'unconfirmed'] as const;
export const messageSchema = z.object({
  id: z.string(),
  messageId: z.string().nullable(),
  ticketId: z.number().int(),
  contactId: z.number().int(),
  fromMe: z.boolean(),
  body: z.string(),
  mediaType: z.string().nullable(),
  mediaName: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  status: z.enum(MESSAGE_STATUSES),
  ack: z.number().int(),
  edited: z.boolean(),
  deleted: z.boolean(),
  quotedMsg: z.object({ id: z.string(), body: z.string(), fromMe: z.boolean() }).nullable(),
  userId: z.number().int().nullable(),
  /** Who wrote it in a group chat (the participant's name or number); null outside groups. */
  senderName: z.string().nullable(),
  /** The id the web app gave an agent's reply when it sent it (its optimistic copy); null otherwise. */
  clientId: z.string().nullable(),
  /** An audio's transcript (channel option "transcribe audio"); null while none. */
  transcript: z.string().nullable(),
  transcriptStatus: z.enum(['pending', 'done', 'failed']).nullable(),
  timestamp: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** Longest text of a message an agent writes (composer, replies, edits). */
export const MESSAGE_BODY_MAX = 4096;

/**
 * POST /messages/{ticketId} (JSON, or the text fields of the multipart form). `clientId`: the
 * sender's id of this reply (a UUID); sending the same id again answers the message already
 * stored instead of storing and sending it twice. Optional for API clients that do not retry.
 */
export const sendMessageBodySchema = z
  .object({
    body: z.string().max(MESSAGE_BODY_MAX).default(''),
    quotedMsgId: z.uuid().nullable().optional(),
    clientId: z.uuid().optional(),
    /**
     * A quick message (GET /fastreply) chosen in the composer: its file goes with the reply (as a
     * voice note when it is sent as audio) and the text (`body`, else the quick message's) has its
     * template variables rendered for the ticket.
     */
    quickMessageId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    /** `/key` typed in the composer: must name exactly one active quick message (whatever the case), else nothing is sent. */
    quickMessageKey: z.string().trim().min(1).max(50).optional(),
    /** The agent inserted a template variable (composer's picker): `{{name}}`… are rendered; an unknown one is refused. */
    renderVariables: z.boolean().optional(),
  })
  .refine((body) => body.quickMessageId === undefined || body.quickMessageKey === undefined, {
    message: 'Give quickMessageId or quickMessageKey, not both.',
    path: ['quickMessageKey'],
  });
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

/**
 * Progress of a channel's history import (SPEC §4 "import progress"), sent to the tenant's admins:
 * `running` while chats are imported, then `done` (or `failed` with a reason).
 */
export const historyImportProgressSchema = z.object({
  channelId: z.number().int(),
  state: z.enum(['running', 'done', 'failed']),
  chatsDone: z.number().int(),
  chatsTotal: z.number().int(),
  messagesImported: z.number().int(),
  error: z.string().nullable(),
});
export type HistoryImportProgress = z.infer<typeof historyImportProgressSchema>;
