import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertKnownVariables } from '../../messages/template-check.js';
import { findScheduleView, updateSchedule, type ScheduleView } from '../scheduled-messages.repository.js';
import type { UpdateScheduleInput } from '../scheduled-messages.schemas.js';
import type { ScheduleUpload } from './create-scheduled-message.js';
import { discardScheduleFile } from './discard-schedule-file.js';
import { assertNotPast, assertPending, lockVisibleSchedule } from './schedule-access.js';
import { scheduleOccurrenceJob } from './schedule-occurrence-job.js';

const NO_MEDIA = { mediaKey: null, mediaName: null, mediaMime: null, mediaSize: null, mediaType: null };

/**
 * Edits a pending schedule (text, date, recurrence; its file: replaced by `upload`, or taken off with
 * `removeMedia`): a new version, its job enqueued again; the earlier job goes stale. The text and
 * the file may not both be left empty. The file replaced or removed leaves storage once the edit
 * committed, unless messages already sent with it still show it.
 */
export async function updateScheduledMessage(
  ctx: AppContext,
  actor: Actor,
  id: number,
  input: UpdateScheduleInput,
  upload?: ScheduleUpload,
): Promise<ScheduleView> {
  const { tenantId } = actor;
  if (upload && input.removeMedia)
    throw new AppError('ERR_VALIDATION', 'Send a new file or remove the file, not both.', { removeMedia: ['Not with a new file'] });
  const scheduleDate = input.scheduleDate !== undefined ? new Date(input.scheduleDate) : undefined;
  if (scheduleDate) assertNotPast(scheduleDate);
  if (input.body !== undefined) await assertKnownVariables(ctx, actor.tenantId, input.body);
  let dropped: string | null = null;
  const view = await transact(ctx, async (tx, events) => {
    const schedule = await lockVisibleSchedule(ctx, actor, id, tx);
    assertPending(schedule);
    if (upload || input.removeMedia) dropped = schedule.mediaKey;
    const body = input.body ?? schedule.body;
    const keepsMedia = Boolean(upload) || (!input.removeMedia && schedule.mediaKey !== null);
    if (!body.trim() && !keepsMedia) throw new AppError('ERR_VALIDATION', 'The message is empty.', { body: ['Required'] });
    const media = upload
      ? {
          mediaKey: await ctx.media.save(tenantId, upload.content),
          mediaName: upload.name,
          mediaMime: upload.mime,
          mediaSize: upload.content.length,
          mediaType: upload.type,
        }
      : input.removeMedia
        ? NO_MEDIA
        : {};
    const row = (await updateSchedule(tx, tenantId, id, {
      body,
      scheduleDate: scheduleDate ?? schedule.scheduleDate,
      recurrence: input.recurrence ?? schedule.recurrence,
      ...media,
    }))!;
    await scheduleOccurrenceJob(ctx, tx, row);
    events.push({ type: 'schedule.changed', tenantId, scheduleId: id, action: 'update' });
    return (await findScheduleView(tx, tenantId, id))!;
  });
  await discardScheduleFile(ctx, tenantId, dropped);
  return view;
}
