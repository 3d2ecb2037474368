import { z } from 'zod';
export {
  createGroupBanBodySchema,
  createGroupBatchBodySchema,
  createGroupWordBodySchema,
  groupActionsPageSchema,
  groupActionsQuerySchema,
  groupBanSchema,
  groupBatchSchema,
  groupChannelSchema,
  groupSettingsBodySchema,
  groupSettingsSchema,
  groupSummarySchema,
  groupWordSchemaDto,
} from '@conversa/shared';

export const channelParamSchema = z.object({ whatsappId: z.coerce.number().int().positive().max(2_147_483_647) });
export const channelQuerySchema = z.object({ whatsappId: z.coerce.number().int().positive().max(2_147_483_647).optional() });
