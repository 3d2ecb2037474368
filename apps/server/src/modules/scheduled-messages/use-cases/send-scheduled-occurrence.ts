import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { queueAutomatedMessage } from '../../messages/queue-automated-message.js';
import { openOutboundTicket } from '../../tickets/use-cases/open-outbound-ticket.js';
import { claimScheduleOccurrence, lockSchedule, recordOccurrenceMessage, updateSchedule } from '../scheduled-messages.repository.js';
import { scheduleOccurrenceJob } from './schedule-occurrence-job.js';

const DAY_MS = 24 * 3_600_000;

/**
 * The date of the occurrence after one due at `due`, every `days` days: the first one of the series
 * after `now`. Occurrences missed while the server was down are not caught up (one late send, then
 * the series goes on at its own time of day).
 */
export function nextOccurrenceDate(due: Date, days: number, now: Date = new Date()): Date {
  const step = days * DAY_MS;
  const missed = Math.max(0, Math.floor((now.getTime() - due.getTime()) / step));
  return new Date(due.getTime() + (missed + 1) * step);
}

export type OccurrenceOutcome = 'sent' | 'stale' | 'failed';

/**
 * Sends the due occurrence of a schedule, once. In one transaction: the schedule is locked and must
 * still be pending at the job's version (an edit, a cancel or an earlier run made a new version:
 * nothing happens); the occurrence is claimed by its unique (schedule, occurrence) key; the
 * message goes into the contact's ongoing ticket on the channel, or a new one, through the one
 * outbound path (template variables rendered, stored pending, durable send job); then a recurring
 * schedule moves to its next date (with its job), a one-off one ends sent. All of it commits or
 * none of it: a job run twice, or again after a crash, finds a new version and sends nothing more.
 * A refusal of the outbound path (channel or contact gone) ends the schedule failed, with why.
 */
export async function sendScheduledOccurrence(
  ctx: AppContext,
  job: { tenantId: number; scheduleId: number; version: number },
): Promise<OccurrenceOutcome> {
  const { tenantId, scheduleId } = job;
  try {
    return await transact(ctx, async (tx, events): Promise<OccurrenceOutcome> => {
      const schedule = await lockSchedule(tx, tenantId, scheduleId);
      if (!schedule || schedule.status !== 'pending' || schedule.version !== job.version) return 'stale';
      const sendId = await claimScheduleOccurrence(tx, tenantId, schedule.id, schedule.occurrence);
      if (sendId === undefined) return 'stale';
      const ticket = await openOutboundTicket(tx, events, {
        tenantId,
        contactId: schedule.contactId,
        channelId: schedule.channelId,
        userId: schedule.userId,
        by: 'schedule',
      });
      const media = schedule.mediaKey
        ? {
            key: schedule.mediaKey,
            name: schedule.mediaName ?? 'file',
            mime: schedule.mediaMime ?? 'application/octet-stream',
            size: schedule.mediaSize,
            type: schedule.mediaType ?? 'document',
          }
        : null;
      const message = await queueAutomatedMessage(
        ctx,
        tx,
        events,
        { tenantId, ticketId: ticket.id, userId: schedule.userId },
        { body: schedule.body, media },
      );
      await recordOccurrenceMessage(tx, tenantId, sendId, { messageId: message.id, ticketId: ticket.id });
      const now = new Date();
      const next =
        schedule.recurrence > 0
          ? { scheduleDate: nextOccurrenceDate(schedule.scheduleDate, schedule.recurrence, now), occurrence: schedule.occurrence + 1 }
          : { status: 'sent' as const };
      const row = (await updateSchedule(tx, tenantId, schedule.id, {
        ...next,
        sentCount: schedule.sentCount + 1,
        lastSentAt: now,
        ticketId: ticket.id,
        error: null,
      }))!;
      await scheduleOccurrenceJob(ctx, tx, row);
      events.push({ type: 'ticket.changed', tenantId, ticketId: ticket.id, action: 'update' });
      events.push({ type: 'schedule.changed', tenantId, scheduleId: schedule.id, action: 'update' });
      return 'sent';
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return markFailed(ctx, job, error.message);
  }
}

async function markFailed(
  ctx: AppContext,
  job: { tenantId: number; scheduleId: number; version: number },
  reason: string,
): Promise<OccurrenceOutcome> {
  return transact(ctx, async (tx, events) => {
    const schedule = await lockSchedule(tx, job.tenantId, job.scheduleId);
    if (!schedule || schedule.status !== 'pending' || schedule.version !== job.version) return 'stale';
    await updateSchedule(tx, job.tenantId, schedule.id, { status: 'failed', error: reason });
    events.push({ type: 'schedule.changed', tenantId: job.tenantId, scheduleId: schedule.id, action: 'update' });
    return 'failed';
  });
}
