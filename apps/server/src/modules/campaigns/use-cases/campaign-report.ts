import { CAMPAIGN_CONTACTS_PAGE_SIZE, type CampaignContactStatus } from '@conversa/shared';
import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { CONTENT_TYPES, DELIVERY_STATUS_TITLES, writeTableFile, type ContactFileFormat } from '../../contacts/contact-files.js';
import { tenantClockFormat } from '../../tenants/use-cases/tenant-clock-format.js';
import { findCampaign, listCampaignContactLines, type CampaignContactLine } from '../campaigns.repository.js';

async function campaignOf(ctx: AppContext, actor: Actor, id: number) {
  const campaign = await findCampaign(ctx.db, actor.tenantId, id);
  if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  return campaign;
}

/** A page of the campaign's contacts with what happened to each (the report, and the contacts tab). */
export async function listCampaignContacts(
  ctx: AppContext,
  actor: Actor,
  id: number,
  query: { pageNumber: number; status?: CampaignContactStatus },
): Promise<{ contacts: CampaignContactLine[]; count: number; hasMore: boolean }> {
  await campaignOf(ctx, actor, id);
  const offset = (query.pageNumber - 1) * CAMPAIGN_CONTACTS_PAGE_SIZE;
  const { lines, total } = await listCampaignContactLines(ctx.db, actor.tenantId, id, {
    status: query.status,
    limit: CAMPAIGN_CONTACTS_PAGE_SIZE,
    offset,
  });
  return { contacts: lines, count: total, hasMore: offset + lines.length < total };
}

// In Portuguese, as the reports' exports are (SPEC: Portuguese first), with the times on the tenant's clock.
const REPORT_HEADER = ['Nome', 'Número', 'Situação', 'Mensagem', 'Enviada em', 'Motivo'];

/** The report per contact (sent, delivered, read where the channel tells, failed with its reason) as a CSV or XLSX file. */
export async function exportCampaignReport(
  ctx: AppContext,
  actor: Actor,
  id: number,
  format: ContactFileFormat,
): Promise<{ content: Buffer; contentType: string; fileName: string }> {
  const campaign = await campaignOf(ctx, actor, id);
  const { lines } = await listCampaignContactLines(ctx.db, actor.tenantId, id, {});
  const { moment } = await tenantClockFormat(ctx.db, actor.tenantId);
  const rows = lines.map((line) => [
    line.name,
    line.number,
    DELIVERY_STATUS_TITLES[line.status],
    line.messageNumber === null ? null : String(line.messageNumber),
    line.sentAt ? moment(line.sentAt) : null,
    line.error,
  ]);
  const content = await writeTableFile(format, REPORT_HEADER, rows, 'Campanha');
  const safeName =
    campaign.name
      .replace(/[^\p{L}\p{N} _-]+/gu, '')
      .trim()
      .slice(0, 60) || `campaign-${id}`;
  return { content, contentType: CONTENT_TYPES[format], fileName: `${safeName}.${format}` };
}
