import type { AppContext } from '../../../app-context.js';
import type { ContactWithWallets } from '../../contacts/contact-input.js';
import { getContact } from '../../contacts/use-cases/get-contact.js';
import type { ApiConfigRow } from '../external-api.repository.js';
import { apiActor } from './api-actor.js';
import { apiContactId } from './save-api-contact.js';

/** POST /contact: a contact of the tenant by contactId or number (404 ERR_NO_CONTACT_FOUND). */
export async function findApiContact(
  ctx: AppContext,
  config: ApiConfigRow,
  input: { contactId?: number; number?: string },
): Promise<ContactWithWallets> {
  return getContact(ctx, apiActor(config), await apiContactId(ctx, config, input));
}
