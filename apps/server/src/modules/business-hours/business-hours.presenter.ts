import { DEFAULT_BUSINESS_WEEK, type BusinessHours } from '@conversa/shared';
import type { BusinessHoursRow } from './business-hours.repository.js';

export function presentBusinessHours(row: BusinessHoursRow | undefined, timeZone: string): BusinessHours {
  return {
    businessHours: (row?.days ?? DEFAULT_BUSINESS_WEEK).map((d) => ({
      day: d.day,
      type: d.type,
      intervals: d.intervals.map((i) => ({ start: i.start, end: i.end })),
    })),
    messageBusinessHours: row?.absenceMessage ?? '',
    timeZone,
  };
}
