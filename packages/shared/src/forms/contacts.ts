import { z } from 'zod';
import { cpfCnpjSchema, emailSchema, refIdSchema } from '../contracts.js';
import { fieldRule } from '../errors.js';
import { extraInfoSchema } from '../inbox.js';
import { blankToNull } from './blank.js';

/** Request bodies of the contact routes (SPEC §3 Contact, §5 validation), shared by the server and the contact form. */

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

const birthdaySchema = z
  .string()
  .trim()
  .max(10)
  .transform((value, issue) => {
    const iso = parseBirthday(value);
    if (!iso) {
      issue.addIssue({ code: 'custom', message: 'Invalid date: use dd/MM/yyyy.', ...fieldRule('invalidDate') });
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

/** No field has a default: an edit changes only what it sends. */
export const updateContactBodySchema = z.object(contactFields).partial();
