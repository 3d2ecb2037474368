import { z } from 'zod';

/**
 * The internal private chat (SPEC /chat-privado, tabs users and teams): one-to-one conversations
 * between users of a tenant and team conversations (the team's members). A conversation is named
 * from the reader's side: `{ type: 'user', id }` the other user, `{ type: 'team', id }` the team.
 */

/** A message's text, at most (characters, after trimming): longer is refused (ERR_PRIVATE_MESSAGE_TOO_LONG), never cut. */
export const PRIVATE_MESSAGE_MAX = 4000;
/** The default of the privateMessageLimit setting: messages of a conversation loaded at once. */
export const PRIVATE_MESSAGES_PAGE_SIZE = 30;
export const CONVERSATION_TYPES = ['user', 'team'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

export const privateMessageSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  senderName: z.string(),
  /** One-to-one: the other party; null in a team conversation. */
  receiverId: z.number().int().nullable(),
  teamId: z.number().int().nullable(),
  body: z.string(),
  /** A file, downloaded from GET /private-chat/files/{id} by the conversation's members only. */
  media: z.object({ type: z.string(), name: z.string(), mime: z.string(), size: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export type PrivateMessage = z.infer<typeof privateMessageSchema>;

export const privateMessagesPageSchema = z.object({ messages: z.array(privateMessageSchema), hasMore: z.boolean() });
export type PrivateMessagesPage = z.infer<typeof privateMessagesPageSchema>;

export const privateMessagesQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});

export const sendPrivateMessageBodySchema = z.object({ body: z.string().trim().min(1).max(PRIVATE_MESSAGE_MAX) });
/** The text beside a file (multipart field `body`): may be empty. */
export const privateFileCaptionSchema = z.string().trim().max(PRIVATE_MESSAGE_MAX).default('');

/** GET /users/chat-privado/: the tenant's other users with their presence and conversation with the reader. */
export const privateChatUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile: z.string(),
  isOnline: z.boolean(),
  lastOnline: z.string().nullable(),
  lastMessage: privateMessageSchema.nullable(),
  unreadCount: z.number().int(),
});
export type PrivateChatUser = z.infer<typeof privateChatUserSchema>;

/** GET /private-chat/teams: the active teams the reader belongs to. */
export const privateChatTeamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  memberCount: z.number().int(),
  lastMessage: privateMessageSchema.nullable(),
  unreadCount: z.number().int(),
});
export type PrivateChatTeam = z.infer<typeof privateChatTeamSchema>;

export const privateChatUnreadSchema = z.object({ total: z.number().int() });

/** Payloads of the `privateMessage` socket event (SPEC §4 "private messages"), sent to the user rooms of the conversation's members. */
export type PrivateMessageEvent =
  { action: 'create'; message: PrivateMessage } | { action: 'read'; conversation: { type: ConversationType; id: number } };

export const PRIVATE_CHAT_ERROR_STATUS = {
  /** A message's text (or a file's caption) longer than PRIVATE_MESSAGE_MAX. */
  ERR_PRIVATE_MESSAGE_TOO_LONG: 400,
} as const;

export const PRIVATE_CHAT_ERROR_MESSAGES: Record<keyof typeof PRIVATE_CHAT_ERROR_STATUS, string> = {
  ERR_PRIVATE_MESSAGE_TOO_LONG: `The message is longer than ${PRIVATE_MESSAGE_MAX} characters.`,
};
