import type { AppContext } from '../../app-context.js';
import { endDeviceAudio, relayDeviceAudio } from './call-audio.js';
import { connectWavoipDevice, type WavoipDevice, type WavoipSignal } from './wavoip/wavoip.adapter.js';

/** Where a device's signals belong: a channel's instance (its token's 1-based position). */
export interface DeviceOwner {
  tenantId: number;
  channelId: number;
  instance: number;
}

type SignalHandler = (ctx: AppContext, owner: DeviceOwner, signal: WavoipSignal) => Promise<void>;

interface Registry {
  devices: Map<string, { device: WavoipDevice; owner: DeviceOwner; token: string }>;
  onSignal: SignalHandler | null;
}

const registries = new WeakMap<AppContext, Registry>();

function registry(ctx: AppContext): Registry {
  let found = registries.get(ctx);
  if (!found) {
    found = { devices: new Map(), onSignal: null };
    registries.set(ctx, found);
  }
  return found;
}

const keyOf = (owner: DeviceOwner) => `${owner.tenantId}:${owner.channelId}:${owner.instance}`;

/** Which use case handles the devices' signals (set once by the module's routes). */
export function setCallSignalHandler(ctx: AppContext, handler: SignalHandler): void {
  registry(ctx).onSignal = handler;
}

/**
 * The connected device of a channel instance: one Socket.IO connection per token, kept open to hear
 * incoming call offers and the calls' changes. A new token for the instance replaces the connection.
 */
export function callDevice(ctx: AppContext, owner: DeviceOwner, token: string): WavoipDevice {
  const reg = registry(ctx);
  const key = keyOf(owner);
  const existing = reg.devices.get(key);
  if (existing && existing.token === token) return existing.device;
  existing?.device.close();
  const device = connectWavoipDevice(ctx.env.WAVOIP_BASE_URL, token);
  // A device's signals are recorded one after the other, in the order they came (an `accept` never
  // overtakes its `offer`).
  let signals = Promise.resolve();
  device.onSignal((signal) => {
    const handler = reg.onSignal;
    if (!handler) return;
    signals = signals
      .then(() => handler(ctx, owner, signal))
      .catch((error: unknown) => ctx.logger.warn({ err: error, ...owner }, 'call signal not recorded'));
  });
  // The call's audio: the provider's frames go to the browsers of this process listening to the call.
  device.onAudio((frame) => relayDeviceAudio(ctx, owner, frame));
  device.onAudioState((state) => {
    if (state === 'ended') endDeviceAudio(ctx, owner);
  });
  reg.devices.set(key, { device, owner, token });
  return device;
}

/** The connected device of a channel instance, if any (no connection made). */
export function existingCallDevice(ctx: AppContext, owner: DeviceOwner): WavoipDevice | undefined {
  return registry(ctx).devices.get(keyOf(owner))?.device;
}

/** Keeps exactly these tokens connected for the channel (after its tokens change). */
export function syncChannelDevices(ctx: AppContext, tenantId: number, channelId: number, tokens: string[]): void {
  const reg = registry(ctx);
  for (const [key, entry] of reg.devices) {
    if (entry.owner.tenantId === tenantId && entry.owner.channelId === channelId && tokens[entry.owner.instance - 1] !== entry.token) {
      entry.device.close();
      reg.devices.delete(key);
    }
  }
  tokens.forEach((token, index) => callDevice(ctx, { tenantId, channelId, instance: index + 1 }, token));
}

export function closeCallDevices(ctx: AppContext): void {
  const reg = registries.get(ctx);
  if (!reg) return;
  for (const entry of reg.devices.values()) entry.device.close();
  reg.devices.clear();
}
