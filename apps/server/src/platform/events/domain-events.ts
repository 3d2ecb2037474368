import type { HistoryImportProgress } from '@conversa/shared';
import type { Logger } from 'pino';
import type { MessageRow } from '../../modules/messages/messages.repository.js';
import type { TicketView } from '../../modules/tickets/tickets.repository.js';

/** Facts that decide who may see a ticket; events carry them before and after a change. */
export interface TicketVisibilityFacts {
  queueId: number | null;
  userId: number | null;
  status: string;
  chatFlowId: number | null;
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

/** What happened, recorded by use cases inside their transaction and published after commit. */
export type DomainEvent =
  | { type: 'ticket.changed'; tenantId: number; ticketId: number; action: 'create' | 'update' | 'delete'; before?: TicketVisibilityFacts }
  | {
      type: 'message.created';
      tenantId: number;
      ticketId: number;
      messageId: string;
      /** A customer's message (not the phone's own, not one sent from Conversa): what automation reacts to. */
      inbound?: { ticketCreated: boolean; isGroup: boolean };
      stored?: StoredMessageFacts;
    }
  | { type: 'message.updated'; tenantId: number; ticketId: number; messageId: string }
  | { type: 'message.outbound'; tenantId: number; ticketId: number; messageId: string }
  | { type: 'contact.changed'; tenantId: number; contactId: number; action: 'create' | 'update' | 'delete' }
  | { type: 'channel.session'; tenantId: number; channelId: number }
  | { type: 'user.status'; tenantId: number; userId: number; isOnline: boolean }
  | {
      type: 'contacts.import';
      tenantId: number;
      userId: number;
      progress: { done: number; total: number; rejected: number; finished: boolean };
    }
  | { type: 'channel.historyImport'; tenantId: number; progress: HistoryImportProgress }
  /**
   * Access ended or changed: the sockets concerned must go at once. `sessionId` alone: one login
   * session (logout); `userId`: every session of the user but `keepSessionId` (password change,
   * deletion, changed profile or queues); neither: the whole tenant (deactivated or deleted).
   */
  | { type: 'access.revoked'; tenantId: number; userId?: number; sessionId?: string; keepSessionId?: string; tenantInactive?: boolean };

export type DomainEventHandler = (event: DomainEvent) => Promise<void> | void;

/** In-process publisher. Handlers run after commit; a failing handler is logged and never affects the request. */
export class EventBus {
  private readonly handlers: DomainEventHandler[] = [];

  constructor(private readonly logger: Logger) {}

  subscribe(handler: DomainEventHandler): void {
    this.handlers.push(handler);
  }

  publish(events: readonly DomainEvent[]): void {
    for (const event of events) {
      for (const handler of this.handlers) {
        Promise.resolve()
          .then(() => handler(event))
          .catch((error: unknown) => this.logger.error({ err: error, event: event.type }, 'event handler failed'));
      }
    }
  }

  /** Resolves when handlers already started have had a chance to run (tests). */
  async drain(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
  }
}
