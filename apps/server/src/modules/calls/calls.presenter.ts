import { CALL_TOKEN_MASK, type Call, type ChannelCallTokens } from '@conversa/shared';
import type { CallChannel, CallView } from './calls.repository.js';

export function presentCall(row: CallView): Call {
  return {
    id: row.id,
    channelId: row.channelId,
    inboxName: row.inboxName,
    userId: row.userId,
    userName: row.userName,
    direction: row.direction,
    phone: row.phone,
    caller: row.caller,
    receiver: row.receiver,
    contactName: row.contactName,
    status: row.status,
    instance: row.instance,
    startedAt: row.startedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    duration: row.duration,
  };
}

/** Our side of a call as the list shows it: the channel's number, else its name. */
export const channelParty = (channel: CallChannel) => channel.number || channel.name;

/** The tokens masked: one mask per token, never a token. */
export function presentCallTokens(channelId: number, row: { tokens: string[]; updatedAt: Date } | undefined): ChannelCallTokens {
  return { channelId, tokens: (row?.tokens ?? []).map(() => CALL_TOKEN_MASK), updatedAt: row?.updatedAt.toISOString() ?? null };
}
