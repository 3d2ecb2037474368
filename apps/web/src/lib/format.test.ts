import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayKey, formatCount, formatDate, formatDateTime, formatShortMoment, formatTime } from './format';
import i18n from './i18n';

// The formats were dayjs's: these compare with it, on the strings the API sends and on odd ones.
const VALUES = [
  '2026-03-05T14:07:09.123Z',
  '2026-03-05T02:07:09Z',
  '2026-12-31T23:59:59.999Z',
  '2026-03-05T14:07:09-03:00',
  '2026-03-05T14:07:09.5+05:30',
  '2026-03-05T14:07:09',
  '2026-03-05 08:30',
  '2026-03-05',
  '2026-03',
  '2026',
  '2026/03/05',
  '20260305',
  '0987-01-02T03:04:05Z',
  'Thu, 05 Mar 2026 14:07:09 GMT',
  'not a date',
];

afterEach(() => {
  vi.useRealTimers();
});

describe('dates and times', () => {
  it('are written as dayjs wrote them', () => {
    for (const value of VALUES) {
      expect(formatDate(value), value).toBe(dayjs(value).format('DD/MM/YYYY'));
      expect(formatTime(value), value).toBe(dayjs(value).format('HH:mm'));
      expect(formatDateTime(value), value).toBe(dayjs(value).format('DD/MM/YYYY HH:mm'));
      expect(dayKey(value), value).toBe(dayjs(value).format('YYYY-MM-DD'));
    }
  });

  it('ticket rows: the time for today, the date otherwise', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 5, 18, 0));
    expect(formatShortMoment(new Date(2026, 2, 5, 9, 41).toISOString())).toBe('09:41');
    expect(formatShortMoment(new Date(2026, 2, 4, 23, 59).toISOString())).toBe('04/03/2026');
    expect(formatShortMoment('2026-03-05')).toBe('00:00');
    expect(formatShortMoment(null)).toBe('');
  });

  it('nothing for no date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

describe('counts', () => {
  it("are written in the interface's language, and follow a change of language", async () => {
    expect(formatCount(4096)).toBe('4.096');
    await i18n.changeLanguage('en');
    try {
      expect(formatCount(4096)).toBe('4,096');
    } finally {
      await i18n.changeLanguage('pt');
    }
    expect(formatCount(4096)).toBe('4.096');
  });
});
