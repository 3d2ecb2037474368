import {
  businessWeekSchema,
  isOpenAt,
  timeZoneSchema,
  updateBusinessHoursBodySchema,
  wallClockAt,
  type BusinessDay,
} from '@conversa/shared';
import { describe, expect, it } from 'vitest';

const SP = 'America/Sao_Paulo';
const NY = 'America/New_York';

/** Mon–Fri 08:00–12:00 and 13:00–18:00, Saturday 09:00–13:00, Sunday closed. */
const week: BusinessDay[] = [
  { day: 0, type: 'C', intervals: [] },
  ...[1, 2, 3, 4, 5].map((day) => ({
    day,
    type: 'H' as const,
    intervals: [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '18:00' },
    ],
  })),
  { day: 6, type: 'H', intervals: [{ start: '09:00', end: '13:00' }] },
];
const at = (iso: string) => new Date(iso);

describe('isOpenAt', () => {
  it('reads the instant on the tenant clock (São Paulo is UTC−3): intervals include the start and exclude the end', () => {
    // Wednesday 2026-11-25
    expect(isOpenAt(week, SP, at('2026-11-25T10:59:00Z'))).toBe(false); // 07:59 local
    expect(isOpenAt(week, SP, at('2026-11-25T11:00:00Z'))).toBe(true); // 08:00
    expect(isOpenAt(week, SP, at('2026-11-25T14:59:59Z'))).toBe(true); // 11:59:59
    expect(isOpenAt(week, SP, at('2026-11-25T15:00:00Z'))).toBe(false); // 12:00, lunch
    expect(isOpenAt(week, SP, at('2026-11-25T16:30:00Z'))).toBe(true); // 13:30
    expect(isOpenAt(week, SP, at('2026-11-25T21:00:00Z'))).toBe(false); // 18:00
    // The same instant is another local day and hour in UTC.
    expect(isOpenAt(week, 'UTC', at('2026-11-25T16:30:00Z'))).toBe(true);
    expect(isOpenAt(week, 'UTC', at('2026-11-25T20:30:00Z'))).toBe(false);
  });

  it('type C closes the whole day and type O opens it', () => {
    // Sunday 2026-11-29 12:00 local
    expect(isOpenAt(week, SP, at('2026-11-29T15:00:00Z'))).toBe(false);
    const open = week.map((d) => (d.day === 0 ? { ...d, type: 'O' as const } : d));
    expect(isOpenAt(open, SP, at('2026-11-29T15:00:00Z'))).toBe(true);
    expect(isOpenAt(open, SP, at('2026-11-29T03:00:00Z'))).toBe(true); // 00:00 local
  });

  it('the weekday is the local one: Saturday 23:30 in São Paulo is already Sunday in UTC', () => {
    const saturdayNight = at('2026-11-29T02:30:00Z'); // Saturday 23:30 local, Sunday 02:30 UTC
    expect(wallClockAt(saturdayNight, SP)).toEqual({ day: 6, minutes: 23 * 60 + 30 });
    const lateSaturday = week.map((d) => (d.day === 6 ? { ...d, intervals: [{ start: '20:00', end: '24:00' }] } : d));
    expect(isOpenAt(lateSaturday, SP, saturdayNight)).toBe(true);
    expect(isOpenAt(lateSaturday, 'UTC', saturdayNight)).toBe(false);
  });

  it('is DST-safe: 09:00 local opens at 09:00 local on both sides of a change (New York, 8 March 2026)', () => {
    const nineToFive = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, type: 'H' as const, intervals: [{ start: '09:00', end: '17:00' }] }));
    // Saturday 7 March: EST (UTC−5). 09:00 local = 14:00Z.
    expect(isOpenAt(nineToFive, NY, at('2026-03-07T13:59:00Z'))).toBe(false);
    expect(isOpenAt(nineToFive, NY, at('2026-03-07T14:00:00Z'))).toBe(true);
    // Monday 9 March: EDT (UTC−4). 09:00 local = 13:00Z; 14:00Z−1 min would be wrong under a fixed offset.
    expect(isOpenAt(nineToFive, NY, at('2026-03-09T12:59:00Z'))).toBe(false);
    expect(isOpenAt(nineToFive, NY, at('2026-03-09T13:00:00Z'))).toBe(true);
    expect(isOpenAt(nineToFive, NY, at('2026-03-09T20:59:00Z'))).toBe(true); // 16:59 EDT
    expect(isOpenAt(nineToFive, NY, at('2026-03-09T21:00:00Z'))).toBe(false); // 17:00 EDT
    // The change itself (02:00 → 03:00 local on Sunday 8 March): an interval 01:00–03:30 holds 01:59 and 03:00 local.
    const night = nineToFive.map((d) => ({ ...d, intervals: [{ start: '01:00', end: '03:30' }] }));
    expect(wallClockAt(at('2026-03-08T06:59:00Z'), NY)).toEqual({ day: 0, minutes: 1 * 60 + 59 });
    expect(wallClockAt(at('2026-03-08T07:00:00Z'), NY)).toEqual({ day: 0, minutes: 3 * 60 });
    expect(isOpenAt(night, NY, at('2026-03-08T07:29:00Z'))).toBe(true); // 03:29 EDT
    expect(isOpenAt(night, NY, at('2026-03-08T07:30:00Z'))).toBe(false); // 03:30 EDT
    // Autumn back (1 November 2026, 02:00 EDT → 01:00 EST): 01:30 happens twice, open both times.
    expect(isOpenAt(night, NY, at('2026-11-01T05:30:00Z'))).toBe(true); // 01:30 EDT
    expect(isOpenAt(night, NY, at('2026-11-01T06:30:00Z'))).toBe(true); // 01:30 EST
    expect(isOpenAt(night, NY, at('2026-11-01T08:30:00Z'))).toBe(false); // 03:30 EST
  });

  it('a weekday missing from the week counts as open', () => {
    expect(isOpenAt([], SP, at('2026-11-25T03:00:00Z'))).toBe(true);
  });
});

