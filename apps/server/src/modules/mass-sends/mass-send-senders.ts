import type { MassSendKind } from '@conversa/shared';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../platform/db/client.js';
import type { DomainEvent } from '../../platform/events/domain-events.js';
import { AppError } from '../../platform/http/app-error.js';
import { ensureSelectionContacts } from '../contacts/use-cases/contact-selection.js';
import { queueAutomatedMessage, type AutomatedContent } from '../messages/queue-automated-message.js';
import { queueSms } from '../sms/use-cases/queue-sms.js';
import { openOutreachTicket } from '../tickets/use-cases/open-outreach-ticket.js';
import type { MassSendRow, WaitingRecipient } from './mass-sends.repository.js';

/** What one recipient's send handed on: the message queued on the one outbound path, or the SMS queued with the SMS module. */
export interface RecipientSent {
  messageId: string | null;
  smsId: string | null;
  contactId: number | null;
}

/**
 * One recipient's send, inside the claim transaction (a savepoint): it queues the send on the one
 * outbound path and answers what it queued, or throws an AppError whose message becomes the
 * recipient's reason for being skipped. Nothing else may reach a provider.
 */
export type RecipientSender = (
  ctx: AppContext,
  tx: Db,
  events: DomainEvent[],
  massSend: MassSendRow,
  recipient: WaitingRecipient,
) => Promise<RecipientSent>;

/** The recipient's contact: the one it was given with, or the tenant's contact of its number (created when missing, e.g. deleted since). */
async function contactOf(tx: Db, tenantId: number, recipient: WaitingRecipient): Promise<number> {
  if (recipient.contactId !== null) return recipient.contactId;
  const [id] = await ensureSelectionContacts(tx, tenantId, {
    contacts: [{ name: recipient.number, number: recipient.number, email: null }],
    rows: 1,
    rejected: {},
  });
  return id;
}

/** A WhatsApp message on the mass send's channel: in the contact's ongoing ticket there, or a new closed one (as campaigns do). */
function whatsAppSender(content: (massSend: MassSendRow) => AutomatedContent): RecipientSender {
  return async (ctx, tx, events, massSend, recipient) => {
    if (recipient.blocked) throw new AppError('ERR_VALIDATION', 'Contact blocked.');
    if (recipient.isGroup) throw new AppError('ERR_VALIDATION', 'A group is not a recipient of a mass send.');
    const contactId = await contactOf(tx, massSend.tenantId, recipient);
    if (massSend.channelId === null) throw new Error(`mass send ${massSend.id} of kind ${massSend.kind} has no channel`);
    const ticket = await openOutreachTicket(tx, events, {
      tenantId: massSend.tenantId,
      contactId,
      channelId: massSend.channelId,
      queueId: null,
    });
    const message = await queueAutomatedMessage(ctx, tx, events, { tenantId: massSend.tenantId, ticketId: ticket.id }, content(massSend));
    return { messageId: message.id, smsId: null, contactId };
  };
}

/**
 * An SMS through the tenant's SMS provider (the SMS module's claim, keyed by mass send and number:
 * queued twice, it is sent once). A number without a contact stays without one: an SMS needs no
 * ticket. Not configured, or not a number an SMS can reach: the recipient is skipped with the reason.
 */
const smsSender: RecipientSender = async (ctx, tx, events, massSend, recipient) => {
  if (recipient.blocked) throw new AppError('ERR_VALIDATION', 'Contact blocked.');
  if (recipient.isGroup) throw new AppError('ERR_VALIDATION', 'A group is not a recipient of a mass send.');
  const { sms } = await queueSms(ctx, tx, events, {
    tenantId: massSend.tenantId,
    to: recipient.number,
    body: massSend.message,
    contactId: recipient.contactId,
    userId: massSend.createdById,
    sourceKind: 'mass-send',
    sourceKey: `${massSend.id}:${recipient.number}`,
  });
  return { messageId: null, smsId: sms.id, contactId: recipient.contactId };
};

const textContent =
  (verbatim: boolean) =>
  (massSend: MassSendRow): AutomatedContent => ({
    body: massSend.message,
    media: massSend.media ? { ...massSend.media, voice: massSend.sendAsAudio } : null,
    verbatim,
  });

const templateContent =
  (verbatim: boolean) =>
  (massSend: MassSendRow): AutomatedContent => {
    if (!massSend.template) throw new AppError('ERR_MASS_SEND_UNKNOWN_TEMPLATE');
    return { body: massSend.template.body, template: massSend.template, verbatim };
  };

/**
 * Each kind's send (SPEC §2 /massa tabs). `texto` and `template` send what was written; the
 * `…variavel` kinds render the template variables ({{firstName}}…) for each contact.
 */
export const RECIPIENT_SENDERS: Record<MassSendKind, RecipientSender> = {
  texto: whatsAppSender(textContent(true)),
  textovariavel: whatsAppSender(textContent(false)),
  sms: smsSender,
  template: whatsAppSender(templateContent(true)),
  'template-variavel': whatsAppSender(templateContent(false)),
};
