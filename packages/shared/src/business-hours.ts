import { z } from 'zod';
import { fieldRule } from './errors.js';
import { templateText } from './template-variables.js';
import { wallClockAt } from './wall-clock.js';

/**
 * Business hours (SPEC §3): per weekday 0–6 (Sunday first) a type — O open all day, C closed all
 * day, H open during one or more intervals — in the tenant's time zone. Out of hours, the absence
 * message answers the customer.
 */

export const BUSINESS_DAY_TYPES = ['O', 'C', 'H'] as const;
export type BusinessDayType = (typeof BUSINESS_DAY_TYPES)[number];
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const MAX_INTERVALS_PER_DAY = 6;
export const ABSENCE_MESSAGE_MAX_LENGTH = 4000;

/** HH:mm, 24-hour; an interval may end at 24:00 (midnight at the end of the day). */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const END_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** Minutes since midnight of an HH:mm text. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

export const businessIntervalSchema = z
  .object({
    start: z.string().regex(TIME, { message: 'Use HH:mm (00:00–23:59).' }),
    end: z.string().regex(END_TIME, { message: 'Use HH:mm (00:00–24:00).' }),
  })
  .refine((interval) => !TIME.test(interval.start) || !END_TIME.test(interval.end) || minutesOf(interval.start) < minutesOf(interval.end), {
    message: 'The interval must end after it starts.',
    path: ['end'],
    ...fieldRule('intervalOrder'),
  });
export type BusinessInterval = z.infer<typeof businessIntervalSchema>;

export const businessDaySchema = z
  .object({
    day: z.number().int().min(0).max(6),
    type: z.enum(BUSINESS_DAY_TYPES),
    /** Only for type H (the other types ignore them and store none). */
    intervals: z.array(businessIntervalSchema).max(MAX_INTERVALS_PER_DAY).default([]),
  })
  .superRefine((day, ctx) => {
    if (day.type !== 'H') return;
    if (day.intervals.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['intervals'],
        message: 'A day with hours needs at least one interval.',
        params: { rule: 'intervalsRequired' },
      });
      return;
    }
    const valid = day.intervals
      .map((interval, index) => ({ index, start: interval.start, end: interval.end }))
      .filter((i) => TIME.test(i.start) && END_TIME.test(i.end) && minutesOf(i.start) < minutesOf(i.end))
      .sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    for (let i = 1; i < valid.length; i++) {
      if (minutesOf(valid[i].start) < minutesOf(valid[i - 1].end)) {
        ctx.addIssue({
          code: 'custom',
          path: ['intervals', valid[i].index, 'start'],
          message: 'Intervals of a day must not overlap.',
          params: { rule: 'intervalOverlap' },
        });
      }
    }
  })
  .transform((day) => ({ ...day, intervals: day.type === 'H' ? day.intervals : [] }));
export type BusinessDay = z.output<typeof businessDaySchema>;

/** The seven days, each exactly once (stored and answered Sunday first). */
export const businessWeekSchema = z
  .array(businessDaySchema)
  .length(7)
  .refine((days) => days.length !== 7 || new Set(days.map((d) => d.day)).size === 7, {
    message: 'Give each weekday 0–6 once.',
    ...fieldRule('weekdaysOnce'),
  })
  .transform((days) => [...days].sort((a, b) => a.day - b.day));

/** A time zone the runtime knows (IANA name or alias), answered in its canonical spelling. */
export function canonicalTimeZone(value: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((value) => canonicalTimeZone(value) !== undefined, {
    message: 'Unknown time zone (use an IANA name such as America/Sao_Paulo).',
    ...fieldRule('timeZone'),
  })
  .transform((value) => canonicalTimeZone(value)!);

/** PUT /tenants/business-hours/: the week and, optionally, the tenant's time zone. */
export const updateBusinessHoursBodySchema = z.object({
  businessHours: businessWeekSchema,
  timeZone: timeZoneSchema.optional(),
});
export type UpdateBusinessHoursBody = z.input<typeof updateBusinessHoursBodySchema>;

/**
 * PUT /tenants/business-hours/ as Izing's and Whazing's screens send it: the bare array of the seven
 * days, each `{ day, label, type, hr1, hr2, hr3, hr4 }`, where a day of type H is open hr1–hr2 and
 * hr3–hr4 (a pair left empty is no interval). Turned into our body, which then validates as usual
 * (so a bad time is refused on `businessHours.N.intervals.M`); anything else is answered as it came.
 */
export function businessWeekBodyOf(body: unknown): unknown {
  if (!Array.isArray(body)) return body;
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    businessHours: body.map((day: unknown) => {
      if (typeof day !== 'object' || day === null || !('hr1' in day || 'hr3' in day)) return day;
      const { day: weekday, type, hr1, hr2, hr3, hr4 } = day as Record<string, unknown>;
      const pairs = [
        [text(hr1), text(hr2)],
        [text(hr3), text(hr4)],
      ].filter(([start, end]) => start !== '' || end !== '');
      return { day: weekday, type, intervals: type === 'H' ? pairs.map(([start, end]) => ({ start, end })) : [] };
    }),
  };
}

/** PUT /tenants/message-business-hours/: the absence message; its {{variables}} must be known; empty: none is sent. */
export const updateAbsenceMessageBodySchema = z.object({
  messageBusinessHours: templateText().max(ABSENCE_MESSAGE_MAX_LENGTH),
});

/** A tenant that configured nothing is open every day: no absence message goes out by surprise. */
export const DEFAULT_BUSINESS_WEEK: BusinessDay[] = WEEKDAYS.map((day) => ({ day, type: 'O' as const, intervals: [] }));

/** The intervals a day switched to H starts with on the screen. */
export const DEFAULT_DAY_INTERVALS: BusinessInterval[] = [
  { start: '08:00', end: '12:00' },
  { start: '13:00', end: '18:00' },
];

/** GET /tenants/business-hours/ and the answers of its PUTs. */
export const businessHoursSchema = z.object({
  businessHours: z.array(
    z.object({
      day: z.number().int(),
      type: z.enum(BUSINESS_DAY_TYPES),
      intervals: z.array(z.object({ start: z.string(), end: z.string() })),
    }),
  ),
  /** The absence message (may use the template variables); empty: none is sent. */
  messageBusinessHours: z.string(),
  timeZone: z.string(),
});
export type BusinessHours = z.infer<typeof businessHoursSchema>;

/**
 * Whether the tenant is open at an instant: the instant is read on the wall clock of the tenant's
 * time zone (so daylight-saving changes move nothing: 09:00 is 09:00 local before and after), then
 * its weekday's type decides; for H, an interval holds it when start ≤ time < end. A weekday
 * missing from the week counts as open (nothing configured closes nothing).
 */
export function isOpenAt(week: readonly Pick<BusinessDay, 'day' | 'type' | 'intervals'>[], timeZone: string, instant: Date): boolean {
  const { day, minutes } = wallClockAt(instant, timeZone);
  const today = week.find((d) => d.day === day);
  if (!today || today.type === 'O') return true;
  if (today.type === 'C') return false;
  return today.intervals.some((interval) => minutesOf(interval.start) <= minutes && minutes < minutesOf(interval.end));
}
