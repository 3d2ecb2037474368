import type { AppContext } from '../../../app-context.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { ContactWithWallets } from '../../contacts/contact-input.js';
import { findContactByNumber } from '../../contacts/use-cases/find-contact-by-number.js';
import { createContact } from '../../contacts/use-cases/create-contact.js';
import { updateContact } from '../../contacts/use-cases/update-contact.js';
import type { ApiConfigRow } from '../external-api.repository.js';
import { apiActor } from './api-actor.js';
import { apiNumberOrFail } from './api-recipient.js';

export interface ApiContactFields {
  name?: string;
  email?: string | null;
  extraInfo?: Array<{ name: string; value: string }>;
  /** Whazing's disableBot: the chatbot does not answer this contact. */
  disableBot?: boolean;
}

/** POST /createcontact: a new contact of the tenant (409 ERR_DUPLICATED_CONTACT when the number has one). */
export async function createApiContact(
  ctx: AppContext,
  config: ApiConfigRow,
  input: ApiContactFields & { number: string },
): Promise<ContactWithWallets> {
  const number = apiNumberOrFail(input.number);
  return createContact(ctx, apiActor(config), {
    name: input.name?.trim() || number,
    number,
    email: input.email ?? null,
    extraInfo: input.extraInfo,
    chatbotBlocked: input.disableBot,
  });
}

/** POST /updatecontact: the contact named by contactId, or else by number; fields left out stay. */
export async function updateApiContact(
  ctx: AppContext,
  config: ApiConfigRow,
  input: ApiContactFields & { contactId?: number; number?: string },
): Promise<ContactWithWallets> {
  const contactId = await apiContactId(ctx, config, input);
  return updateContact(ctx, apiActor(config), contactId, {
    ...(input.name?.trim() ? { name: input.name.trim() } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.extraInfo !== undefined ? { extraInfo: input.extraInfo } : {}),
    ...(input.disableBot !== undefined ? { chatbotBlocked: input.disableBot } : {}),
  });
}

/** The contact an API call names: contactId first, else the number's contact; 404 ERR_NO_CONTACT_FOUND. */
export async function apiContactId(ctx: AppContext, config: ApiConfigRow, input: { contactId?: number; number?: string }): Promise<number> {
  if (input.contactId !== undefined) return input.contactId;
  if (!input.number) throw new AppError('ERR_VALIDATION', 'Give contactId or number.', { contactId: ['Give contactId or number'] });
  const contact = await findContactByNumber(ctx.db, config.tenantId, apiNumberOrFail(input.number));
  if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
  return contact.id;
}
