import i18n from './i18n';

// Dates are read and written as dayjs did here (lib/format.test.ts compares them with dayjs): an
// ISO date or date-time without a zone is local time, any other string is read by Date. Not dayjs
// itself: these five formats do not need its 3 kB in the inbox's download.
const LOCAL_DATE_TIME = /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

function toDate(value: string): Date {
  const parts = /Z$/i.test(value) ? null : LOCAL_DATE_TIME.exec(value);
  if (!parts) return new Date(value);
  const [, year, month, day, hours, minutes, seconds, fraction] = parts;
  return new Date(
    Number(year),
    Number(month) - 1 || 0,
    Number(day || 1),
    Number(hours || 0),
    Number(minutes || 0),
    Number(seconds || 0),
    Number((fraction || '0').substring(0, 3)),
  );
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const ymd = (date: Date) => [pad(date.getFullYear(), 4), pad(date.getMonth() + 1), pad(date.getDate())];
const hm = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** `DD/MM/YYYY` (with ` HH:mm`), `HH:mm` or `YYYY-MM-DD` of a date string, as dayjs formats them. */
function format(value: string, pattern: 'date' | 'time' | 'dateTime' | 'day'): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const [year, month, day] = ymd(date);
  if (pattern === 'time') return hm(date);
  if (pattern === 'day') return `${year}-${month}-${day}`;
  return pattern === 'date' ? `${day}/${month}/${year}` : `${day}/${month}/${year} ${hm(date)}`;
}

/** SPEC §9: numbers in pt-br format with 2 to 3 decimals. */
export function formatMoney(value: number): string {
  return new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(value);
}

const COUNTS = new Map<string, Intl.NumberFormat>();

/** A whole number in the interface's language (4.096 in Portuguese, 4,096 in English); one formatter per language. */
export function formatCount(value: number): string {
  let format = COUNTS.get(i18n.language);
  if (!format) COUNTS.set(i18n.language, (format = new Intl.NumberFormat(i18n.language)));
  return format.format(value);
}

const CURRENCY = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** A ticket's value in reais, in the pt-BR format (SPEC §9): R$ 1.234,56. */
export function formatCurrency(value: number): string {
  return CURRENCY.format(value);
}

/** SPEC §5: dates dd/MM/yyyy. */
export function formatDate(value: string | null | undefined): string {
  return value ? format(value, 'date') : '';
}

export function yesNo(value: boolean): string {
  return value ? i18n.t('common.yes') : i18n.t('common.no');
}

/** 24-hour time HH:mm. */
export function formatTime(value: string | null | undefined): string {
  return value ? format(value, 'time') : '';
}

/** SPEC §5: dd/MM/yyyy HH:mm. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? format(value, 'dateTime') : '';
}

/** Ticket rows: the time for today, the date otherwise. */
export function formatShortMoment(value: string | null | undefined): string {
  if (!value) return '';
  const moment = toDate(value);
  const today = new Date();
  const isToday =
    moment.getFullYear() === today.getFullYear() && moment.getMonth() === today.getMonth() && moment.getDate() === today.getDate();
  return format(value, isToday ? 'time' : 'date');
}

/** The calendar day of a moment (local time), for date separators. */
export function dayKey(value: string): string {
  return format(value, 'day');
}
