import type { AppContext } from '../../../app-context.js';
import { messageNamesMediaKey } from '../../messages/use-cases/message-names-media-key.js';
import { scheduleNamesMediaKey } from '../scheduled-messages.repository.js';

/**
 * A schedule's file it no longer has (replaced, removed, or the schedule deleted), removed from
 * storage after that change committed — unless a message still names it: each occurrence sent
 * carries the schedule's stored file itself (the same key), and so do forwards of it; the file
 * stays while they exist. Nothing can name it anew by then (a send of the earlier version is
 * stale). A failure is logged, never the caller's: the orphaned-media cleanup finds the file later.
 */
export async function discardScheduleFile(ctx: AppContext, tenantId: number, key: string | null): Promise<void> {
  if (!key) return;
  try {
    if ((await messageNamesMediaKey(ctx.db, tenantId, key)) || (await scheduleNamesMediaKey(ctx.db, tenantId, key))) return;
    await ctx.media.remove(key);
  } catch (error) {
    ctx.logger.warn({ err: error, key }, 'could not remove the file a scheduled message no longer has');
  }
}
