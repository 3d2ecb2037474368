import type { GroupFailureReason } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { GroupAdmin } from '../../channels/adapters/group-admin.js';
import { type ChannelRow } from '../../channels/channels.repository.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import {
  claimGroupAction,
  findBannedNumbers,
  findGroupSettings,
  finishGroupAction,
  listGroupWords,
  type NewGroupAction,
} from '../group-tools.repository.js';
import { listedWordIn } from '../word-match.js';
import { groupAdminOf } from './group-channel.js';
import { queueGroupMessage } from './queue-group-message.js';

type ParticipantsEvent = Extract<DomainEvent, { type: 'group.participants' }>;
type MessageEvent = Extract<DomainEvent, { type: 'group.message' }>;

/** The warning when the channel's text is empty. */
export const DEFAULT_WORD_WARNING = 'Sua mensagem foi apagada porque contém uma palavra proibida neste grupo.';

/**
 * The group tools' automatic reactions to a channel's group events (issue 12):
 * - a banned number that joins is removed;
 * - members who join get the channel's greeting, members who leave its farewell (to the group);
 * - a message with a listed word is deleted for everyone, then its author is warned (a message in
 *   the group naming their number) or removed, per the channel's setting.
 * Every action is logged (group_actions) under a key made of the event's provider id (the stub
 * message's id for joins and leaves, the message's id for words): the key is claimed before
 * WhatsApp is asked, and a message is queued in the transaction of its claim, so an event delivered
 * again never acts twice.
 */
export async function enforceGroupEvent(ctx: AppContext, event: ParticipantsEvent | MessageEvent): Promise<void> {
  const channel = await findChannelById(ctx.db, event.tenantId, event.channelId);
  const admin = channel ? groupAdminOf(channel) : undefined;
  if (!channel || !admin) return;
  // Asked of WhatsApp only when there is something to do.
  let known: Promise<string | null> | undefined;
  const subject = () => (known ??= subjectOf(ctx, channel, admin, event.groupJid));
  if (event.type === 'group.participants') await onParticipants(ctx, channel, admin, event, subject);
  else await onMessage(ctx, channel, admin, event, subject);
}

/** The group's subject for the log and for {{name}} (a new group contact is named after it); null when WhatsApp does not say. */
async function subjectOf(ctx: AppContext, channel: ChannelRow, admin: GroupAdmin, groupJid: string): Promise<string | null> {
  try {
    return (await admin.listGroups(ctx, channel)).find((group) => group.jid === groupJid)?.subject ?? null;
  } catch (error) {
    ctx.logger.warn({ err: error, channelId: channel.id, groupJid }, 'group subject unknown');
    return null;
  }
}

const base = (channel: ChannelRow, groupJid: string, groupSubject: string | null) => ({
  tenantId: channel.tenantId,
  channelId: channel.id,
  userId: null,
  groupJid,
  groupSubject,
});

async function onParticipants(
  ctx: AppContext,
  channel: ChannelRow,
  admin: GroupAdmin,
  event: ParticipantsEvent,
  subject: () => Promise<string | null>,
): Promise<void> {
  const settings = await findGroupSettings(ctx.db, channel.tenantId, channel.id);
  let welcome = event.numbers;
  if (event.action === 'join') {
    const banned = await findBannedNumbers(ctx.db, channel.tenantId, channel.id, event.groupJid, event.numbers);
    welcome = event.numbers.filter((number) => !banned.has(number));
    for (const number of banned) {
      await act(
        ctx,
        channel,
        {
          ...base(channel, event.groupJid, await subject()),
          key: `${event.eventKey}:banRemove:${number}`,
          action: 'banRemove',
          target: number,
        },
        () => removeMember(ctx, channel, admin, event.groupJid, number),
      );
    }
  }
  const text = event.action === 'join' ? settings?.greeting : settings?.farewell;
  if (!text?.trim() || welcome.length === 0) return;
  const action = event.action === 'join' ? 'greeting' : 'farewell';
  await sendToGroup(
    ctx,
    channel,
    { ...base(channel, event.groupJid, await subject()), key: `${event.eventKey}:${action}`, action, target: welcome.join(',') },
    text,
  );
}

