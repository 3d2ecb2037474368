import type { ConversationType } from '@conversa/shared';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { membersOfTeam, teamOfMember } from '../teams/use-cases/team-membership.js';
import { isTenantUser, type ConversationScope, type PrivateMessageRow } from './private-chat.repository.js';

export interface Conversation {
  type: ConversationType;
  id: number;
}

export interface ConversationAccess {
  /** The read-mark key, from the reader's side: 'user:{other}' or 'team:{teamId}'. */
  key: string;
  scope: ConversationScope;
  target: { receiverId: number | null; teamId: number | null };
  /** Who receives its messages now (the actor included). */
  members: number[];
}

export const conversationKey = (conversation: Conversation) => `${conversation.type}:${conversation.id}`;

/**
 * The conversation, when the actor belongs to it: a one-to-one conversation with another user of
 * the tenant, or the conversation of an active team the actor is a member of. Anything else is
 * answered as missing (404), whoever's it is. `lock` (inside the sending transaction) holds the
 * team's row so that a membership change under way is either before or after the message.
 */
export async function conversationOrFail(
  db: Db,
  actor: Actor,
  conversation: Conversation,
  options: { lock?: boolean } = {},
): Promise<ConversationAccess> {
  const { tenantId, userId } = actor;
  if (conversation.type === 'user') {
    if (conversation.id === userId)
      throw new AppError('ERR_VALIDATION', 'A conversation is with another user.', { userId: ['Cannot be yourself'] });
    if (!(await isTenantUser(db, tenantId, conversation.id))) throw new AppError('ERR_NO_USER_FOUND');
    return {
      key: conversationKey(conversation),
      scope: { type: 'user', me: userId, other: conversation.id },
      target: { receiverId: conversation.id, teamId: null },
      members: [userId, conversation.id],
    };
  }
  const team = await teamOfMember(db, tenantId, conversation.id, userId, options);
  if (!team?.isActive) throw new AppError('ERR_NO_TEAM_FOUND');
  return {
    key: conversationKey(conversation),
    scope: { type: 'team', teamId: team.id },
    target: { receiverId: null, teamId: team.id },
    members: await membersOfTeam(db, tenantId, team.id),
  };
}

/** The conversation a stored message belongs to, seen from `userId` (null when the user is not one of its two parties). */
export function conversationOfMessage(
  message: Pick<PrivateMessageRow, 'senderId' | 'receiverId' | 'teamId'>,
  userId: number,
): Conversation | null {
  if (message.teamId !== null) return { type: 'team', id: message.teamId };
  if (message.senderId === userId && message.receiverId !== null) return { type: 'user', id: message.receiverId };
  if (message.receiverId === userId) return { type: 'user', id: message.senderId };
  return null;
}
