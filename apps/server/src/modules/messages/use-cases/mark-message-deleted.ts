import type { Db } from '../../../platform/db/client.js';
import { updateMessageRow } from '../messages.repository.js';

/** A message deleted at the provider (by the customer or on the phone), marked in the caller's transaction; the caller tells the inbox. */
export async function markMessageDeleted(tx: Db, tenantId: number, messageId: string): Promise<void> {
  await updateMessageRow(tx, tenantId, messageId, { deleted: true });
}
