import { tagsOfContacts } from '../../tags/use-cases/tags-of-contacts.js';
import { SOCKET_EVENTS, type SettingKey } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import type { Realtime } from '../../../platform/realtime/realtime.js';
import { rooms } from '../../../platform/realtime/rooms.js';
import { presentChannel } from '../../channels/channels.presenter.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { presentContact } from '../../contacts/contacts.presenter.js';
import { findContactById } from '../../contacts/use-cases/find-contact-by-id.js';
import { listContactWalletUserIds } from '../../contacts/use-cases/list-contact-wallet-user-ids.js';
import { presentMessage } from '../../messages/messages.presenter.js';
import { findMessageById } from '../../messages/use-cases/find-message-by-id.js';
import { readSettings } from '../../settings/use-cases/read-settings.js';
import { AGENTS_NAMESPACE } from '../../users/agent-sockets.js';
import { roomsForTicket } from '../tickets.policy.js';
import { presentTicket, visibilityFacts } from '../tickets.presenter.js';
import { findTicketView } from '../tickets.repository.js';

/** How long the pusher keeps a tenant's settings (a changed setting shows in pushes within this time). */
export const SETTINGS_TTL_MS = 2_000;

/**
 * Turns committed domain events into Socket.IO pushes to the agents who may see them, with
 * presented objects (never raw rows). Ticket rooms come from the tickets policy.
 */
export function pushInboxEvents(ctx: AppContext, realtime: Realtime): void {
  const settingsCache = new Map<number, { at: number; value: Promise<Record<SettingKey, string>> }>();
  const settingsOf = (tenantId: number) => {
    const cached = settingsCache.get(tenantId);
    if (cached && Date.now() - cached.at < SETTINGS_TTL_MS) return cached.value;
    const value = readSettings(ctx.db, tenantId);
    settingsCache.set(tenantId, { at: Date.now(), value });
    return value;
  };
  const emit = (roomList: string[], event: string, payload: unknown) => realtime.emit(AGENTS_NAMESPACE, roomList, event, payload);

  /**
   * The rooms that may see the ticket now and, given its state before a change, those that saw it
   * and no longer may (`lost`: a setting such as NotViewAssignedTickets or NotViewTicketsChatBot,
   * a transfer, a wallet took it out of their view).
   */
  const ticketRooms = async (
    tenantId: number,
    facts: Parameters<typeof roomsForTicket>[1],
    contactId: number,
    before?: Parameters<typeof roomsForTicket>[1],
  ) => {
    const settings = await settingsOf(tenantId);
    // Wallet owners matter only when the tenant routes tickets to wallets.
    const wallets = settings.DirectTicketsToWallets === 'enabled' ? await listContactWalletUserIds(ctx.db, tenantId, contactId) : [];
    const now = roomsForTicket(tenantId, facts, settings, wallets);
    const lost = before ? roomsForTicket(tenantId, before, settings, wallets).filter((room) => !now.includes(room)) : [];
    return { now, lost };
  };

  ctx.events.subscribe(async (event: DomainEvent) => {
    switch (event.type) {
      case 'ticket.changed': {
        const view = await findTicketView(ctx.db, event.tenantId, event.ticketId);
        if (!view) return;
        const { now, lost } = await ticketRooms(event.tenantId, visibilityFacts(view), view.contactId, event.before);
        const ticket = presentTicket(view);
        // A transfer to a user still holding it: the receiver's app tells them (a toast).
        const transfer =
          event.transfer && view.userId === event.transfer.toUserId
            ? { byUserId: event.transfer.byUserId, toUserId: event.transfer.toUserId }
            : undefined;
        emit(now, SOCKET_EVENTS.ticket, transfer ? { action: event.action, ticket, transfer } : { action: event.action, ticket });
        // Who saw it and no longer may is told so (hidden): their lists, boards and chat let it go at
        // once, whatever rule hid it; a socket also in a room that still sees it got the push above.
        if (lost.length)
          realtime.emitExcept(AGENTS_NAMESPACE, lost, now, SOCKET_EVENTS.ticket, { action: event.action, ticket, hidden: true });
        return;
      }
      case 'message.created':
      case 'message.updated': {
        const stored = event.stored;
        const [message, view] = await Promise.all([
          stored?.message ?? findMessageById(ctx.db, event.tenantId, event.messageId),
          stored?.view ?? findTicketView(ctx.db, event.tenantId, event.ticketId),
        ]);
        if (!message || !view) return;
        const quoted = message.quotedMessageId ? await findMessageById(ctx.db, event.tenantId, message.quotedMessageId) : undefined;
        const { now: list } = await ticketRooms(event.tenantId, visibilityFacts(view), view.contactId);
        // A new ticket is announced as such; an ongoing one's change travels with the message
        // (appMessage carries the ticket), which halves the pushes of a busy inbox.
        if (stored && 'ticketAction' in stored && stored.ticketAction === 'create')
          emit(list, SOCKET_EVENTS.ticket, { action: 'create', ticket: presentTicket(view) });
        emit(list, SOCKET_EVENTS.appMessage, {
          action: event.type === 'message.created' ? 'create' : 'update',
          message: presentMessage(message, ctx.media, quoted),
          ticket: presentTicket(view),
        });
        return;
      }
      case 'contact.changed': {
        const contact = event.stored?.contact ?? (await findContactById(ctx.db, event.tenantId, event.contactId));
        // With its tags: a tag change is a contact change the panels show.
        const tags =
          event.stored?.tags ?? (contact ? ((await tagsOfContacts(ctx.db, event.tenantId, [contact.id])).get(contact.id) ?? []) : []);
        emit(
          [rooms.tenant(event.tenantId)],
          SOCKET_EVENTS.contact,
          contact
            ? { action: event.action, contact: { ...presentContact(contact), tags } }
            : { action: 'delete', contactId: event.contactId },
        );
        return;
      }
      case 'channel.session': {
        const channel = await findChannelById(ctx.db, event.tenantId, event.channelId);
        emit(
          [rooms.tenant(event.tenantId)],
          SOCKET_EVENTS.channelSession,
          channel ? { action: 'update', session: presentChannel(channel) } : { action: 'delete', channelId: event.channelId },
        );
        return;
      }
      case 'user.status':
        emit([rooms.tenant(event.tenantId)], SOCKET_EVENTS.userStatus, { userId: event.userId, isOnline: event.isOnline });
        return;
      case 'contacts.import':
        emit([rooms.user(event.tenantId, event.userId)], SOCKET_EVENTS.importProgress, event.progress);
        return;
      case 'channel.historyImport':
        emit([rooms.admins(event.tenantId)], SOCKET_EVENTS.historyImport, event.progress);
        return;
      case 'message.outbound':
        return;
      case 'settings.changed':
        // A changed setting shows in the next push at once on this node (others within SETTINGS_TTL_MS).
        settingsCache.delete(event.tenantId);
        return;
    }
  });
}
