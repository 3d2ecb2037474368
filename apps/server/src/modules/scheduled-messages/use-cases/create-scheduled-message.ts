import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { findDefaultChannel } from '../../channels/use-cases/find-default-channel.js';
import { findContactById } from '../../contacts/use-cases/find-contact-by-id.js';
import { assertKnownVariables } from '../../messages/template-check.js';
import { assertCanSeeTicket } from '../../tickets/use-cases/ticket-access.js';
import { findScheduleView, insertSchedule, type ScheduleView } from '../scheduled-messages.repository.js';
import type { CreateScheduleInput } from '../scheduled-messages.schemas.js';
import { assertNotPast } from './schedule-access.js';
import { scheduleOccurrenceJob } from './schedule-occurrence-job.js';

/** A file already checked (type sniffed, size), saved once the schedule is valid. */
export interface ScheduleUpload {
  content: Buffer;
  name: string;
  mime: string;
  type: string;
}

/**
 * A message scheduled for a contact on a channel: from a ticket (its contact and channel, which any
 * contactId or whatsappId given must match; the actor must see the ticket) or for a contact (on `whatsappId`, else the default channel). Not in
 * the past (ERR_INVALID_DATE); text with known {{variables}} (rendered when sent) and/or a file.
 * Its send job is enqueued with it, at its date.
 */
export async function createScheduledMessage(
  ctx: AppContext,
  actor: Actor,
  input: CreateScheduleInput,
  upload?: ScheduleUpload,
): Promise<ScheduleView> {
  const { tenantId } = actor;
  const scheduleDate = new Date(input.scheduleDate);
  assertNotPast(scheduleDate);
  if (!input.body.trim() && !upload) throw new AppError('ERR_VALIDATION', 'The message is empty.', { body: ['Required'] });
  await assertKnownVariables(ctx, actor.tenantId, input.body);
  let target: { contactId: number; channelId: number; ticketId: number | null };
  if (input.ticketId !== undefined) {
    const ticket = await assertCanSeeTicket(ctx, actor, input.ticketId);
    // The ticket names the contact and the channel: any other given must be the same ones.
    if (input.contactId !== undefined && input.contactId !== ticket.contactId)
      throw new AppError('ERR_VALIDATION', "The contact is not the ticket's contact.", { contactId: ["Not the ticket's contact"] });
    if (input.whatsappId !== undefined && input.whatsappId !== ticket.channelId)
      throw new AppError('ERR_VALIDATION', "The channel is not the ticket's channel.", { whatsappId: ["Not the ticket's channel"] });
    target = { contactId: ticket.contactId, channelId: ticket.channelId, ticketId: ticket.id };
  } else {
    const contact = await findContactById(ctx.db, tenantId, input.contactId!);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    const channel = input.whatsappId
      ? await findChannelById(ctx.db, tenantId, input.whatsappId)
      : await findDefaultChannel(ctx.db, tenantId);
    if (!channel) throw new AppError(input.whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
    target = { contactId: contact.id, channelId: channel.id, ticketId: null };
  }
  const media = upload
    ? {
        mediaKey: await ctx.media.save(tenantId, upload.content),
        mediaName: upload.name,
        mediaMime: upload.mime,
        mediaSize: upload.content.length,
        mediaType: upload.type,
      }
    : {};
  return transact(ctx, async (tx, events) => {
    const row = await insertSchedule(tx, {
      tenantId,
      ...target,
      userId: actor.userId,
      body: input.body,
      ...media,
      scheduleDate,
      recurrence: input.recurrence,
    });
    await scheduleOccurrenceJob(ctx, tx, row);
    events.push({ type: 'schedule.changed', tenantId, scheduleId: row.id, action: 'create' });
    return (await findScheduleView(tx, tenantId, row.id))!;
  });
}
