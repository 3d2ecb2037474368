import { z } from 'zod';
import { refIdSchema } from './contracts.js';
import { fieldRule } from './errors.js';

/**
 * Birthdays (SPEC §1 "birthday messages", /aniversarios, POST /messages/sendBirthday; issue 12).
 *
 * A contact's birthday is stored as `yyyy-MM-dd`, or `--MM-dd` when the year is not known (the
 * ISO 8601 form of a day and month without a year); its last 5 characters are the month-day.
 * A contact born on 29 February is greeted on 28 February in years that have no 29 February.
 */

export const BIRTHDAYS_PAGE_SIZE = 40;
/** The hour a new channel sends the day's birthday messages when none is chosen. */
export const DEFAULT_BIRTHDAY_HOUR = 9;

const isRealMonthDay = (month: number, day: number) => {
  // 2000 is a leap year: 29 February is a real birthday.
  const date = new Date(Date.UTC(2000, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * SPEC §5: dd/MM/yyyy, or dd/MM without the year; ISO yyyy-MM-dd and --MM-dd are accepted too.
 * Answers the stored form (yyyy-MM-dd or --MM-dd), or undefined when not a real date (a year from
 * 1900, not in the future).
 */
export function parseBirthday(text: string): string | undefined {
  const br = /^(\d{2})\/(\d{2})(?:\/(\d{4}))?$/.exec(text);
  const iso = /^(?:(\d{4})|-)-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!month || !day || !isRealMonthDay(Number(month), Number(day))) return undefined;
  if (year === undefined) return `--${month}-${day}`;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1) return undefined;
  if (Number(year) < 1900 || date.getTime() > Date.now()) return undefined;
  return `${year}-${month}-${day}`;
}

export { formatBirthday } from './birthday-format.js';

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The month-days ('MM-dd') celebrated on a calendar day: 28 February also celebrates 29 February in a common year. */
export function monthDaysCelebratedOn(day: { year: number; month: number; day: number }): string[] {
  const md = `${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
  return md === '02-28' && !isLeapYear(day.year) ? [md, '02-29'] : [md];
}

/**
 * The birthday hour of a channel (SPEC §5: whole hours, minutes ignored): 0–23, or an `HH:mm`
 * text whose minutes are dropped.
 */
export const birthdayHourSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const match = /^\s*(\d{1,2})(?::\d{2})?\s*$/.exec(value);
    return match ? Number(match[1]) : value;
  },
  z
    .number({ error: 'A whole hour from 0 to 23 (minutes are ignored).' })
    .int()
    .min(0)
    .max(23)
    .describe('The hour (0–23, tenant time zone) the birthday messages go out; "HH:mm" is accepted, its minutes ignored.'),
);

export const BIRTHDAY_PERIODS = ['today', 'month'] as const;
export type BirthdayPeriod = (typeof BIRTHDAY_PERIODS)[number];

export const listBirthdaysQuerySchema = z.object({
  period: z.enum(BIRTHDAY_PERIODS).default('today'),
  pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListBirthdaysQuery = z.input<typeof listBirthdaysQuerySchema>;

export const birthdayContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string().nullable(),
  /** yyyy-MM-dd, or --MM-dd without the year. */
  birthday: z.string(),
  /** The age reached this year; null without a birth year. */
  age: z.number().int().nullable(),
  /** The channel the daily job greets the contact on (the channel of their latest ticket); null: none yet. */
  channelId: z.number().int().nullable(),
  /** When this year's greeting was claimed (sent or queued); null: not greeted yet this year. */
  greetedAt: z.string().nullable(),
  greetedChannelId: z.number().int().nullable(),
});
export type BirthdayContact = z.infer<typeof birthdayContactSchema>;

export const listBirthdaysResponseSchema = z.object({
  contacts: z.array(birthdayContactSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
  /** The tenant's today (yyyy-MM-dd, its time zone): the day and month the list is about. */
  today: z.string(),
});
export type ListBirthdaysResponse = z.infer<typeof listBirthdaysResponseSchema>;

export const sendBirthdayBodySchema = z.object({
  contactId: refIdSchema,
  /** The channel to send on (SPEC: manual send by channel); its birthday message is sent. */
  whatsappId: refIdSchema,
});
export type SendBirthdayBody = z.infer<typeof sendBirthdayBodySchema>;

export const sendBirthdayResponseSchema = z.object({
  contactId: z.number().int(),
  channelId: z.number().int(),
  ticketId: z.number().int(),
  messageId: z.string(),
  year: z.number().int(),
});
export type SendBirthdayResponse = z.infer<typeof sendBirthdayResponseSchema>;

/** A birthday text a contact form field accepts (dd/MM/yyyy or dd/MM), with `rule: 'invalidDate'` when not a date. */
export const birthdayInputSchema = z
  .string()
  .trim()
  .max(10)
  .transform((value, issue) => {
    const stored = parseBirthday(value);
    if (!stored) {
      issue.addIssue({ code: 'custom', message: 'Invalid date: use dd/MM/yyyy (or dd/MM without the year).', ...fieldRule('invalidDate') });
      return z.NEVER;
    }
    return stored;
  });

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day and whole hour of an instant on the wall clock of a time zone. */
export function calendarDayAt(instant: Date, timeZone: string): { year: number; month: number; day: number; hour: number } {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      hourCycle: 'h23',
    });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) };
}
