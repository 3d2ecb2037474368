import type { NotificationContent } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { transact } from '../../../platform/events/transact.js';
import { insertNotificationsForUsers } from '../notifications.repository.js';

export interface NotifyUsersInput {
  tenantId: number;
  /** Recipients; ids that are not users of the tenant are ignored. */
  userIds: number[];
  /** What it is about: a kind and its params (each reader's app words it in their language). */
  content: NotificationContent;
  /** An app path the notification opens (e.g. `/tarefas?task=12`). */
  link?: string | null;
  /**
   * What caused it, e.g. `task.reminder` + `12:3` or `note.mention` + the note id: a recipient gets
   * at most one notification per source and id, so a job or an event consumer that runs twice
   * notifies once.
   */
  source: string;
  sourceId: string;
}

/**
 * The use case other modules call to notify users (task reminders, mentions from a `note.created`
 * consumer…). Inside a caller's transaction (`into`), or in a transaction of its own. The bell of
 * each notified user is updated live after the commit. Answers the users actually notified.
 */
export async function notifyUsers(ctx: AppContext, input: NotifyUsersInput, into?: { tx: Db; events: DomainEvent[] }): Promise<number[]> {
  const work = async (tx: Db, events: DomainEvent[]) => {
    const notified = await insertNotificationsForUsers(tx, input.tenantId, {
      userIds: input.userIds,
      content: input.content,
      link: input.link ?? null,
      source: input.source,
      sourceId: input.sourceId,
    });
    if (notified.length) events.push({ type: 'notifications.changed', tenantId: input.tenantId, userIds: notified });
    return notified;
  };
  return into ? work(into.tx, into.events) : transact(ctx, work);
}
