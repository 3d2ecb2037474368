import { MASS_SEND_RECIPIENTS_PAGE_SIZE, type MassSendRecipientStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import type { Actor } from '../../auth/actor.js';
import { CONTENT_TYPES, DELIVERY_STATUS_TITLES, writeTableFile, type ContactFileFormat } from '../../contacts/contact-files.js';
import { tenantClockFormat } from '../../tenants/use-cases/tenant-clock-format.js';
import { assertCanSee } from '../mass-sends.policy.js';
import { findMassSend, listRecipientLines, type RecipientLine } from '../mass-sends.repository.js';

async function visible(ctx: AppContext, actor: Actor, id: number) {
  const massSend = await findMassSend(ctx.db, actor.tenantId, id);
  assertCanSee(actor, massSend);
  return massSend;
}

/** A page of the recipients, in sending order, with what happened to each (the report on screen). */
export async function listMassSendRecipients(
  ctx: AppContext,
  actor: Actor,
  id: number,
  query: { pageNumber: number; status?: MassSendRecipientStatus },
): Promise<{ recipients: RecipientLine[]; count: number; hasMore: boolean }> {
  await visible(ctx, actor, id);
  const offset = (query.pageNumber - 1) * MASS_SEND_RECIPIENTS_PAGE_SIZE;
  const { lines, total } = await listRecipientLines(ctx.db, actor.tenantId, id, {
    status: query.status,
    limit: MASS_SEND_RECIPIENTS_PAGE_SIZE,
    offset,
  });
  return { recipients: lines, count: total, hasMore: offset + lines.length < total };
}

// In Portuguese, as the other exports are (SPEC: Portuguese first), with the times on the tenant's clock.
const REPORT_HEADER = ['Número', 'Nome', 'Situação', 'Enviada em', 'Motivo'];

/** The report per recipient (sent, delivered, read where the channel tells, failed or skipped with the reason) as CSV or XLSX. */
export async function exportMassSendReport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  format: ContactFileFormat,
): Promise<{ content: Buffer; contentType: string; fileName: string }> {
  await visible(ctx, actor, id);
  const { lines } = await listRecipientLines(ctx.db, actor.tenantId, id, {});
  const { moment } = await tenantClockFormat(ctx.db, actor.tenantId);
  const rows = lines.map((line) => [
    line.number,
    line.name,
    DELIVERY_STATUS_TITLES[line.status],
    line.sentAt ? moment(line.sentAt) : null,
    line.error,
  ]);
  const content = await writeTableFile(format, REPORT_HEADER, rows, 'Envio em massa');
  return { content, contentType: CONTENT_TYPES[format], fileName: `envio-em-massa-${id}.${format}` };
}
