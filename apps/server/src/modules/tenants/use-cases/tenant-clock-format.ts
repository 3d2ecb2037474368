import type { Db } from '../../../platform/db/client.js';
import { getTenantTimeZone } from './get-tenant-time-zone.js';

/**
 * How the files people open (exports, reports) write instants and dates: on the company's clock,
 * the Brazilian way (dd/mm/aaaa hh:mm:ss), and the day for a file name (aaaa-mm-dd).
 */
export async function tenantClockFormat(db: Db, tenantId: number): Promise<{ moment: (at: Date) => string; day: (at: Date) => string }> {
  const timeZone = await getTenantTimeZone(db, tenantId);
  const moment = new Intl.DateTimeFormat('pt-BR', { timeZone, dateStyle: 'short', timeStyle: 'medium' });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return { moment: (at) => moment.format(at).replace(',', ''), day: (at) => day.format(at) };
}
