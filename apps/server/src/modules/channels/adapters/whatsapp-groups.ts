import type { ContactKey } from '../../contacts/contacts.repository.js';

/**
 * WhatsApp group chats (QR-code kinds): the group is the ticket's contact, keyed by its JID
 * ('120363…@g.us', the same id in Baileys, whatsapp-web.js and Evolution), so every kind of
 * channel of a tenant finds the same group contact. Sends to such a contact go to the group.
 */
const GROUP_KEY_PREFIX = 'whatsapp-group:';

export function isGroupJid(jid: string | null | undefined): jid is string {
  return typeof jid === 'string' && /^[\d-]+@g\.us$/.test(jid);
}

export function groupContactKey(jid: string): ContactKey {
  return { externalKey: `${GROUP_KEY_PREFIX}${jid}` };
}

/** The group JID of a group contact; undefined for anyone else. */
export function groupJidOf(contact: { externalKey: string | null }): string | undefined {
  const jid = contact.externalKey?.startsWith(GROUP_KEY_PREFIX) ? contact.externalKey.slice(GROUP_KEY_PREFIX.length) : undefined;
  return isGroupJid(jid) ? jid : undefined;
}

/** A group's name while its subject is unknown: its id without the server part. */
export function fallbackGroupName(jid: string): string {
  return `Group ${jid.split('@')[0]}`;
}