describe('business week schema', () => {
  const days = (change: (day: number) => object) => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, type: 'O', ...change(day) }));
  const issuesOf = (value: unknown) => {
    const parsed = businessWeekSchema.safeParse(value);
    return parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ path: i.path.join('.'), rule: (i as { params?: { rule?: string } }).params?.rule ?? i.code }));
  };

  it('accepts a valid week, sorts it by day and drops the intervals of O and C days', () => {
    const input = days((day) =>
      day === 3
        ? {
            type: 'H',
            intervals: [
              { start: '13:00', end: '24:00' },
              { start: '08:00', end: '13:00' },
            ],
          }
        : { intervals: [{ start: '10:00', end: '11:00' }] },
    ).reverse();
    const parsed = businessWeekSchema.parse(input);
    expect(parsed.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(parsed[3].intervals).toEqual([
      { start: '13:00', end: '24:00' },
      { start: '08:00', end: '13:00' },
    ]);
    expect(parsed[0].intervals).toEqual([]);
  });

  it('refuses bad times, start ≥ end, overlaps, an H day without intervals, a missing or repeated weekday, an unknown type', () => {
    expect(issuesOf(days((day) => (day === 1 ? { type: 'H', intervals: [{ start: '8:00', end: '25:00' }] } : {})))).toEqual([
      { path: '1.intervals.0.start', rule: 'invalid_format' },
      { path: '1.intervals.0.end', rule: 'invalid_format' },
    ]);
    expect(issuesOf(days((day) => (day === 1 ? { type: 'H', intervals: [{ start: '18:00', end: '08:00' }] } : {})))).toEqual([
      { path: '1.intervals.0.end', rule: 'intervalOrder' },
    ]);
    expect(issuesOf(days((day) => (day === 1 ? { type: 'H', intervals: [{ start: '10:00', end: '10:00' }] } : {})))).toEqual([
      { path: '1.intervals.0.end', rule: 'intervalOrder' },
    ]);
    expect(
      issuesOf(
        days((day) =>
          day === 2
            ? {
                type: 'H',
                intervals: [
                  { start: '13:00', end: '18:00' },
                  { start: '08:00', end: '13:01' },
                ],
              }
            : {},
        ),
      ),
    ).toEqual([{ path: '2.intervals.0.start', rule: 'intervalOverlap' }]);
    expect(issuesOf(days((day) => (day === 4 ? { type: 'H', intervals: [] } : {})))).toEqual([
      { path: '4.intervals', rule: 'intervalsRequired' },
    ]);
    expect(issuesOf(days(() => ({})).map((d) => (d.day === 6 ? { ...d, day: 5 } : d)))).toEqual([{ path: '', rule: 'weekdaysOnce' }]);
    expect(issuesOf(days(() => ({})).slice(1))).toEqual([{ path: '', rule: 'too_small' }]);
    expect(issuesOf(days((day) => (day === 0 ? { type: 'X' } : {})))).toEqual([{ path: '0.type', rule: 'invalid_value' }]);
  });

  it('time zones: IANA names and aliases are accepted in their canonical spelling, anything else refused', () => {
    expect(timeZoneSchema.parse('America/Sao_Paulo')).toBe('America/Sao_Paulo');
    expect(timeZoneSchema.parse(' Europe/Lisbon ')).toBe('Europe/Lisbon');
    expect(timeZoneSchema.parse('utc')).toBe('UTC');
    for (const bad of ['Mars/Olympus', 'GMT+99', '', 'America/Sao Paulo']) expect(timeZoneSchema.safeParse(bad).success, bad).toBe(false);
    expect(updateBusinessHoursBodySchema.safeParse({ businessHours: days(() => ({})), timeZone: 'Nowhere/Land' }).success).toBe(false);
  });
});
