import { DEFAULT_BIRTHDAY_HOUR, UNOFFICIAL_CHANNEL_TYPES } from '@conversa/shared';
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
  newPublicKey,
} from '../channel-input.js';
import { sealChannelSecrets } from '../channel-secrets.js';
import { settingsObject, validSettings } from '../channel-settings.js';
import { assertCanManageChannels } from '../channels.policy.js';
import { clearDefaultChannel, countChannels, findChannelById, insertChannel, type ChannelRow } from '../channels.repository.js';
import type { CreateChannelInput } from '../channels.schemas.js';
import { channelDefaultsFor, withoutDefaultedBlanks } from './channel-defaults-for.js';

/**
 * Creates a channel within the tenant's max-connections limit, then starts it. Settings it leaves
 * out are taken from the company's channel defaults of its kind. The tenant row is locked for the
 * transaction, so concurrent creations cannot pass the limit together, and default changes are
 * serialised: the first channel, or one created as default, becomes the only default.
 */
export async function createChannel(ctx: AppContext, actor: Actor, input: CreateChannelInput): Promise<ChannelRow> {
  assertCanManageChannels(actor);
  const adapter = adapterFor(input.type);
  // The company's defaults for this kind (Settings → meta, hub, wuzapi, evolution) fill what the
  // request leaves out, blank, or masked (the form shows a default secret masked).
  const defaults = await channelDefaultsFor(ctx, ctx.db, actor.tenantId, input.type);
  const checked = validSettings(adapter, withoutDefaultedBlanks(settingsObject(input.settings), defaults), defaults);
  await assertSettingsUrlsAllowed(ctx, checked);
  const settings = sealChannelSecrets(ctx.secretBox, checked);
  const number = channelNumberOrFail(input.number ?? null);
  const { tenantId } = actor;

  const channel = await transact(ctx, async (tx, events) => {
    const tenant = await lockTenant(tx, tenantId);
    if (!tenant) throw new AppError('ERR_NO_TENANT_FOUND');
    if (tenant.hideUnoficial && UNOFFICIAL_CHANNEL_TYPES.includes(input.type)) {
      throw new AppError('ERR_NO_PERMISSION', 'This company may use only official channels.', {
        type: ['Unofficial channel types are disabled for this company.'],
      });
    }
    const existing = await countChannels(tx, tenantId);
    if (existing >= tenant.maxConnections) throw new AppError('ERR_CONNECTION_LIMIT');
    await assertQueueOfTenant(tx, tenantId, input.queueId);
    await assertSettingsQueueOfTenant(tx, tenantId, settings);
    await assertFlowOfTenant(tx, tenantId, input.chatFlowId);
    const audio = { transcribeAudio: input.transcribeAudio ?? false, audioTranscription: input.audioTranscription ?? null };
    await assertAudioTranscription(tx, tenantId, audio);
    const isDefault = existing === 0 || input.isDefault === true;
    if (isDefault) await clearDefaultChannel(tx, tenantId);
    const row = await insertChannel(tx, tenantId, {
      name: input.name,
      type: input.type,
      status: 'disconnected',
      number,
      isDefault,
      queueId: input.queueId ?? null,
      farewellMessage: input.farewellMessage ?? null,
      autoCloseKeyword: input.autoCloseKeyword ?? null,
      birthdayMessage: input.birthdayMessage ?? null,
      birthdayHour: input.birthdayHour ?? DEFAULT_BIRTHDAY_HOUR,
      autoEvaluation: input.autoEvaluation ?? false,
      autoDistribution: input.autoDistribution ?? 'none',
      chatFlowId: input.chatFlowId ?? null,
      ...audio,
      webPush: input.webPush ?? true,
      settings,
      publicKey: newPublicKey(),
    });
    events.push({ type: 'channel.session', tenantId, channelId: row.id });
    return row;
  });

  // Like the peer products, a new channel starts at once (a web chat is then open to visitors);
  // a failed start leaves it disconnected, to be started again from the channel list.
  try {
    await adapter.start(ctx, channel);
  } catch (error) {
    ctx.logger.warn({ err: error, channelId: channel.id }, 'new channel did not start');
  }
  return (await findChannelById(ctx.db, tenantId, channel.id)) ?? channel;
}
