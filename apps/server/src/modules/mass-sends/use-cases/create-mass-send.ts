import type { CreateMassSendInput, massSendRecipientsSchema } from '@conversa/shared';
import type { z } from 'zod';
import type { AppContext } from '../../../app-context.js';
import type { Db } from '../../../platform/db/client.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import { openMediaToken } from '../../../platform/media/media-token.js';
import type { Actor } from '../../auth/actor.js';
import { findChannelById } from '../../channels/use-cases/find-channel-by-id.js';
import { contactSelection, ensureSelectionContacts } from '../../contacts/use-cases/contact-selection.js';
import { getSmsAvailability } from '../../sms/use-cases/get-sms-availability.js';
import { findMissingTags } from '../../tags/use-cases/find-missing-tags.js';
import type { MassSendTemplate } from '../../../platform/db/schema.js';
import { checkTemplateChoice, parseTypedNumbers } from '../mass-send-rules.js';
import {
  findMassSendView,
  insertMassSend,
  insertNumberRecipients,
  insertSelectionRecipients,
  type MassSendView,
} from '../mass-sends.repository.js';
import { fetchChannelTemplates, templateChannel } from './list-channel-templates.js';
import { enqueueMassSendRun } from './run-mass-send.js';

export const MASS_SEND_MEDIA_PURPOSE = 'mass-send-media';

type Recipients = z.output<typeof massSendRecipientsSchema>;

/** Adds the recipients of the chosen source (SPEC §5 "numbers/tag/contact … required"); answers how many. */
async function addRecipients(
  tx: Db,
  tenantId: number,
  massSend: { id: number; kind: CreateMassSendInput['kind'] },
  recipients: Recipients,
  numbers: string[] | null,
): Promise<number> {
  const massSendId = massSend.id;
  if (recipients.source === 'numbers') {
    // WhatsApp sends need the contact (its ticket keeps the history): numbers the tenant lacks become contacts. An SMS needs none.
    if (massSend.kind !== 'sms')
      await ensureSelectionContacts(tx, tenantId, {
        contacts: numbers!.map((number) => ({ name: number, number, email: null })),
        rows: numbers!.length,
        rejected: {},
      });
    return insertNumberRecipients(tx, tenantId, massSendId, numbers!);
  }
  if (recipients.source === 'tag') {
    if ((await findMissingTags(tx, tenantId, [recipients.tagId])).length) throw new AppError('ERR_NO_TAG_FOUND');
    return insertSelectionRecipients(tx, tenantId, massSendId, await contactSelection(tx, tenantId, { tagIds: [recipients.tagId] }));
  }
  return insertSelectionRecipients(tx, tenantId, massSendId, await contactSelection(tx, tenantId, { contactIds: recipients.contactIds }));
}

/**
 * A new mass send, started at once (SPEC §5: a connection, valid min < max seconds, recipients and
 * what to send). Template kinds need an official API channel and one of its approved templates,
 * read from the provider before the transaction; typed numbers are checked before anything is
 * written. All of it is written, with its runner's first job, in one transaction or not at all.
 */
export async function createMassSend(ctx: AppContext, actor: Actor, input: CreateMassSendInput): Promise<MassSendView> {
  const numbers = input.recipients.source === 'numbers' ? parseTypedNumbers(input.recipients.numbers) : null;
  let template: MassSendTemplate | null = null;
  if (input.kind === 'template' || input.kind === 'template-variavel') {
    const channel = await templateChannel(ctx, actor.tenantId, input.whatsappId);
    const { body } = checkTemplateChoice(await fetchChannelTemplates(ctx, channel), input.template);
    template = { name: input.template.name, language: input.template.language, body, params: input.template.params };
  }
  if (input.kind === 'sms' && !(await getSmsAvailability(ctx, actor)).configured) throw new AppError('ERR_SMS_NOT_CONFIGURED');
  const text = input.kind === 'texto' || input.kind === 'textovariavel' ? input : null;
  const upload = text?.mediaToken ? openMediaToken(ctx, MASS_SEND_MEDIA_PURPOSE, actor.tenantId, text.mediaToken) : null;
  const channelId = input.kind === 'sms' ? null : input.whatsappId;

  return transact(ctx, async (tx, events) => {
    if (channelId !== null && !(await findChannelById(tx, actor.tenantId, channelId))) throw new AppError('ERR_NO_WAPP_FOUND');
    const row = await insertMassSend(tx, {
      tenantId: actor.tenantId,
      kind: input.kind,
      channelId,
      minDelaySeconds: input.minDelaySeconds,
      maxDelaySeconds: input.maxDelaySeconds,
      message: text?.message ?? (input.kind === 'sms' ? input.message : ''),
      media: upload,
      sendAsAudio: text?.sendAsAudio === true && upload?.type === 'audio',
      template,
      createdById: actor.userId,
    });
    if ((await addRecipients(tx, actor.tenantId, row, input.recipients, numbers)) === 0) throw new AppError('ERR_MASS_SEND_NO_RECIPIENTS');
    await enqueueMassSendRun(ctx, tx, row);
    events.push({ type: 'massSend.changed', tenantId: actor.tenantId, massSendId: row.id });
    return (await findMassSendView(tx, actor.tenantId, row.id))!;
  });
}
