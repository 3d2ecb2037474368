import type { SendBirthdayBody, SendBirthdayResponse } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageBirthdays } from '../birthdays.policy.js';
import { findBirthdayChannel, findBirthdayContact, findBirthdaySend } from '../birthdays.repository.js';
import { greetBirthday } from './greet-birthday.js';
import { tenantBirthdayDay } from './tenant-birthday-day.js';

/**
 * POST /messages/sendBirthday: a supervisor sends a contact the birthday message of a channel by
 * hand, under the same once-a-year claim as the daily job. A contact greeted already this year
 * (by the job or by hand) gets ERR_BIRTHDAY_ALREADY_SENT with when and on which channel.
 */
export async function sendBirthday(
  ctx: AppContext,
  actor: Actor,
  input: SendBirthdayBody,
  now = new Date(),
): Promise<SendBirthdayResponse> {
  assertCanManageBirthdays(actor);
  const { tenantId } = actor;
  const { year } = await tenantBirthdayDay(ctx.db, tenantId, now);
  const sent = await transact(ctx, async (tx, events) => {
    const contact = await findBirthdayContact(tx, tenantId, input.contactId);
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
    if (!contact.birthday || contact.isGroup) throw new AppError('ERR_NO_BIRTHDAY');
    if (contact.blocked) throw new AppError('ERR_CONTACT_BLOCKED');
    const channel = await findBirthdayChannel(tx, tenantId, input.whatsappId);
    if (!channel) throw new AppError('ERR_NO_WAPP_FOUND');
    if (!channel.birthdayMessage?.trim()) throw new AppError('ERR_NO_BIRTHDAY_MESSAGE');
    const greeting = {
      tenantId,
      contactId: contact.id,
      year,
      channel: { ...channel, birthdayMessage: channel.birthdayMessage },
      userId: actor.userId,
    };
    return greetBirthday(ctx, tx, events, greeting);
  });
  if (sent) return { contactId: input.contactId, channelId: input.whatsappId, year, ...sent };
  const claim = await findBirthdaySend(ctx.db, tenantId, input.contactId, year);
  throw new AppError('ERR_BIRTHDAY_ALREADY_SENT', undefined, undefined, {
    year,
    greetedAt: claim?.createdAt.toISOString() ?? null,
    channelId: claim?.channelId ?? null,
    byUser: claim ? claim.userId !== null : null,
  });
}
