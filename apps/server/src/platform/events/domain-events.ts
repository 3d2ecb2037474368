import type { BillingBlockReason, HistoryImportProgress, ReportExport, TagRef } from '@conversa/shared';
import type { contacts, messages, tickets } from '../db/schema.js';

/** A stored message, as an event carries it. */
export type MessageRow = typeof messages.$inferSelect;

/** A ticket with what the inbox shows next to it (the tickets module reads it; events carry it). */
export type TicketView = typeof tickets.$inferSelect & {
  contactName: string;
  contactNumber: string | null;
  contactEmail: string | null;
  contactPicture: string | null;
  contactBlocked: boolean;
  username: string | null;
  channelType: string;
  /** The name of the ticket's kanban lane (laneId), null without one. */
  laneName: string | null;
  /** The ticket's tags, by name. */
  tags: TagRef[];
  /** The name of the reason chosen at resolve (demandId), null without one. */
  demandName: string | null;
  /** The ticket's protocol (yyyyMMdd + sequence), null only for a ticket without one. */
  protocol: string | null;
};

/** Facts that decide who may see a ticket; events carry them before and after a change. */
export interface TicketVisibilityFacts {
  queueId: number | null;
  userId: number | null;
  status: string;
  chatFlowId: number | null;
  /** A group conversation (mostrarGruposParaTodos); absent in events logged before it was carried: not a group. */
  isGroup?: boolean;
}

/**
 * What an inbound transaction already had when it stored a message, carried by its
 * `message.created` so that the listeners do not read it again after the commit.
 */
export interface StoredMessageFacts {
  message: MessageRow;
  channelType: string;
  contactKey: string | null;
  /** The ticket changed with the message: its push goes with the message's (one read of the ticket). */
  ticketAction: 'create' | 'update';
  /** The ticket as the statement that stored the message left it (the one-statement path answers it). */
  view?: TicketView;
}

/** A ticket transferred to a user: the receiver is told (toast, web push); `byUserId` null when an automation did it. */
export interface TicketTransferFacts {
  byUserId: number | null;
  toUserId: number;
}

/**
 * What happened. Use cases record events inside their transaction (transact): written to the event
 * log with the change, relayed after commit. Some are only told to this process's listeners
 * (EventLog.publish): presence, progress, session status — facts that a later reader reads anyway.
 */
