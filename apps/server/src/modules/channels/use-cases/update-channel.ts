import type { AppContext } from '../../../app-context.js';
import { transact } from '../../../platform/events/transact.js';
import { AppError } from '../../../platform/http/app-error.js';
import type { Actor } from '../../auth/actor.js';
import { lockTenant } from '../../tenants/use-cases/lock-tenant.js';
import { assertFlowOfTenant } from '../../chatbot/use-cases/assert-flow-of-tenant.js';
import { adapterFor } from '../adapters/registry.js';
import {
  assertAudioTranscription,
  assertQueueOfTenant,
  assertSettingsQueueOfTenant,
  assertSettingsUrlsAllowed,
  channelNumberOrFail,
} from '../channel-input.js';
import { channelSettings, sealChannelSecrets } from '../channel-secrets.js';
import { settingsObject, validSettings } from '../channel-settings.js';
import { assertCanManageChannels } from '../channels.policy.js';
import {
  clearDefaultChannel,
  findChannelById,
  updateChannel as updateChannelRow,
  type ChannelRow,
  type NewChannel,
} from '../channels.repository.js';
import type { UpdateChannelInput } from '../channels.schemas.js';

/**
 * Edits a channel. Making it the default clears the previous default in the same transaction (the
 * tenant row lock serialises concurrent changes); the default cannot simply be unset, since a
 * tenant always has one: another channel is made the default instead. The type never changes.
 */
export async function updateChannel(ctx: AppContext, actor: Actor, channelId: number, input: UpdateChannelInput): Promise<ChannelRow> {
  assertCanManageChannels(actor);
  const { tenantId } = actor;
  // The addresses are checked (DNS) before the transaction: no lock is held while resolving.
  const givenSettings = input.settings === undefined ? undefined : settingsObject(input.settings);
  if (givenSettings) await assertSettingsUrlsAllowed(ctx, givenSettings);
  return transact(ctx, async (tx, events) => {
    if (!(await lockTenant(tx, tenantId))) throw new AppError('ERR_NO_TENANT_FOUND');
    const current = await findChannelById(tx, tenantId, channelId);
    if (!current) throw new AppError('ERR_NO_WAPP_FOUND');
    if (input.type !== undefined && input.type !== current.type) {
      throw new AppError('ERR_VALIDATION', 'The type of a channel cannot change; create a new channel instead.', {
        type: ['Cannot change.'],
      });
    }
    if (input.isDefault === false && current.isDefault) {
      throw new AppError('ERR_VALIDATION', 'A tenant always has one default channel: make another channel the default instead.', {
        isDefault: ['Cannot unset the default channel.'],
      });
    }

    const changes: Partial<NewChannel> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.number !== undefined) changes.number = channelNumberOrFail(input.number);
    if (input.queueId !== undefined) {
      await assertQueueOfTenant(tx, tenantId, input.queueId);
      changes.queueId = input.queueId;
    }
    if (input.farewellMessage !== undefined) changes.farewellMessage = input.farewellMessage;
    if (input.autoCloseKeyword !== undefined) changes.autoCloseKeyword = input.autoCloseKeyword;
    if (input.birthdayMessage !== undefined) changes.birthdayMessage = input.birthdayMessage;
    if (input.birthdayHour !== undefined) changes.birthdayHour = input.birthdayHour;
    if (input.autoEvaluation !== undefined) changes.autoEvaluation = input.autoEvaluation;
    if (input.autoDistribution !== undefined) changes.autoDistribution = input.autoDistribution;
    if (input.chatFlowId !== undefined) {
      await assertFlowOfTenant(tx, tenantId, input.chatFlowId);
      changes.chatFlowId = input.chatFlowId;
    }
    if (input.transcribeAudio !== undefined) changes.transcribeAudio = input.transcribeAudio;
    if (input.audioTranscription !== undefined) changes.audioTranscription = input.audioTranscription;
    if (input.webPush !== undefined) changes.webPush = input.webPush;
    await assertAudioTranscription(tx, tenantId, {
      transcribeAudio: changes.transcribeAudio ?? current.transcribeAudio,
      audioTranscription: changes.audioTranscription === undefined ? current.audioTranscription : changes.audioTranscription,
    });
    if (input.settings !== undefined) {
      // Checked in clear (the stored secrets opened), stored sealed.
      const checked = validSettings(adapterFor(current.type), givenSettings ?? {}, channelSettings(ctx, current));
      await assertSettingsQueueOfTenant(tx, tenantId, checked);
      changes.settings = sealChannelSecrets(ctx.secretBox, checked);
    }
    if (input.isDefault === true && !current.isDefault) {
      await clearDefaultChannel(tx, tenantId);
      changes.isDefault = true;
    }

    const row = await updateChannelRow(tx, tenantId, channelId, changes);
    if (!row) throw new AppError('ERR_NO_WAPP_FOUND');
    events.push({ type: 'channel.session', tenantId, channelId });
    return row;
  });
}
