import { INTEGRATION_STATUS_KEYS } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError, isUniqueViolation } from '../../../platform/http/app-error.js';
import { isAdmin, type Actor } from '../../auth/actor.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { findQueueById } from '../../queues/use-cases/find-queue-by-id.js';
import { visibilityFacts } from '../tickets.presenter.js';
import {
  findActiveTicketOfContact,
  insertTicketLog,
  lockTicket,
  updateTicketRow,
  type TicketChanges,
  type TicketRow,
} from '../tickets.repository.js';
import { assertCanSeeTicket, assertMayReassignTicket, assertUserOfTenant } from './ticket-access.js';
import { farewellMessageText } from '../../farewell-messages/use-cases/farewell-message-text.js';
import { queueAutomatedMessage } from '../../messages/queue-automated-message.js';
import { queueOutboundMessage } from '../../messages/queue-outbound-message.js';
import { cancelAwaitingRating } from '../../ratings/use-cases/cancel-awaiting-rating.js';
import { ratingJustAsked } from '../../ratings/use-cases/rating-just-asked.js';
import { requestRating } from '../../ratings/use-cases/request-rating.js';
import { stopTicketBot } from '../../chatbot/use-cases/stop-ticket-bot.js';
import { findDemandOfTenant } from '../../demands/use-cases/demand-of-tenant.js';
import { readSetting } from '../../settings/use-cases/read-setting.js';
import { integrationBotsStopped } from './set-integration-statuses.js';

/** Per-ticket switches of the external integrations (SPEC §3). */
export { INTEGRATION_STATUS_KEYS };
export type IntegrationStatusKey = (typeof INTEGRATION_STATUS_KEYS)[number];

export interface UpdateTicketInput {
  status?: 'open' | 'pending' | 'closed';
  userId?: number | null;
  queueId?: number | null;
  unreadMessages?: number;
  isTransference?: boolean;
  /** Resolve with this farewell message, as typed: it is sent to the customer and the ticket closes. */
  farewellMessage?: string;
  /** Resolve with this preset closing message (SPEC /fechamento), its template variables filled in. */
  farewellMessageId?: number;
  /** Resolve by asking for a rating (also done whenever the channel's auto-evaluation is on). */
  requestRating?: boolean;
  /** PUT /ticketsForce: resolve without farewell or rating (SPEC §4). */
  force?: boolean;
  /** Resolve with this reason (SPEC Demand); required when the setting demandRequiredOnClose is on. */
  demandId?: number;
  /** The system-wide mass resolves (GET /ticketsClear, POST /pending/resolvePending) are not held by demandRequiredOnClose. */
  skipDemandRule?: boolean;
  integrationStatuses?: Partial<Record<IntegrationStatusKey, boolean>>;
}

