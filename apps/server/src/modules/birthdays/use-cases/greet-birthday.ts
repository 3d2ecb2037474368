import { BIRTHDAY_TEMPLATE_VARIABLES } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { queueAutomatedMessage } from '../../messages/queue-automated-message.js';
import { openOutboundTicket } from '../../tickets/use-cases/open-outbound-ticket.js';
import { claimBirthdaySend, setBirthdaySendMessage } from '../birthdays.repository.js';

export interface BirthdayGreeting {
  tenantId: number;
  contactId: number;
  year: number;
  channel: { id: number; queueId: number | null; birthdayMessage: string };
  /** Who sent it by hand; null: the daily job. */
  userId: number | null;
  /** The round's moment (its {{greeting}}); default now. */
  at?: Date;
}

/**
 * Inside the caller's transaction: claims the contact's greeting of the year (the unique key
 * contact + year), then hands the channel's birthday message to the one outbound path (stored
 * pending with its durable send job) in the contact's ticket on that channel. Both commit
 * together or not at all: a restart or a second node finds the claim and sends nothing more.
 * Answers null when the greeting of that year was claimed already.
 */
export async function greetBirthday(
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  greeting: BirthdayGreeting,
): Promise<{ ticketId: number; messageId: string } | null> {
  const { tenantId, contactId, year, channel } = greeting;
  if (!(await claimBirthdaySend(tx, tenantId, { contactId, year, channelId: channel.id, userId: greeting.userId }))) return null;
  const ticket = await openOutboundTicket(tx, events, { tenantId, contactId, channelId: channel.id, userId: null, by: 'birthday' });
  const message = await queueAutomatedMessage(
    ctx,
    tx,
    events,
    { tenantId, ticketId: ticket.id, at: greeting.at },
    { body: channel.birthdayMessage, variables: BIRTHDAY_TEMPLATE_VARIABLES },
  );
  await setBirthdaySendMessage(tx, tenantId, { contactId, year, messageId: message.id });
  return { ticketId: ticket.id, messageId: message.id };
}
