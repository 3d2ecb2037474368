import type { Db } from '../../../platform/db/client.js';
import { fallbackGroupName, groupContactKey } from '../../channels/adapters/whatsapp-groups.js';
import { upsertContactByKey, type ContactRow } from '../contacts.repository.js';

/**
 * The contact of a WhatsApp group (keyed by its JID, as group messages create it), created with the
 * group's subject when it does not exist yet: what a message Conversa sends to a group is filed under.
 */
export async function ensureGroupContact(
  tx: Db,
  input: { tenantId: number; groupJid: string; subject?: string | null },
): Promise<ContactRow> {
  return upsertContactByKey(tx, input.tenantId, groupContactKey(input.groupJid), {
    name: input.subject?.trim().slice(0, 200) || fallbackGroupName(input.groupJid),
    isGroup: true,
  });
}
