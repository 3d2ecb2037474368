import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { findDueBirthdayContacts, listTenantsWithBirthdayMessages } from '../birthdays.repository.js';
import { greetBirthday } from './greet-birthday.js';
import { birthdayDayAt } from './tenant-birthday-day.js';

const BATCH = 200;

/**
 * The daily birthday round (run every minute by a durable cron job, on whichever node takes it):
 * for each tenant, on its clock, every contact with a birthday today whose channel (that of the
 * contact's latest ticket) has a birthday message and whose birthday hour has come is greeted,
 * each in a transaction of its own that claims contact + year first. A greeting the server missed
 * at the hour (it was down) goes out at the next round of the same day; one claimed already is
 * never sent again, whatever the restarts. Answers how many greetings were queued.
 */
export async function sendDueBirthdays(ctx: AppContext, now = new Date()): Promise<number> {
  let greeted = 0;
  for (const { tenantId, timeZone } of await listTenantsWithBirthdayMessages(ctx.db)) {
    const today = birthdayDayAt(now, timeZone);
    // Pages by contact id: a greeting that fails (logged) is tried again at the next round, not in a loop.
    let after = 0;
    for (;;) {
      const due = await findDueBirthdayContacts(ctx.db, tenantId, today, { after, limit: BATCH });
      for (const { contactId, channelId, queueId, birthdayMessage } of due) {
        after = contactId;
        try {
          const sent = await transact(ctx, (tx, events) =>
            greetBirthday(ctx, tx, events, {
              tenantId,
              contactId,
              year: today.year,
              channel: { id: channelId, queueId, birthdayMessage },
              userId: null,
              at: now,
            }),
          );
          if (sent) greeted++;
        } catch (error) {
          ctx.logger.warn({ err: error, tenantId, contactId, channelId }, 'birthday message not queued; tried again at the next round');
        }
      }
      if (due.length < BATCH) break;
    }
  }
  return greeted;
}
