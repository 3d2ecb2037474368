import type { ChannelType } from '@conversa/shared';
import { AppError } from '../../../platform/http/app-error.js';
import type { ChannelAdapter } from './channel-adapter.js';
import { webchatAdapter } from './webchat/webchat.adapter.js';

const adapters = new Map<ChannelType, ChannelAdapter>([[webchatAdapter.type, webchatAdapter]]);

/** The adapter of a channel type; an unknown or not yet supported type fails loudly. */
export function adapterFor(type: string): ChannelAdapter {
  const adapter = adapters.get(type as ChannelType);
  if (!adapter) throw new AppError('ERR_VALIDATION', `Channel type '${type}' is not supported by this server.`, { type: [`Unsupported channel type: ${type}`] });
  return adapter;
}

export function supportedChannelTypes(): ChannelType[] {
  return [...adapters.keys()];
}

export function allAdapters(): ChannelAdapter[] {
  return [...adapters.values()];
}