/** PUT /tickets/{id}: one of start attending, return to queue, resolve, reopen, transfer, read, integration switches. */
export async function updateTicket(ctx: AppContext, actor: Actor, ticketId: number, input: UpdateTicketInput): Promise<TicketRow> {
  await assertCanSeeTicket(ctx, actor, ticketId);
  let ongoingOf: { contactId: number; channelId: number } | undefined;
  try {
    return await transact(ctx, async (tx, events) => {
      const ticket = await lockTicket(tx, actor.tenantId, ticketId);
      if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
      // The resolve that asked for a rating, arriving again (double click, second tab, a retry): the
      // rating stays awaited, nothing changes. Later, resolving again closes for good (resolve below).
      if (input.status === 'closed' && !input.force && ticket.status !== 'closed' && (await ratingJustAsked(tx, actor.tenantId, ticketId)))
        return ticket;
      ongoingOf = { contactId: ticket.contactId, channelId: ticket.channelId };
      // A closing message is checked whatever else the request does: another tenant's id is refused, never ignored.
      const farewellPreset =
        input.farewellMessageId !== undefined ? await farewellMessageText(tx, actor.tenantId, input.farewellMessageId) : undefined;
      // So is a reason: another tenant's is refused like a missing one.
      const demand = input.demandId !== undefined ? await findDemandOfTenant(tx, actor.tenantId, input.demandId) : undefined;
      if (input.demandId !== undefined && !demand) throw new AppError('ERR_NO_DEMAND_FOUND');
      const before = visibilityFacts(ticket);
      const changes: TicketChanges = {};
      const log = (type: string, payload?: Record<string, unknown>) =>
        insertTicketLog(tx, { tenantId: actor.tenantId, ticketId, userId: actor.userId, type, payload });

      if (input.unreadMessages !== undefined) changes.unreadMessages = input.unreadMessages;
      if (input.integrationStatuses) {
        changes.integrationStatuses = { ...ticket.integrationStatuses, ...input.integrationStatuses };
        await log('integrationStatus', input.integrationStatuses);
      }

      // A queue or a user without a status is a transfer too, so that one to the ticket's own queue or user is refused.
      const transferring =
        input.isTransference ||
        (input.queueId !== undefined && input.queueId !== ticket.queueId) ||
        (input.status === undefined && (input.queueId !== undefined || (input.userId !== undefined && input.userId !== null))) ||
        (input.userId !== undefined && input.userId !== null && input.userId !== ticket.userId && input.status !== 'open');
      // A pending ticket handed to a user (a transfer) returned to its queue loses the user, as an open one does.
      const releasing = input.status === 'pending' && input.userId === null && ticket.status === 'pending' && ticket.userId !== null;
      const changingStatus = (input.status !== undefined && input.status !== ticket.status) || releasing;
      // Start attending without a user means the caller.
      const assigning = input.status === 'open' && (input.userId ?? actor.userId) !== ticket.userId;
      if (transferring || changingStatus || assigning) assertMayReassignTicket(actor, ticket);
      // Changed by hand: a rating asked before is no longer awaited (a second resolve closes for good).
      const wasAwaitingRating =
        transferring || changingStatus || assigning ? await cancelAwaitingRating(tx, actor.tenantId, ticketId) : false;
      if (transferring) {
        Object.assign(changes, await transfer(tx, actor, ticket, input));
        await log('transferred', {
          fromQueueId: ticket.queueId,
          toQueueId: changes.queueId ?? ticket.queueId,
          fromUserId: ticket.userId,
          toUserId: changes.userId ?? null,
        });
      } else if (changingStatus && input.status === 'closed') {
        // A reason, when the tenant requires one, is chosen by whoever resolves (automated closes do not come here).
        if (!demand && !input.skipDemandRule && (await readSetting(tx, actor.tenantId, 'demandRequiredOnClose')) === 'enabled') {
          throw new AppError('ERR_DEMAND_REQUIRED', 'Choose the reason for resolving this ticket.', { demandId: ['Required'] });
        }
        if (demand) changes.demandId = demand.id;
        const reason = demand ? { demandId: demand.id, demandName: demand.name } : {};
        if (input.force) {
          Object.assign(changes, await statusChange(tx, actor, input));
          await log('resolved', { userId: ticket.userId, ...reason });
        } else {
          Object.assign(changes, await resolve(ctx, tx, events, actor, ticket, { ...input, farewellPreset }, wasAwaitingRating));
          await log(changes.status === 'closed' ? 'resolved' : 'ratingRequested', { userId: ticket.userId, ...reason });
        }
      } else if (changingStatus) {
        Object.assign(changes, await statusChange(tx, actor, input));
        await log(statusLogType(ticket.status, input.status!), { userId: changes.userId ?? ticket.userId });
      } else if (assigning) {
        Object.assign(changes, await statusChange(tx, actor, input));
        await log('assigned', { userId: changes.userId });
      }

      // An agent taking over, transferring or changing the status: the bot stops at once, and so do
      // the integration bots on the ticket (unless this very request switches one on) — except on
      // an accept (open) in a channel whose "disable external integrations on ticket open" is off.
      if (transferring || changingStatus || assigning) {
        await stopTicketBot(tx, actor.tenantId, ticketId);
        changes.chatFlowId = null;
        const opening = !transferring && (assigning || input.status === 'open');
        const keepBots = opening && (await findChannelById(tx, actor.tenantId, ticket.channelId))?.disableIntegrationsOnOpen === false;
        const stopped = keepBots
          ? undefined
          : integrationBotsStopped(changes.integrationStatuses ?? ticket.integrationStatuses, input.integrationStatuses);
        if (stopped) {
          changes.integrationStatuses = stopped;
          await log('aiBotStopped', { by: 'agent' });
        }
      }
      const updated = await updateTicketRow(tx, actor.tenantId, ticketId, changes);
      if (!updated) throw new AppError('ERR_NO_TICKET_FOUND');
      // Handed to another user: they are told (the ticket socket event's `transfer`, a web push).
      const handedOver =
        transferring && updated.userId !== null && updated.userId !== ticket.userId
          ? { byUserId: actor.userId, toUserId: updated.userId }
          : undefined;
      events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId, action: 'update', before, transfer: handedOver });
      if (handedOver) events.push({ type: 'ticket.transferred', tenantId: actor.tenantId, ticketId, ...handedOver });
      return updated;
    });
  } catch (error) {
    // Reopening while the contact already has another open/pending ticket on the channel.
    if (isUniqueViolation(error, 'tickets_one_active_per_contact_channel') && ongoingOf)
      throw await otherOpenTicket(ctx, actor.tenantId, ongoingOf.contactId, ongoingOf.channelId);
    throw error;
  }
}

