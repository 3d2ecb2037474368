import { z } from 'zod';
import { cpfCnpjSchema, emailSchema, refIdSchema } from '../contracts.js';
import { birthdayInputSchema } from '../birthdays.js';
import { extraInfoSchema } from '../inbox.js';
import { blankToNull } from './blank.js';

/** Request bodies of the contact routes (SPEC §3 Contact, §5 validation), shared by the server and the contact form. */

export const MAX_WALLETS = 100;

const contactFields = {
  name: z.string().trim().min(1).max(200),
  /** With the country code; normalised (libphonenumber-js) by the use case, ERR_INVALID_PHONE when not a number. */
  number: z.string().trim().min(1).max(40),
  email: blankToNull(emailSchema).optional(),
  /** CPF or CNPJ, punctuation kept. */
  identity: blankToNull(cpfCnpjSchema).optional(),
  birthday: blankToNull(birthdayInputSchema)
    .optional()
    .describe('dd/MM/yyyy, or dd/MM without the year (or yyyy-MM-dd / --MM-dd); answered as yyyy-MM-dd or --MM-dd.'),
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

/** No field has a default: an edit changes only what it sends. */
export const updateContactBodySchema = z.object(contactFields).partial();
