import { calendarDayAt, monthDaysCelebratedOn } from '@conversa/shared';
import type { Db } from '../../../platform/db/client.js';
import { AppError } from '../../../platform/http/app-error.js';
import { findTenantTimeZone } from '../birthdays.repository.js';

export interface BirthdayDay {
  year: number;
  month: number;
  day: number;
  hour: number;
  /** The month-days greeted on this day (28 February also greets 29 February in a common year). */
  monthDays: string[];
  /** yyyy-MM-dd. */
  iso: string;
}

/** The day (and hour) it is on a time zone's clock, as birthdays count it. */
export function birthdayDayAt(now: Date, timeZone: string): BirthdayDay {
  const today = calendarDayAt(now, timeZone);
  const iso = `${String(today.year).padStart(4, '0')}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
  return { ...today, monthDays: monthDaysCelebratedOn(today), iso };
}

/** The tenant's day now (its time zone). */
export async function tenantBirthdayDay(db: Db, tenantId: number, now: Date): Promise<BirthdayDay> {
  const timeZone = await findTenantTimeZone(db, tenantId);
  if (!timeZone) throw new AppError('ERR_NO_TENANT_FOUND');
  return birthdayDayAt(now, timeZone);
}
