import i18n from '../../lib/i18n';

/** What a card or a table cell shows for a figure the range does not have. */
export const NO_FIGURE = '—';

/**
 * A duration for people: "45 s", "4 min 12 s", "1 h 05 min", "2 d 3 h" (units translated). Seconds
 * are rounded; null (no ticket had the figure) is "—".
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return NO_FIGURE;
  const total = Math.max(0, Math.round(seconds));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const secs = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  if (days > 0) return i18n.t('dashboard.duration.daysHours', { days, hours });
  if (hours > 0) return i18n.t('dashboard.duration.hoursMinutes', { hours, minutes: pad(minutes) });
  if (minutes > 0) return i18n.t('dashboard.duration.minutesSeconds', { minutes, seconds: pad(secs) });
  return i18n.t('dashboard.duration.seconds', { seconds: secs });
}

/** A count in the user's language (1.234). */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined) return NO_FIGURE;
  return value.toLocaleString(i18n.language);
}

/** The average rating (0–5) with one decimal, or "—" without ratings. */
export function formatRating(value: number | null | undefined): string {
  if (value === null || value === undefined) return NO_FIGURE;
  return value.toLocaleString(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** A share of a total as a whole percentage ("38%"), or "—" when the total is 0. */
export function formatShare(part: number, total: number): string {
  if (total <= 0) return NO_FIGURE;
  return (part / total).toLocaleString(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
}
