import type { AUTO_DISTRIBUTION } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { findQueueById } from '../../queues/use-cases/find-queue-by-id.js';
import { queueMembersByLoad } from '../../queues/use-cases/queue-members-by-load.js';
import { findUserById } from '../../users/use-cases/find-user-by-id.js';
import { visibilityFacts } from '../tickets.presenter.js';
import {
  findActiveTicketOfContact,
  insertTicketLog,
  lockTicket,
  updateTicketRow,
  type TicketChanges,
  type TicketRow,
} from '../tickets.repository.js';
import { integrationBotsStopped } from './set-integration-statuses.js';

type AutoDistribution = (typeof AUTO_DISTRIBUTION)[number];

/** Where the chatbot hands a ticket over when the conversation leaves it. */
export type BotExit =
  | { kind: 'queue'; queueId: number }
  | { kind: 'user'; userId: number; queueId: number | null }
  | { kind: 'close' }
  | { kind: 'channel'; channelId: number }
  | { kind: 'end' };

/**
 * Inside the caller's transaction (the bot's, with its position locked): the ticket leaves the bot
 * (chat_flow_id cleared) and goes where the flow routed it — to a queue (distributed among its agents
 * when asked: random, or balanced = the member with the fewest open tickets), to a user, closed, or on
 * another channel. A target deleted since the flow was published leaves the ticket pending where it is
 * (logged). A ticket that ends up with another user is a transfer to them (byUserId null: the toast, the
 * web push). Returns the updated ticket, or undefined when it no longer exists.
 */
export async function routeTicketFromBot(
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  input: { tenantId: number; ticketId: number; exit: BotExit; autoDistribution: AutoDistribution },
): Promise<TicketRow | undefined> {
  const { tenantId, ticketId, exit } = input;
  const ticket = await lockTicket(tx, tenantId, ticketId);
  if (!ticket) return undefined;
  const before = visibilityFacts(ticket);
  const changes: TicketChanges = { chatFlowId: null };
  const log = (type: string, payload: Record<string, unknown>) => insertTicketLog(tx, { tenantId, ticketId, userId: null, type, payload });
  let missing = false;

  switch (exit.kind) {
    case 'queue': {
      if (!(await findQueueById(tx, tenantId, exit.queueId))) {
        missing = true;
        break;
      }
      Object.assign(changes, {
        queueId: exit.queueId,
        status: 'pending',
        userId: await distribute(tx, tenantId, exit.queueId, input.autoDistribution),
      });
      await log('botRouted', { toQueueId: exit.queueId, toUserId: changes.userId ?? null, mode: input.autoDistribution });
      break;
    }
    case 'user': {
      const queueOk = exit.queueId === null || (await findQueueById(tx, tenantId, exit.queueId));
      if (!(await findUserById(tx, tenantId, exit.userId)) || !queueOk) {
        missing = true;
        break;
      }
      Object.assign(changes, { userId: exit.userId, status: 'pending', ...(exit.queueId !== null ? { queueId: exit.queueId } : {}) });
      await log('botRouted', { toUserId: exit.userId, toQueueId: exit.queueId });
      break;
    }
    case 'close':
      Object.assign(changes, { status: 'closed', closedAt: new Date() });
      await log('resolved', { by: 'chatbot' });
      break;
    case 'channel': {
      const channel = await findChannelById(tx, tenantId, exit.channelId);
      // The contact may already have an active ticket there (one per contact and channel): it stays here.
      const other =
        channel && channel.id !== ticket.channelId
          ? await findActiveTicketOfContact(tx, tenantId, ticket.contactId, channel.id)
          : undefined;
      if (!channel || other) {
        missing = true;
        break;
      }
      if (channel.id !== ticket.channelId) {
        changes.channelId = channel.id;
        await log('channelChanged', { channelId: channel.id, by: 'chatbot' });
      }
      break;
    }
    case 'end':
      await log('botEnded', {});
      break;
  }
  if (missing) await log('botRouteFailed', { route: exit });
  // A route to people (a queue, a user, closed, another channel) stops the LLM bots on the ticket too.
  const stopped = exit.kind !== 'end' && !missing ? integrationBotsStopped(ticket.integrationStatuses) : undefined;
  if (stopped) {
    changes.integrationStatuses = stopped;
    await log('aiBotStopped', { by: 'route' });
  }

  const updated = await updateTicketRow(tx, tenantId, ticketId, changes);
  // Handed to another user (routed to them, or the queue's distribution picked them): a transfer by nobody.
  const transfer =
    updated && updated.userId !== null && updated.userId !== ticket.userId ? { byUserId: null, toUserId: updated.userId } : undefined;
  events.push({ type: 'ticket.changed', tenantId, ticketId, action: 'update', before, transfer });
  if (transfer) events.push({ type: 'ticket.transferred', tenantId, ticketId, ...transfer });
  return updated;
}

/** The agent a queue's ticket goes to, or null (none, or nobody in the queue). */
async function distribute(tx: Db, tenantId: number, queueId: number, mode: AutoDistribution): Promise<number | null> {
  if (mode === 'none') return null;
  const members = await queueMembersByLoad(tx, tenantId, queueId);
  if (members.length === 0) return null;
  return mode === 'balanced' ? members[0].userId : members[Math.floor(Math.random() * members.length)].userId;
}
