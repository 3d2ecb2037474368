import { BIRTHDAYS_PAGE_SIZE, type BirthdayPeriod, type ListBirthdaysResponse } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { assertCanManageBirthdays } from '../birthdays.policy.js';
import { presentBirthdayContact } from '../birthdays.presenter.js';
import { listBirthdayRows } from '../birthdays.repository.js';
import { tenantBirthdayDay } from './tenant-birthday-day.js';

/** /aniversarios: the tenant's contacts with a birthday today or this month (its time zone), 40 a page. */
export async function listBirthdays(
  ctx: AppContext,
  actor: Actor,
  query: { period: BirthdayPeriod; pageNumber: number },
  now = new Date(),
): Promise<ListBirthdaysResponse> {
  assertCanManageBirthdays(actor);
  const today = await tenantBirthdayDay(ctx.db, actor.tenantId, now);
  const offset = (query.pageNumber - 1) * BIRTHDAYS_PAGE_SIZE;
  const days = query.period === 'today' ? { monthDays: today.monthDays } : { month: today.month };
  const { rows, count } = await listBirthdayRows(ctx.db, actor.tenantId, days, today.year, { limit: BIRTHDAYS_PAGE_SIZE, offset });
  return {
    contacts: rows.map((row) => presentBirthdayContact(row, today.year)),
    count,
    hasMore: offset + rows.length < count,
    today: today.iso,
  };
}
