import type { Db } from '../../platform/db/client.js';
import { queueGreetings } from '../../platform/db/schema.js';

/** Records that a queue greets a ticket; false when it already has (the key is ticket + queue). */
export async function insertQueueGreeting(db: Db, values: { tenantId: number; ticketId: number; queueId: number }): Promise<boolean> {
  const inserted = await db.insert(queueGreetings).values(values).onConflictDoNothing().returning({ ticketId: queueGreetings.ticketId });
  return inserted.length > 0;
}
