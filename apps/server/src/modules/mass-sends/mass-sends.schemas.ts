import { z } from 'zod';
import { idSchema } from '@conversa/shared';
export {
  createMassSendBodySchema,
  massSendRecipientsPageSchema,
  massSendRecipientsQuerySchema,
  massSendReportQuerySchema,
  massSendSchema,
  massSendTemplateOptionSchema,
  massSendUploadSchema,
} from '@conversa/shared';

export const templatesQuerySchema = z.object({
  whatsappId: idSchema.describe('A WhatsApp Cloud API (official) connection of the tenant.'),
});
