import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import type { DomainEvent } from '../../../platform/events/domain-events.js';
import { setContactInfoEntry } from '../contacts.repository.js';

/**
 * Inside the caller's transaction: the contact's additional information `name` becomes `value` (a
 * chatbot step keeping the customer's answer in a contact variable, a web-chat visitor's phone). A contact already holding 50
 * other entries is left as it is (false).
 */
export async function setContactInfo(
  _ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  target: { tenantId: number; contactId: number; name: string; value: string },
): Promise<boolean> {
  const changed = await setContactInfoEntry(tx, target.tenantId, target.contactId, target.name, target.value);
  if (changed) events.push({ type: 'contact.changed', tenantId: target.tenantId, contactId: target.contactId, action: 'update' });
  return changed;
}
