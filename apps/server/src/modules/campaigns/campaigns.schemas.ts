import { z } from 'zod';
import { idSchema } from '@conversa/shared';
export {
  campaignContactsPageSchema,
  campaignContactsQuerySchema,
  campaignReportExportQuerySchema,
  campaignSchema,
  createCampaignBodySchema,
  linkCampaignContactsBodySchema,
  updateCampaignBodySchema,
} from '@conversa/shared';

export const campaignMediaParamsSchema = z.object({ id: idSchema, messageNumber: z.coerce.number().int().min(1).max(3) });
export const campaignContactParamsSchema = z.object({
  id: idSchema,
  contactId: idSchema,
});
export const linkResultSchema = z.object({
  added: z.number().int(),
  contactCount: z.number().int(),
  rows: z.number().int().optional(),
  rejected: z.record(z.string(), z.number().int()).optional(),
});
export const unlinkResultSchema = z.object({ removed: z.number().int(), contactCount: z.number().int() });