export type DomainEvent =
  | {
      type: 'ticket.changed';
      tenantId: number;
      ticketId: number;
      action: 'create' | 'update' | 'delete';
      before?: TicketVisibilityFacts;
      /** The change handed the ticket to a user (a transfer): who did it (null: an automation) and who got it. */
      transfer?: TicketTransferFacts;
    }
  | ({
      /** Beside the ticket.changed of a transfer to a user: the event the receiver's web push waits for. */
      type: 'ticket.transferred';
      tenantId: number;
      ticketId: number;
    } & TicketTransferFacts)
  | {
      type: 'message.created';
      tenantId: number;
      ticketId: number;
      messageId: string;
      /** A customer's message (not the phone's own, not one sent from Conversa): what automation reacts to. */
      inbound?: { ticketCreated: boolean; isGroup: boolean };
      stored?: StoredMessageFacts;
    }
  | {
      type: 'message.updated';
      tenantId: number;
      ticketId: number;
      messageId: string;
      /** Set when a provider's delivery status moved the message on (sent, delivered, read, failed): its ack and status then. */
      delivery?: { ack: number; status: string };
      /** The message and its ticket as the statement that changed it answered them (the push reads neither again). */
      stored?: { message: MessageRow; view: TicketView };
    }
  | { type: 'message.outbound'; tenantId: number; ticketId: number; messageId: string }
  /** The tenant's kanban lanes changed (a lane created, renamed, recoloured, moved or deleted). */
  | { type: 'lanes.changed'; tenantId: number }
  | {
      type: 'contact.changed';
      tenantId: number;
      contactId: number;
      action: 'create' | 'update' | 'delete';
      /** The contact and its tags as the change left them, when the use case has them (the push and the webhooks read neither again). */
      stored?: { contact: typeof contacts.$inferSelect; tags: TagRef[] };
    }
  | { type: 'channel.session'; tenantId: number; channelId: number }
  | { type: 'user.status'; tenantId: number; userId: number; isOnline: boolean }
  /** A team created, edited, deleted or with new members: `userIds` are its members before and after. */
  | { type: 'team.changed'; tenantId: number; teamId: number; action: 'create' | 'update' | 'delete'; userIds: number[] }
  /** An internal chat message: `recipientIds` are the conversation's members when it was sent (sender included). */
  | { type: 'privateMessage.created'; tenantId: number; messageId: number; recipientIds: number[] }
  /** A user read a conversation of the internal chat (their other tabs clear its unread count). */
  | { type: 'privateChat.read'; tenantId: number; userId: number; conversation: { type: 'user' | 'team'; id: number } }
  | {
      type: 'contacts.import';
      tenantId: number;
      userId: number;
      progress: { done: number; total: number; rejected: number; finished: boolean };
    }
  | { type: 'channel.historyImport'; tenantId: number; progress: HistoryImportProgress }
  /** An internal note on a ticket (notes module): what a mention's notification needs, with the note's start. */
  | {
      type: 'note.created';
      tenantId: number;
      noteId: number;
      ticketId: number;
      authorId: number;
      mentionedUserIds: number[];
      excerpt: string;
    }
  | { type: 'note.changed'; tenantId: number; noteId: number; ticketId: number; action: 'update' | 'delete'; mentionedUserIds?: number[] }
  /**
   * Access ended or changed: the sockets concerned must go at once. `sessionId` alone: one login
   * session (logout); `userId`: every session of the user but `keepSessionId` (password change,
   * deletion, changed profile or queues); neither: the whole tenant (deactivated or deleted).
   */
  | { type: 'access.revoked'; tenantId: number; userId?: number; sessionId?: string; keepSessionId?: string; tenantInactive?: boolean }
  /** Notifications of these users (all of the tenant's without userIds) were added or read: their bells change. */
  | { type: 'notifications.changed'; tenantId: number; userIds?: number[] }
  /** A tenant setting changed (issue 11): pushes re-read the settings; a visibility setting re-rooms the tenant's sockets. */
  | { type: 'settings.changed'; tenantId: number; key: string }
  /** These contacts' wallet users changed: with DirectTicketsToWallets, who sees their tickets changed (the tenant's sockets are re-roomed). */
  | { type: 'contact.walletsChanged'; tenantId: number; contactIds: number[] }
  /** A scheduled message was created, edited, canceled, sent or failed (issue 12): pushed to who may see it. */
  | { type: 'schedule.changed'; tenantId: number; scheduleId: number; action: 'create' | 'update' }
  /** A scheduled message was deleted: who saw it (its creator, the admins) drop it. */
  | { type: 'schedule.deleted'; tenantId: number; scheduleId: number; userId: number | null }
  /** A campaign was changed, deleted, or made progress (issue 12): its live view reaches the tenant's admins and supervisors. */
  | { type: 'campaign.changed'; tenantId: number; campaignId: number; action: 'update' | 'delete' }
  /** An SMS was queued or its status changed (sms module): for whoever follows sends (mass-send progress). */
  | { type: 'sms.changed'; tenantId: number; smsId: string; status: string; sourceKind: string }
  /**
   * Members joined ('join') or left ('leave') a WhatsApp group of a QR-code channel (issue 12).
   * `eventKey`: the provider's id of the change, the same when the provider delivers it again.
   */
  | {
      type: 'group.participants';
      tenantId: number;
      channelId: number;
      groupJid: string;
      action: 'join' | 'leave';
      numbers: string[];
      eventKey: string;
    }
  /** A member wrote in a WhatsApp group of a QR-code channel: what the word list checks. */
  | {
      type: 'group.message';
      tenantId: number;
      channelId: number;
      groupJid: string;
      /** WhatsApp's id of the message. */
      messageId: string;
      /** The author's JID (what a deletion for everyone names), and their number when known. */
      participant: string;
      number: string | null;
      text: string;
    }
  /** A mass send was created, paused, resumed, canceled, finished or made progress (issue 12): its live view reaches its creator and the tenant's admins and supervisors. */
  | { type: 'massSend.changed'; tenantId: number; massSendId: number }
  /** A report export made progress, finished or failed (issue 14; published, not logged): its view reaches its maker. */
  | { type: 'reportExport.changed'; tenantId: number; userId: number; export: ReportExport }
  /** The company was blocked for payment or unblocked (billing module): its users' sockets follow at once. */
  | { type: 'tenant.billing'; tenantId: number; blocked: boolean; reason: BillingBlockReason | null };

export type DomainEventHandler = (event: DomainEvent) => Promise<void> | void;
