/** SPEC §5 date-time: dd/MM/yyyy HH:mm, 24-hour, in the browser's time zone. */
const PATTERN = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/;

/** The ISO instant of a typed dd/MM/yyyy HH:mm, or null when it is not a real date and time. */
export function parseDateTime(text: string): string | null {
  const match = PATTERN.exec(text.trim());
  if (!match) return null;
  const [day, month, year, hours, minutes] = match.slice(1).map(Number);
  const date = new Date(year, month - 1, day, hours, minutes);
  if (
    date.getFullYear() !== year ||
    date.getMonth() !== month - 1 ||
    date.getDate() !== day ||
    date.getHours() !== hours ||
    date.getMinutes() !== minutes
  )
    return null;
  return date.toISOString();
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as dd/MM/yyyy HH:mm in the browser's time zone. */
export function toDateTimeText(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The mask ##/##/#### ##:## applied to what is typed: digits only, separators added. */
export function maskDateTime(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 12);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8), digits.slice(8, 10), digits.slice(10, 12)];
  let out = parts[0];
  if (digits.length > 2) out += `/${parts[1]}`;
  if (digits.length > 4) out += `/${parts[2]}`;
  if (digits.length > 8) out += ` ${parts[3]}`;
  if (digits.length > 10) out += `:${parts[4]}`;
  return out;
}
