import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import {
  contactSelection,
  ensureSelectionContacts,
  readContactSelectionFile,
  type ContactSelectionTarget,
} from '../../contacts/use-cases/contact-selection.js';
import { assertEditable } from '../campaign-rules.js';
import { countLinkedContacts, findCampaign, linkContacts, unlinkContacts } from '../campaigns.repository.js';

async function editableCampaign(tx: Db, tenantId: number, id: number) {
  const campaign = await findCampaign(tx, tenantId, id, { lock: true });
  if (!campaign) throw new AppError('ERR_NO_CAMPAIGN_FOUND');
  assertEditable(campaign);
  return campaign;
}

/**
 * Links contacts from the contact list (SPEC §2 campaigns): the picked ones, or all that match the
 * list's filter (search, tags), in one INSERT … SELECT; those already linked are kept as they are.
 */
export async function linkCampaignContacts(
  ctx: AppContext,
  actor: Actor,
  id: number,
  target: ContactSelectionTarget,
): Promise<{ added: number; contactCount: number }> {
  return transact(ctx, async (tx, events) => {
    await editableCampaign(tx, actor.tenantId, id);
    const added = await linkContacts(tx, actor.tenantId, id, await contactSelection(tx, actor.tenantId, target));
    events.push({ type: 'campaign.changed', tenantId: actor.tenantId, campaignId: id, action: 'update' });
    return { added, contactCount: await countLinkedContacts(tx, actor.tenantId, id) };
  });
}

/**
 * Links the contacts of an uploaded file (the contact import's columns Name and Number, read by its
 * bounded reader); numbers the tenant does not have yet become contacts.
 */
export async function linkCampaignContactsFromFile(
  ctx: AppContext,
  actor: Actor,
  id: number,
  readFile: () => Promise<{ name: string; mimetype: string; content: Buffer }>,
): Promise<{ added: number; contactCount: number; rows: number; rejected: Record<string, number> }> {
  // Checked before the file is read (in a child process), and again in the transaction that links.
  await transact(ctx, (tx) => editableCampaign(tx, actor.tenantId, id));
  const selection = await readContactSelectionFile(await readFile());
  return transact(ctx, async (tx, events) => {
    await editableCampaign(tx, actor.tenantId, id);
    const contactIds = await ensureSelectionContacts(tx, actor.tenantId, selection);
    const added = contactIds.length
      ? await linkContacts(tx, actor.tenantId, id, await contactSelection(tx, actor.tenantId, { contactIds }))
      : 0;
    events.push({ type: 'campaign.changed', tenantId: actor.tenantId, campaignId: id, action: 'update' });
    return { added, contactCount: await countLinkedContacts(tx, actor.tenantId, id), rows: selection.rows, rejected: selection.rejected };
  });
}

/** Unlinks one contact, or all of them, that got nothing yet. */
export async function unlinkCampaignContacts(
  ctx: AppContext,
  actor: Actor,
  id: number,
  contactId?: number,
): Promise<{ removed: number; contactCount: number }> {
  return transact(ctx, async (tx, events) => {
    await editableCampaign(tx, actor.tenantId, id);
    const removed = await unlinkContacts(tx, actor.tenantId, id, contactId);
    events.push({ type: 'campaign.changed', tenantId: actor.tenantId, campaignId: id, action: 'update' });
    return { removed, contactCount: await countLinkedContacts(tx, actor.tenantId, id) };
  });
}
