import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findFarewellMessage } from '../farewell-messages.repository.js';

/** The text of a preset an agent picked when resolving (its variables are filled in when it is queued). */
export async function farewellMessageText(tx: Db, tenantId: number, id: number): Promise<string> {
  const row = await findFarewellMessage(tx, tenantId, id);
  if (!row) throw new AppError('ERR_NO_FAREWELL_FOUND');
  return row.message;
}
