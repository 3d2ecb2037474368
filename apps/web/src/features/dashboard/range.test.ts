import { DASHBOARD_MAX_HOURLY_DAYS, DASHBOARD_MAX_RANGE_DAYS } from '@conversa/shared';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatRating, formatShare } from './format';
import { customRange, customRangeTooLong, MAX_HOURLY_DAYS, MAX_RANGE_DAYS, presetRange } from './range';

const local = (year: number, month: number, day: number, hour = 0) => new Date(year, month - 1, day, hour).toISOString();

describe('the dashboard range', () => {
  it("keeps the server's limits", () => {
    expect(MAX_RANGE_DAYS).toBe(DASHBOARD_MAX_RANGE_DAYS);
    expect(MAX_HOURLY_DAYS).toBe(DASHBOARD_MAX_HOURLY_DAYS);
  });

  it('today is hourly from local midnight to the next; 7 and 30 days are daily and end with today', () => {
    const now = new Date(2026, 2, 15, 14, 30);
    expect(presetRange('today', now)).toEqual({ from: local(2026, 3, 15), to: local(2026, 3, 16), granularity: 'hour' });
    expect(presetRange('7d', now)).toEqual({ from: local(2026, 3, 9), to: local(2026, 3, 16), granularity: 'day' });
    expect(presetRange('30d', now)).toEqual({ from: local(2026, 2, 14), to: local(2026, 3, 16), granularity: 'day' });
  });

  it('a custom range covers whole days, either order; up to 2 days hourly; too long is refused', () => {
    expect(customRange(new Date(2026, 0, 10), new Date(2026, 0, 11))).toEqual({
      from: local(2026, 1, 10),
      to: local(2026, 1, 12),
      granularity: 'hour',
    });
    expect(customRange(new Date(2026, 0, 12), new Date(2026, 0, 10))).toEqual({
      from: local(2026, 1, 10),
      to: local(2026, 1, 13),
      granularity: 'day',
    });
    expect(customRange(new Date(2026, 0, 10), null)).toBeNull();
    expect(customRangeTooLong(new Date(2026, 0, 10), null)).toBe(false);
    expect(customRange(new Date(2025, 0, 1), new Date(2025, 11, 31))?.granularity).toBe('day');
    expect(customRangeTooLong(new Date(2025, 0, 1), new Date(2026, 0, 2))).toBe(true);
  });
});

describe('the dashboard figures', () => {
  it('durations read as people say them; nothing is a dash', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(252)).toBe('4 min 12 s');
    expect(formatDuration(3_900)).toBe('1 h 05 min');
    expect(formatDuration(3_600 * 27 + 60)).toBe('1 d 3 h');
    expect(formatDuration(0.4)).toBe('0 s');
    expect(formatDuration(null)).toBe('—');
    expect(formatRating(4.25)).toBe('4,3');
    expect(formatRating(null)).toBe('—');
    expect(formatShare(1, 4)).toBe('25%');
    expect(formatShare(0, 0)).toBe('—');
  });
});
