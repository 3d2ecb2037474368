import { contactSchema, cpfCnpjSchema, emailSchema, extraInfoSchema, refIdSchema } from '@conversa/shared';
import { z } from 'zod';

/** Request and response schemas of the contacts routes (SPEC §3 Contact, §5 validation). */

export const CONTACTS_PAGE_SIZE = 40;
export const MAX_WALLETS = 100;

/** SPEC §5: dates are dd/MM/yyyy; ISO yyyy-MM-dd is accepted too. Answers the ISO date, or undefined when not a real past date. */
export function parseBirthday(text: string): string | undefined {
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = br ? [br[3], br[2], br[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return undefined;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day))
    return undefined;
  if (Number(year) < 1900 || date.getTime() > Date.now()) return undefined;
  return `${year}-${month}-${day}`;
}

/** Forms send '' for an emptied field: it means "none". */
const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable());

const birthdaySchema = z
  .string()
  .trim()
  .max(10)
  .transform((value, issue) => {
    const iso = parseBirthday(value);
    if (!iso) {
      issue.addIssue({ code: 'custom', message: 'Invalid date: use dd/MM/yyyy.' });
      return z.NEVER;
    }
    return iso;
  });

const contactFields = {
  name: z.string().trim().min(1).max(200),
  /** With the country code; normalised (libphonenumber-js) by the use case, ERR_INVALID_PHONE when not a number. */
  number: z.string().trim().min(1).max(40),
  email: blankToNull(emailSchema).optional(),
  /** CPF or CNPJ, punctuation kept. */
  identity: blankToNull(cpfCnpjSchema).optional(),
  birthday: blankToNull(birthdaySchema).optional().describe('dd/MM/yyyy (or yyyy-MM-dd); answered as yyyy-MM-dd.'),
  firstName: blankToNull(z.string().trim().max(120)).optional(),
  lastName: blankToNull(z.string().trim().max(120)).optional(),
  businessName: blankToNull(z.string().trim().max(200)).optional(),
  extraInfo: extraInfoSchema.optional(),
  /** The users who own the contact (wallets); users of the tenant. */
  wallets: z.array(refIdSchema).max(MAX_WALLETS).optional(),
  blocked: z.boolean().optional(),
  chatbotBlocked: z.boolean().optional(),
};

export const createContactBodySchema = z.object(contactFields);
export type CreateContactInput = z.output<typeof createContactBodySchema>;

export const updateContactBodySchema = z.object(contactFields).partial();
export type UpdateContactInput = z.output<typeof updateContactBodySchema>;

export const blockContactBodySchema = z
  .object({ blocked: z.boolean().optional(), chatbotBlocked: z.boolean().optional() })
  .refine((body) => body.blocked !== undefined || body.chatbotBlocked !== undefined, { message: 'Send blocked, chatbotBlocked or both.' });

export const listContactsQuerySchema = z.object({
  searchParam: z.string().trim().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
});

export const contactDetailsSchema = contactSchema.extend({ wallets: z.array(z.number().int()) });
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
