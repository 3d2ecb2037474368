import type { BirthdayContact } from '@conversa/shared';
import type { BirthdayRow } from './birthdays.repository.js';

export function presentBirthdayContact(row: BirthdayRow, year: number): BirthdayContact {
  const born = /^(\d{4})-/.exec(row.birthday);
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    birthday: row.birthday,
    age: born ? year - Number(born[1]) : null,
    channelId: row.channelId === null ? null : Number(row.channelId),
    greetedAt: row.greetedAt ? new Date(row.greetedAt).toISOString() : null,
    greetedChannelId: row.greetedChannelId,
  };
}
