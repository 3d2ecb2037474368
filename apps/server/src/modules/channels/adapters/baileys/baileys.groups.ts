import { Boom } from '@hapi/boom';
import {
  getContentType,
  normalizeMessageContent,
  WAMessageStubType,
  type BaileysEventMap,
  type GroupMetadata,
  type GroupParticipant,
  type ParticipantAction,
  type WAMessage,
} from 'baileys';
import type { GroupFailureReason } from '@conversa/shared';
import { AppError } from '../../../../platform/http/app-error.js';
import type { DomainEvent } from '../../../../platform/events/domain-events.js';
import { isGroupJid } from '../whatsapp-groups.js';
import type { GroupChange, GroupMessageRef, GroupSummary, LiveGroupAdmin, ParticipantChange, ParticipantOutcome } from '../group-admin.js';

/** The group calls of Baileys' socket (lib/Socket/groups.d.ts) that the group tools use. */
export interface BaileysGroupSocket {
  user?: { id: string; lid?: string } | undefined;
  groupFetchAllParticipating?: () => Promise<Record<string, GroupMetadata>>;
  groupParticipantsUpdate?: (
    jid: string,
    participants: string[],
    action: ParticipantAction,
  ) => Promise<{ status: string; jid: string | undefined; content?: unknown }[]>;
  groupUpdateSubject?: (jid: string, subject: string) => Promise<void>;
  groupUpdateDescription?: (jid: string, description?: string) => Promise<void>;
  groupSettingUpdate?: (jid: string, setting: 'announcement' | 'not_announcement' | 'locked' | 'unlocked') => Promise<void>;
  sendMessage(jid: string, content: { delete: { remoteJid: string; fromMe: boolean; id: string; participant: string } }): Promise<unknown>;
}

const PHONE_JID = /^(\d{6,20})(?::\d+)?@s\.whatsapp\.net$/;

/** '5511…:12@s.whatsapp.net' → '5511…'; null for an '@lid' or anything else. */
export function numberOfJid(jid: string | null | undefined): string | null {
  return PHONE_JID.exec(jid ?? '')?.[1] ?? null;
}

/** A participant as Baileys 7 gives it (an object with id / phoneNumber / lid), or a bare JID (older payloads). */
function participantJids(participant: GroupParticipant | string): { jid: string; number: string | null } {
  if (typeof participant === 'string') return { jid: participant, number: numberOfJid(participant) };
  return { jid: participant.id, number: numberOfJid(participant.phoneNumber) ?? numberOfJid(participant.id) };
}

function isMe(socket: BaileysGroupSocket, participant: GroupParticipant): boolean {
  const me = [socket.user?.id, socket.user?.lid].filter(Boolean).map((jid) => jid!.replace(/:\d+@/, '@'));
  return [participant.id, participant.phoneNumber, participant.lid].some((jid) => jid && me.includes(jid.replace(/:\d+@/, '@')));
}

/** WhatsApp's answer per participant (the `error` attribute of each <participant>, '200' when none). */
function outcomeOf(status: string, change: ParticipantChange): { ok: boolean; reason?: GroupFailureReason } {
  switch (status) {
    case '200':
      return { ok: true };
    case '409':
      return { ok: false, reason: change === 'add' ? 'alreadyMember' : 'failed' };
    case '404':
      return { ok: false, reason: change === 'add' ? 'notOnWhatsApp' : 'notMember' };
    case '401':
    case '403':
      // 403 on an add: the person's privacy settings allow only an invitation.
      return { ok: false, reason: change === 'add' && status === '403' ? 'failed' : 'notAdmin' };
    default:
      return { ok: false, reason: 'failed' };
  }
}

/** A whole request refused by WhatsApp (Boom errors of Baileys' groupQuery): not an admin, not in the group. */
function refusal(error: unknown): { reason: GroupFailureReason; detail: string } {
  const status = error instanceof Boom ? error.output.statusCode : undefined;
  const detail = error instanceof Error ? error.message : String(error);
  if (status === 401 || status === 403 || /not-authorized|forbidden/.test(detail)) return { reason: 'notAdmin', detail };
  if (status === 404 || /item-not-found/.test(detail)) return { reason: 'notInGroup', detail };
  return { reason: 'failed', detail };
}

function required<T>(method: T | undefined): T {
  if (!method) throw new AppError('ERR_GROUP_TOOLS_UNSUPPORTED', 'This WhatsApp session cannot administer groups.');
  return method;
}

