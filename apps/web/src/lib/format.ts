import dayjs from 'dayjs';
import i18n from './i18n';

/** SPEC §9: numbers in pt-br format with 2 to 3 decimals. */
export function formatMoney(value: number): string {
  return new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(value);
}

/** SPEC §5: dates dd/MM/yyyy. */
export function formatDate(value: string | null | undefined): string {
  return value ? dayjs(value).format('DD/MM/YYYY') : '';
}

export function yesNo(value: boolean): string {
  return value ? i18n.t('common.yes') : i18n.t('common.no');
}

/** 24-hour time HH:mm. */
export function formatTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('HH:mm') : '';
}

/** SPEC §5: dd/MM/yyyy HH:mm. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '';
}

/** Ticket rows: the time for today, the date otherwise. */
export function formatShortMoment(value: string | null | undefined): string {
  if (!value) return '';
  const moment = dayjs(value);
  return moment.isSame(dayjs(), 'day') ? moment.format('HH:mm') : moment.format('DD/MM/YYYY');
}

/** The calendar day of a moment (local time), for date separators. */
export function dayKey(value: string): string {
  return dayjs(value).format('YYYY-MM-DD');
}
