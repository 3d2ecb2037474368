import { contactSchema, createContactBodySchema, tagRefSchema, updateContactBodySchema } from '@conversa/shared';
import { queryIdList } from '../../platform/http/query-params.js';
import { z } from 'zod';

/**
 * Request and response schemas of the contacts routes (SPEC §3 Contact, §5 validation). The create
 * and edit bodies are defined in @conversa/shared: the web app's contact form checks with the same ones.
 */
export { createContactBodySchema, MAX_WALLETS, parseBirthday, updateContactBodySchema } from '@conversa/shared';

export const CONTACTS_PAGE_SIZE = 40;

export type CreateContactInput = z.output<typeof createContactBodySchema>;
export type UpdateContactInput = z.output<typeof updateContactBodySchema>;

export const blockContactBodySchema = z
  .object({ blocked: z.boolean().optional(), chatbotBlocked: z.boolean().optional() })
  .refine((body) => body.blocked !== undefined || body.chatbotBlocked !== undefined, { message: 'Send blocked, chatbotBlocked or both.' });

export const listContactsQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  tagIds: queryIdList.describe('Contacts carrying any of these tag ids (1,2 or repeated).'),
});

export const contactDetailsSchema = contactSchema.extend({ wallets: z.array(z.number().int()), tags: z.array(tagRefSchema) });
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

export const listContactsResponseSchema = z.object({
  contacts: z.array(contactDetailsSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});

export const exportQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const IMPORT_STATUSES = ['queued', 'running', 'finished', 'failed'] as const;
export const importJobParamsSchema = z.object({ jobId: z.uuid() });
export const importStartedSchema = z.object({ jobId: z.string(), status: z.enum(IMPORT_STATUSES), total: z.number().int() });
export const importReportSchema = z.object({
  jobId: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  imported: z.number().int(),
  /** Spreadsheet row numbers (the header is row 1) with the reason each was not imported: code (name, number, countryCode, email, duplicate) and words. */
  rejected: z.array(z.object({ row: z.number().int(), code: z.string().optional(), reason: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
