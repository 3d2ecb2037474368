import type { GroupFailureReason } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { ChannelRow } from '../channels.repository.js';

/**
 * Group administration (the /grupo tools, issue 12): what a QR-code kind offers where its library or
 * gateway administers WhatsApp groups. A kind without it (ChannelAdapter.groups undefined) does not
 * support the group tools; the web app lists only channels whose kind has it.
 */
export interface GroupMember {
  /** The member's phone number (digits), when WhatsApp tells it (an '@lid' member may hide it). */
  number: string | null;
  jid: string;
  admin: boolean;
}

export interface GroupSummary {
  jid: string;
  subject: string;
  /** Whether the channel's own account is an admin of the group (needed to add, remove, change it). */
  isAdmin: boolean;
  /** Only admins may send messages. */
  adminsOnly: boolean;
  participants: GroupMember[];
}

export type ParticipantChange = 'add' | 'remove' | 'promote' | 'demote';

export interface ParticipantOutcome {
  number: string;
  ok: boolean;
  reason?: GroupFailureReason;
  detail?: string;
}

export interface GroupChange {
  subject?: string;
  description?: string;
  adminsOnly?: boolean;
}

/** A group message to delete for everyone: its WhatsApp id and its author (the participant's JID). */
export interface GroupMessageRef {
  id: string;
  participant: string;
}

/** The operations, as a live session (the library's connection) performs them. */
export interface LiveGroupAdmin {
  listGroups(): Promise<GroupSummary[]>;
  changeParticipants(groupJid: string, numbers: string[], change: ParticipantChange): Promise<ParticipantOutcome[]>;
  updateGroup(groupJid: string, change: GroupChange): Promise<void>;
  deleteForEveryone(groupJid: string, message: GroupMessageRef): Promise<void>;
}

/** The same, as a channel adapter offers them to the modules (routed to wherever the session is held). */
export interface GroupAdmin {
  listGroups(ctx: AppContext, channel: ChannelRow): Promise<GroupSummary[]>;
  changeParticipants(
    ctx: AppContext,
    channel: ChannelRow,
    groupJid: string,
    numbers: string[],
    change: ParticipantChange,
  ): Promise<ParticipantOutcome[]>;
  updateGroup(ctx: AppContext, channel: ChannelRow, groupJid: string, change: GroupChange): Promise<void>;
  deleteForEveryone(ctx: AppContext, channel: ChannelRow, groupJid: string, message: GroupMessageRef): Promise<void>;
}

/** A request of the group operations, as it travels through a channel's session queue. */
export type GroupRequest =
  | { kind: 'list' }
  | { kind: 'participants'; groupJid: string; numbers: string[]; change: ParticipantChange }
  | { kind: 'update'; groupJid: string; change: GroupChange }
  | { kind: 'delete'; groupJid: string; message: GroupMessageRef };

/** Performs a queued request on a live session's group operations. */
export async function performGroupRequest(groups: LiveGroupAdmin, request: GroupRequest): Promise<unknown> {
  switch (request.kind) {
    case 'list':
      return groups.listGroups();
    case 'participants':
      return groups.changeParticipants(request.groupJid, request.numbers, request.change);
    case 'update':
      await groups.updateGroup(request.groupJid, request.change);
      return null;
    case 'delete':
      await groups.deleteForEveryone(request.groupJid, request.message);
      return null;
  }
}
