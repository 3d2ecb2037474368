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

export const campaignMediaQuerySchema = z.object({
  message: z.coerce.number().int().min(1).max(3).describe('The message (1–3) whose file it is.'),
});
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
