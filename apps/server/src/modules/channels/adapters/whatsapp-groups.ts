import type { AppContext } from '../../../app-context.js';
import { perApp } from '../../../platform/app-state.js';
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

/**
 * Group subjects already asked for, per channel and group, for every QR-code kind. The subject only
 * names the group contact when it is created (an existing contact keeps its name), yet without
 * this every group message would cost a call to the gateway and, behind it, a query to
 * WhatsApp's servers. Bounded; forgotten after an hour (a renamed group is seen on a new contact);
 * a failed lookup is retried after a minute; losing it (a restart, another node) costs one call.
 */
const subjectsOf = perApp(() => new Map<string, { subject: string | undefined; until: number }>());
const SUBJECT_TTL_MS = 60 * 60_000;
const FAILED_SUBJECT_TTL_MS = 60_000;
const MAX_SUBJECTS = 2_000;

/** A group's subject through `lookup` (the kind's own call), at most once an hour; undefined when unknown or the lookup failed (logged). */
export async function groupSubjectOf(
  ctx: Pick<AppContext, 'logger'>,
  channelId: number,
  jid: string,
  lookup: () => Promise<string | null | undefined>,
): Promise<string | undefined> {
  const SUBJECTS = subjectsOf(ctx);
  const cacheKey = `${channelId}:${jid}`;
  const known = SUBJECTS.get(cacheKey);
  if (known && known.until > Date.now()) return known.subject;
  let subject: string | undefined;
  let failed = false;
  try {
    subject = (await lookup())?.trim() || undefined;
  } catch (error) {
    failed = true;
    ctx.logger.warn({ err: error, channelId, jid }, 'group subject unknown');
  }
  SUBJECTS.delete(cacheKey);
  if (SUBJECTS.size >= MAX_SUBJECTS) SUBJECTS.delete(SUBJECTS.keys().next().value as string);
  SUBJECTS.set(cacheKey, { subject, until: Date.now() + (failed ? FAILED_SUBJECT_TTL_MS : SUBJECT_TTL_MS) });
  return subject;
}
