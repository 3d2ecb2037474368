import type { AppContext } from '../../../app-context.js';
import { findContactByNumber } from '../../contacts/use-cases/find-contact-by-number.js';
import { normalizePhoneNumber } from '../../contacts/phone-number.js';
import type { ApiConfigRow } from '../external-api.repository.js';

/**
 * POST /valid-whatsapp-number: whether the number is a valid phone number with its country code
 * (libphonenumber's numbering plans), its stored form, and the tenant's contact of it. The channels'
 * providers offer no "is this number on WhatsApp" lookup that Conversa uses, so `valid` says the
 * number can be written to, not that WhatsApp knows it (README "External API").
 */
export async function checkApiNumber(ctx: AppContext, config: ApiConfigRow, number: string) {
  const normalized = normalizePhoneNumber(number.replace(/@.*$/, ''));
  const contact = normalized ? await findContactByNumber(ctx.db, config.tenantId, normalized) : undefined;
  return { valid: normalized !== undefined, number: normalized ?? null, contactId: contact?.id ?? null };
}