function statusLogType(from: string, to: string): string {
  if (to === 'closed') return 'resolved';
  if (to === 'pending') return 'returnedToQueue';
  return from === 'closed' ? 'reopened' : 'accepted';
}

/** Start attending / reopen (open), return to queue (pending), resolve (closed). */
async function statusChange(tx: Db, actor: Actor, input: UpdateTicketInput): Promise<TicketChanges> {
  switch (input.status) {
    case 'open': {
      const userId = input.userId ?? actor.userId;
      if (userId !== actor.userId) {
        if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 'Only an admin may assign a ticket to another user.');
        await assertUserOfTenant(tx, actor.tenantId, userId);
      }
      return { status: 'open', userId, closedAt: null };
    }
    case 'pending':
      return { status: 'pending', userId: null, closedAt: null };
    case 'closed':
      return { status: 'closed', closedAt: new Date() };
    default:
      return {};
  }
}

/** Transfer to a queue and/or a user; refused when the ticket already belongs to them. */
async function transfer(tx: Db, actor: Actor, ticket: TicketRow, input: UpdateTicketInput): Promise<TicketChanges> {
  const changes: TicketChanges = { status: 'pending' };
  if (input.queueId !== undefined && input.queueId !== null) {
    if (input.queueId === ticket.queueId && (input.userId === undefined || input.userId === null))
      throw new AppError('ERR_TRANSFER_SAME_QUEUE');
    if (!(await findQueueById(tx, actor.tenantId, input.queueId))) throw new AppError('ERR_NO_QUEUE_FOUND');
    changes.queueId = input.queueId;
  }
  if (input.userId !== undefined) {
    if (input.userId !== null) {
      if (input.userId === ticket.userId) throw new AppError('ERR_TRANSFER_SAME_USER');
      await assertUserOfTenant(tx, actor.tenantId, input.userId);
    }
    changes.userId = input.userId;
  } else {
    // Transferred to a queue only: it waits there for whoever takes it.
    changes.userId = null;
  }
  return changes;
}

/**
 * Resolve (SPEC §4): the farewell (the one typed, the preset picked, or else the channel's) goes out
 * through the send job and the ticket is closed now, well within SPEC's 30 s. When a rating is asked
 * (by the agent, or always by the channel's auto-evaluation) the ticket stays as it is and closes once
 * the customer answers (ratings/automation/answer-rating.step.ts).
 */
