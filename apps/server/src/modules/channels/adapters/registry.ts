import type { ChannelType } from '@conversa/shared';
import { AppError } from '../../../platform/http/app-error.js';
import type { ChannelAdapter } from './channel-adapter.js';
import { webchatAdapter } from './webchat/webchat.adapter.js';
import { wabaAdapter } from './waba/waba.adapter.js';
import { evolutionAdapter } from './evolution/evolution.adapter.js';
import { meowAdapter } from './meow/meow.adapter.js';
import { telegramAdapter } from './telegram/telegram.adapter.js';
import { baileysAdapter } from './baileys/baileys.adapter.js';
import { hubAdapter } from './hub/hub.adapter.js';
import { whatsappWebAdapter } from './whatsapp/whatsapp.adapter.js';

const adapters = new Map<ChannelType, ChannelAdapter>([
  [webchatAdapter.type, webchatAdapter],
  [wabaAdapter.type, wabaAdapter],
  [telegramAdapter.type, telegramAdapter],
  [evolutionAdapter.type, evolutionAdapter],
  [meowAdapter.type, meowAdapter],
]);
adapters.set(whatsappWebAdapter.type, whatsappWebAdapter);
adapters.set(hubAdapter.type, hubAdapter);
adapters.set(baileysAdapter.type, baileysAdapter);

/** The adapter of a channel type; an unknown or not yet supported type fails loudly. */
export function adapterFor(type: string): ChannelAdapter {
  const adapter = adapters.get(type as ChannelType);
  if (!adapter)
    throw new AppError('ERR_VALIDATION', `Channel type '${type}' is not supported by this server.`, {
      type: [`Unsupported channel type: ${type}`],
    });
  return adapter;
}

export function supportedChannelTypes(): ChannelType[] {
  return [...adapters.keys()];
}

export function allAdapters(): ChannelAdapter[] {
  return [...adapters.values()];
}
