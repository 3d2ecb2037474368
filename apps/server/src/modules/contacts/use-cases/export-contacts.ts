import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { CONTENT_TYPES, writeContactFile, type ContactFileFormat } from '../contact-files.js';
import { tenantClockFormat } from '../../tenants/use-cases/tenant-clock-format.js';
import { assertCanTransferContacts } from '../contacts.policy.js';
import { listContactsAfter, type ContactRow } from '../contacts.repository.js';

const PAGE = 5_000;

/** The tenant's contacts as a CSV or XLSX download (Nome, Número, E-mail, …), re-importable as is. */
export async function exportContacts(
  ctx: AppContext,
  actor: Actor,
  format: ContactFileFormat,
): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  assertCanTransferContacts(actor);
  const contacts: ContactRow[] = [];
  for (;;) {
    const last = contacts.at(-1);
    const page = await listContactsAfter(ctx.db, actor.tenantId, last && { name: last.name, id: last.id }, PAGE);
    contacts.push(...page);
    if (page.length < PAGE) break;
  }
  const { day } = await tenantClockFormat(ctx.db, actor.tenantId);
  return {
    fileName: `contatos-${day(ctx.clock.now())}.${format}`,
    contentType: CONTENT_TYPES[format],
    content: await writeContactFile(format, contacts),
  };
}