async function resolve(
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  actor: Actor,
  ticket: TicketRow,
  input: UpdateTicketInput & { farewellPreset?: string },
  wasAwaitingRating: boolean,
): Promise<TicketChanges> {
  const { tenantId } = actor;
  const channel = await findChannelById(tx, tenantId, ticket.channelId);
  // Resolving again while the rating is awaited closes for good: the farewell went out with the first resolve.
  if (!wasAwaitingRating) {
    if (input.farewellPreset !== undefined) {
      await queueAutomatedMessage(ctx, tx, events, { tenantId, ticketId: ticket.id, userId: actor.userId }, { body: input.farewellPreset });
    } else if (input.farewellMessage?.trim()) {
      await queueOutboundMessage(ctx, tx, events, { tenantId, userId: actor.userId, ticket }, { body: input.farewellMessage.trim() });
    } else if (channel?.farewellMessage?.trim()) {
      await queueAutomatedMessage(ctx, tx, events, { tenantId, ticketId: ticket.id }, { body: channel.farewellMessage });
    }
  }
  const askRating = !ticket.isGroup && !wasAwaitingRating && (input.requestRating === true || channel?.autoEvaluation === true);
  if (askRating) {
    await requestRating(ctx, tx, events, {
      tenantId,
      ticketId: ticket.id,
      agentId: ticket.userId ?? actor.userId,
      queueId: ticket.queueId,
    });
    return {};
  }
  return { status: 'closed', closedAt: new Date() };
}

/** PUT /ticketsForce/{id}: resolve without farewell or rating. */
export async function forceCloseTicket(ctx: AppContext, actor: Actor, ticketId: number, demandId?: number): Promise<TicketRow> {
  return updateTicket(ctx, actor, ticketId, { status: 'closed', force: true, demandId });
}

/** PUT /ticketsNull/{id}: drop the user and return the ticket to its queue. */
export async function releaseTicket(ctx: AppContext, actor: Actor, ticketId: number): Promise<TicketRow> {
  return updateTicket(ctx, actor, ticketId, { status: 'pending', userId: null });
}

/** PUT /ticketsChannelId/{id}: the conversation continues on another channel of the tenant. */
export async function moveTicketToChannel(ctx: AppContext, actor: Actor, ticketId: number, channelId: number): Promise<TicketRow> {
  await assertCanSeeTicket(ctx, actor, ticketId);
  let contactId: number | undefined;
  try {
    return await transact(ctx, async (tx, events) => {
      if (!(await findChannelById(tx, actor.tenantId, channelId))) throw new AppError('ERR_NO_WAPP_FOUND');
      contactId = (await lockTicket(tx, actor.tenantId, ticketId))?.contactId;
      const updated = await updateTicketRow(tx, actor.tenantId, ticketId, { channelId });
      if (!updated) throw new AppError('ERR_NO_TICKET_FOUND');
      await insertTicketLog(tx, {
        tenantId: actor.tenantId,
        ticketId,
        userId: actor.userId,
        type: 'channelChanged',
        payload: { channelId },
      });
      events.push({ type: 'ticket.changed', tenantId: actor.tenantId, ticketId, action: 'update' });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'tickets_one_active_per_contact_channel') && contactId !== undefined)
      throw await otherOpenTicket(ctx, actor.tenantId, contactId, channelId);
    throw error;
  }
}

/**
 * ERR_OTHER_OPEN_TICKET naming the contact's ongoing ticket (on `channelId`, else any channel), read
 * after the refused change rolled back, as the new-ticket modal gets it: the screen offers to open it.
 */
async function otherOpenTicket(ctx: AppContext, tenantId: number, contactId: number, channelId?: number): Promise<AppError> {
  const ongoing = await findActiveTicketOfContact(ctx.db, tenantId, contactId, channelId);
  return new AppError(
    'ERR_OTHER_OPEN_TICKET',
    undefined,
    undefined,
    ongoing ? { ticketId: ongoing.id, userId: ongoing.userId, status: ongoing.status } : undefined,
  );
}