async function onMessage(
  ctx: AppContext,
  channel: ChannelRow,
  admin: GroupAdmin,
  event: MessageEvent,
  subject: () => Promise<string | null>,
): Promise<void> {
  const words = (await listGroupWords(ctx.db, channel.tenantId, channel.id)).map((row) => row.word);
  const word = words.length > 0 ? listedWordIn(event.text, words) : undefined;
  if (!word) return;
  const settings = await findGroupSettings(ctx.db, channel.tenantId, channel.id);
  const author = event.number ?? event.participant;
  const common = { ...base(channel, event.groupJid, await subject()), target: author, detail: `Word: ${word}` };
  await act(ctx, channel, { ...common, key: `${event.messageId}:wordDelete`, action: 'wordDelete' }, async () => {
    await admin.deleteForEveryone(ctx, channel, event.groupJid, { id: event.messageId, participant: event.participant });
    return { ok: true };
  });
  if ((settings?.wordAction ?? 'warn') === 'remove') {
    await act(ctx, channel, { ...common, key: `${event.messageId}:wordRemove`, action: 'wordRemove' }, () =>
      event.number
        ? removeMember(ctx, channel, admin, event.groupJid, event.number)
        : Promise.resolve({ ok: false, reason: 'failed' as const, detail: "WhatsApp hides the author's number." }),
    );
    return;
  }
  const warning = settings?.wordWarning.trim() || DEFAULT_WORD_WARNING;
  await sendToGroup(
    ctx,
    channel,
    { ...common, key: `${event.messageId}:wordWarn`, action: 'wordWarn' },
    `@${author.split('@')[0]} ${warning}`,
  );
}

type Outcome = { ok: boolean; reason?: GroupFailureReason; detail?: string };

async function removeMember(ctx: AppContext, channel: ChannelRow, admin: GroupAdmin, groupJid: string, number: string): Promise<Outcome> {
  const [outcome] = await admin.changeParticipants(ctx, channel, groupJid, [number], 'remove');
  return outcome ?? { ok: false, reason: 'failed' };
}

/** Claims the action (its key), asks WhatsApp, records the answer. A key claimed before: nothing happens. */
async function act(
  ctx: AppContext,
  channel: ChannelRow,
  action: Omit<NewGroupAction, 'status'>,
  perform: () => Promise<Outcome>,
): Promise<void> {
  const claimed = await claimGroupAction(ctx.db, { ...action, status: 'running' });
  if (!claimed) return;
  let outcome: Outcome;
  try {
    outcome = await perform();
  } catch (error) {
    const notConnected = error instanceof AppError && error.code === 'ERR_WAPP_NOT_INITIALIZED';
    outcome = {
      ok: false,
      reason: notConnected ? 'notConnected' : 'failed',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  await finishGroupAction(ctx.db, channel.tenantId, claimed.id, {
    status: outcome.ok ? 'done' : 'failed',
    reason: outcome.ok ? null : (outcome.reason ?? 'failed'),
    ...(outcome.detail !== undefined ? { detail: [action.detail, outcome.detail].filter(Boolean).join(' — ') } : {}),
  });
}

/** Claims the action and queues the message to the group in the same transaction (durable, once). */
async function sendToGroup(ctx: AppContext, channel: ChannelRow, action: Omit<NewGroupAction, 'status'>, body: string): Promise<void> {
  await transact(ctx, async (tx, events) => {
    const claimed = await claimGroupAction(tx, { ...action, status: 'done', finishedAt: new Date() });
    if (!claimed) return;
    const message = await queueGroupMessage(ctx, tx, events, { channel, groupJid: action.groupJid, subject: action.groupSubject, body });
    await finishGroupAction(tx, channel.tenantId, claimed.id, { status: 'done', messageId: message.id });
  });
}
