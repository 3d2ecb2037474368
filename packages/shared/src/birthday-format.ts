// A stored birthday shown to people, without zod: the chat's contact panel shows it without
// downloading the contracts (birthdays.ts re-exports it beside the schemas).

/** dd/MM/yyyy, or dd/MM without a year, of a stored birthday. */
export function formatBirthday(stored: string | null | undefined): string {
  if (!stored) return '';
  const match = /^(\d{4}|-)-(\d{2})-(\d{2})$/.exec(stored);
  if (!match) return stored;
  const [, year, month, day] = match;
  return year === '-' ? `${day}/${month}` : `${day}/${month}/${year}`;
}