/** Baileys' group calls as the group tools' operations. */
export function baileysGroupAdmin(socketOf: () => BaileysGroupSocket): LiveGroupAdmin {
  return {
    async listGroups(): Promise<GroupSummary[]> {
      const socket = socketOf();
      const all = await required(socket.groupFetchAllParticipating).call(socket);
      return Object.values(all)
        .filter((group) => isGroupJid(group.id))
        .map((group) => ({
          jid: group.id,
          subject: group.subject,
          adminsOnly: group.announce === true,
          isAdmin: group.participants.some((p) => isMe(socket, p) && (p.admin === 'admin' || p.admin === 'superadmin')),
          participants: group.participants.map((p) => ({ ...participantJids(p), admin: p.admin === 'admin' || p.admin === 'superadmin' })),
        }))
        .sort((a, b) => a.subject.localeCompare(b.subject));
    },

    async changeParticipants(groupJid: string, numbers: string[], change: ParticipantChange): Promise<ParticipantOutcome[]> {
      const socket = socketOf();
      const update = required(socket.groupParticipantsUpdate);
      let answers: { status: string; jid: string | undefined }[];
      try {
        answers = await update.call(
          socket,
          groupJid,
          numbers.map((number) => `${number}@s.whatsapp.net`),
          change,
        );
      } catch (error) {
        const { reason, detail } = refusal(error);
        return numbers.map((number) => ({ number, ok: false, reason, detail }));
      }
      return numbers.map((number) => {
        const answer = answers.find((a) => numberOfJid(a.jid) === number);
        if (!answer) return { number, ok: false, reason: 'failed', detail: 'WhatsApp did not answer for this number.' };
        const outcome = outcomeOf(answer.status, change);
        return { number, ...outcome, ...(outcome.ok ? {} : { detail: `WhatsApp answered ${answer.status}.` }) };
      });
    },

    async updateGroup(groupJid: string, change: GroupChange): Promise<void> {
      const socket = socketOf();
      if (change.subject !== undefined) await required(socket.groupUpdateSubject).call(socket, groupJid, change.subject);
      if (change.description !== undefined)
        await required(socket.groupUpdateDescription).call(socket, groupJid, change.description || undefined);
      if (change.adminsOnly !== undefined)
        await required(socket.groupSettingUpdate).call(socket, groupJid, change.adminsOnly ? 'announcement' : 'not_announcement');
    },

    async deleteForEveryone(groupJid: string, message: GroupMessageRef): Promise<void> {
      const socket = socketOf();
      await socket.sendMessage(groupJid, {
        delete: { remoteJid: groupJid, fromMe: false, id: message.id, participant: message.participant },
      });
    },
  };
}

type GroupEvent =
  | Omit<Extract<DomainEvent, { type: 'group.participants' }>, 'tenantId' | 'channelId'>
  | Omit<Extract<DomainEvent, { type: 'group.message' }>, 'tenantId' | 'channelId'>;

const JOIN_STUBS = new Set<number>([
  WAMessageStubType.GROUP_PARTICIPANT_ADD,
  WAMessageStubType.GROUP_PARTICIPANT_INVITE,
  WAMessageStubType.GROUP_PARTICIPANT_ADD_REQUEST_JOIN,
]);
const LEAVE_STUBS = new Set<number>([WAMessageStubType.GROUP_PARTICIPANT_LEAVE, WAMessageStubType.GROUP_PARTICIPANT_REMOVE]);

/** The text of a member's group message (text, or a media caption); undefined for anything without words. */
function textOf(message: WAMessage): string | undefined {
  const content = normalizeMessageContent(message.message);
  const type = getContentType(content);
  if (!content || !type) return undefined;
  if (type === 'conversation') return content.conversation ?? undefined;
  if (type === 'extendedTextMessage') return content.extendedTextMessage?.text ?? undefined;
  const node = content[type] as { caption?: string | null } | undefined;
  return typeof node?.caption === 'string' ? node.caption : undefined;
}

/** A stub's participants: JSON of {id, phoneNumber, lid…} in Baileys 7 (messages-recv.js), bare JIDs before. */
function stubParticipants(parameters: readonly string[] | null | undefined): { jid: string; number: string | null }[] {
  return (parameters ?? []).map((parameter) => {
    try {
      const parsed = JSON.parse(parameter) as GroupParticipant | string;
      return participantJids(parsed);
    } catch {
      return participantJids(parameter);
    }
  });
}

/**
 * The group events of one batch of Baileys events: members' messages in groups (for the word list),
 * and members joining or leaving. Baileys turns a group notification into a stub message
 * (messageStubType GROUP_PARTICIPANT_ADD / INVITE / ADD_REQUEST_JOIN, LEAVE / REMOVE, with the
 * participants in messageStubParameters), upserts it ('messages.upsert') and, processing it, emits
 * 'group-participants.update' (lib/Socket/messages-recv.js, lib/Utils/process-message.js). The two
 * say the same; only the stub carries an id (the notification's, the same when WhatsApp delivers it
 * again), so joins and leaves are read from the stub and the update itself is not acted on twice.
 */
export function groupEventsOf(events: Partial<BaileysEventMap>): GroupEvent[] {
  const found: GroupEvent[] = [];
  for (const message of events['messages.upsert']?.messages ?? []) {
    const jid = message.key.remoteJid;
    if (!isGroupJid(jid) || !message.key.id) continue;
    const stub = message.messageStubType;
    if (stub !== undefined && stub !== null) {
      const action = JOIN_STUBS.has(stub) ? 'join' : LEAVE_STUBS.has(stub) ? 'leave' : undefined;
      const numbers = stubParticipants(message.messageStubParameters as readonly string[] | null | undefined)
        .map((p) => p.number)
        .filter((n): n is string => n !== null);
      if (action && numbers.length > 0)
        found.push({ type: 'group.participants', groupJid: jid, action, numbers, eventKey: message.key.id });
      continue;
    }
    if (message.key.fromMe) continue;
    const text = textOf(message);
    const participant = message.key.participant ?? message.key.participantAlt;
    if (!text || !participant) continue;
    found.push({
      type: 'group.message',
      groupJid: jid,
      messageId: message.key.id,
      participant,
      number: numberOfJid(message.key.participantAlt) ?? numberOfJid(message.key.participant),
      text: text.slice(0, 10_000),
    });
  }
  return found;
}
