import type { DashboardGranularity } from '@conversa/shared';

/**
 * The server's limits (packages/shared/src/dashboard.ts, whose module brings zod: not in this
 * screen's download; range.test.ts checks they are the same).
 */
export const MAX_RANGE_DAYS = 366;
export const MAX_HOURLY_DAYS = 2;

/** The range picker's choices. */
export const RANGE_PRESETS = ['today', '7d', '30d', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const PRESET_DAYS: Record<Exclude<RangePreset, 'custom'>, number> = { today: 1, '7d': 7, '30d': 30 };
const DAY_MS = 86_400_000;

export interface ResolvedRange {
  /** Local midnight of the first day (ISO instant). */
  from: string;
  /** Local midnight after the last day (ISO instant, excluded). */
  to: string;
  granularity: DashboardGranularity;
}

/** Local midnight of `date` moved by `days` (calendar days: right across daylight-saving changes). */
function midnight(date: Date, days = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/**
 * Hourly buckets for ranges of up to 2 days (SPEC §2 evolution "per day or hour"), daily otherwise.
 * Instants, as the server measures them: two days that gain an hour (clocks going back) are daily.
 */
export function granularityFor(from: Date, to: Date): DashboardGranularity {
  return to.getTime() - from.getTime() <= MAX_HOURLY_DAYS * DAY_MS ? 'hour' : 'day';
}

function resolved(from: Date, to: Date): ResolvedRange {
  return { from: from.toISOString(), to: to.toISOString(), granularity: granularityFor(from, to) };
}

/** Today, the last 7 or 30 days (today included), in the user's time zone. */
export function presetRange(preset: Exclude<RangePreset, 'custom'>, now: Date = new Date()): ResolvedRange {
  return resolved(midnight(now, 1 - PRESET_DAYS[preset]), midnight(now, 1));
}

/**
 * A custom range of whole days, both included (the picker's first and last days). Null while the
 * range is incomplete or longer than the server allows (MAX_RANGE_DAYS).
 */
export function customRange(first: Date | null, last: Date | null): ResolvedRange | null {
  if (!first || !last) return null;
  const [start, end] = first <= last ? [first, last] : [last, first];
  const from = midnight(start);
  const to = midnight(end, 1);
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) return null;
  return resolved(from, to);
}

/** Whether a complete custom range is longer than one request may ask. */
export function customRangeTooLong(first: Date | null, last: Date | null): boolean {
  return first !== null && last !== null && customRange(first, last) === null;
}

/** The user's IANA time zone (the evolution's days start at their midnight). */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
