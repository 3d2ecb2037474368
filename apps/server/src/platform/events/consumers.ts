import type { AppContext } from '../../app-context.js';
import type { DomainEvent } from './domain-events.js';

/**
 * A durable reaction to domain events: the relay hands it each event of its `types` once it is
 * committed (and, after a crash, when the event log is swept), and records what it has handled by
 * `name`. A handler may still see an event twice (a crash after it acted, before that record): its
 * effects must be idempotent (a unique key, a row lock in the same transaction as its effect).
 */
export interface EventConsumer {
  /** Stable: its handled events are recorded under it. */
  name: string;
  types: readonly DomainEvent['type'][];
  /** `loggedAt`: when the event was logged (its row's time, or its relay's moment just after the commit). */
  handle(ctx: AppContext, event: DomainEvent, eventId: string, loggedAt?: Date): Promise<void>;
}
