import {
  CALL_AUDIO_END_EVENT,
  CALL_AUDIO_FRAME_EVENT,
  CALL_AUDIO_JOIN_EVENT,
  CALL_AUDIO_LEAVE_EVENT,
  CALL_AUDIO_MAX_FRAME_BYTES,
  CALL_AUDIO_MAX_FRAMES_PER_SECOND,
} from '@conversa/shared';
import type { Socket } from 'socket.io';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../platform/http/app-error.js';
import type { Actor } from '../auth/actor.js';
import { existingCallDevice, type DeviceOwner } from './call-devices.js';
import { joinCallAudio } from './use-cases/join-call-audio.js';

/**
 * The call's audio relay, in the process that holds the user's socket. Every process keeps a device
 * connection per instance token (call-devices.ts) and so hears the provider's audio transport; the
 * audio goes between a browser and the device connection of the process that browser is connected
 * to, never between processes. A socket joins a call's audio after the use case checked the call is
 * of the user's tenant and placed or taken by the user; each frame then names its call, which must
 * be one this socket joined (in the actor's tenant). Frames larger than CALL_AUDIO_MAX_FRAME_BYTES
 * or over CALL_AUDIO_MAX_FRAMES_PER_SECOND (per socket, and per call from the provider) are dropped
 * and counted.
 */
export type AudioDrop = 'oversize' | 'rate' | 'notJoined' | 'noTransport' | 'notBinary';

export interface CallAudioStats {
  /** Microphone frames sent to the provider, and the provider's frames sent to browsers. */
  micFrames: number;
  remoteFrames: number;
  dropped: Record<AudioDrop, number>;
}

interface Listening {
  callId: number;
  tenantId: number;
  sockets: Set<Socket>;
  limiter: FrameLimiter;
}

interface Relay {
  /** Per device (channel instance): the call whose audio it carries and the sockets listening. */
  byDevice: Map<string, Listening>;
  /** Per socket: the calls it joined, each with its device. */
  bySocket: Map<Socket, Map<number, DeviceOwner>>;
  stats: CallAudioStats;
}

const relays = new WeakMap<AppContext, Relay>();
/**
 * Frames dropped over the rate, in seconds' worth, after which the socket is disconnected. They add
 * up while drops keep coming (less than a second apart), whatever passes between them: a flood at
 * several times the rate lets a frame through now and then, and that must not wipe its count.
 */
const CALL_AUDIO_ABUSE_SECONDS = 10;

function relay(ctx: AppContext): Relay {
  let found = relays.get(ctx);
  if (!found) {
    found = {
      byDevice: new Map(),
      bySocket: new Map(),
      stats: { micFrames: 0, remoteFrames: 0, dropped: { oversize: 0, rate: 0, notJoined: 0, noTransport: 0, notBinary: 0 } },
    };
    relays.set(ctx, found);
  }
  return found;
}

const keyOf = (owner: DeviceOwner) => `${owner.tenantId}:${owner.channelId}:${owner.instance}`;

/** A token bucket: `perSecond` frames a second, bursts up to one second's worth. */
export class FrameLimiter {
  private tokens: number;
  private last: number;
  constructor(
    private readonly perSecond = CALL_AUDIO_MAX_FRAMES_PER_SECOND,
    private readonly now = () => Date.now(),
  ) {
    this.tokens = perSecond;
    this.last = now();
  }
  take(): boolean {
    const at = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((at - this.last) / 1000) * this.perSecond);
    this.last = at;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** A frame as Socket.IO hands it over (Buffer in Node.js; ArrayBuffer or a view from other clients). */
export function frameOf(data: unknown): Buffer | null {
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return null;
}

export function callAudioStats(ctx: AppContext): CallAudioStats {
  const stats = relay(ctx).stats;
  return { ...stats, dropped: { ...stats.dropped } };
}

/** The call's audio events on an agent's socket (called for each socket of the agents' namespace). */
export function bindCallAudio(ctx: AppContext, socket: Socket, actor: Actor): void {
  const state = relay(ctx);
  const joined = new Map<number, DeviceOwner>();
  const limiter = new FrameLimiter();
  let overRate = 0;
  let lastDropAt = 0;
  state.bySocket.set(socket, joined);

  socket.on(CALL_AUDIO_JOIN_EVENT, (callId: unknown, ack?: unknown) => {
    const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => undefined;
    joinCallAudio(ctx, actor, callId).then(
      ({ callId: id, owner }) => {
        if (!socket.connected) return;
        const key = keyOf(owner);
        let listening = state.byDevice.get(key);
        // The device carries a new call: the listeners of its previous one stop hearing it.
        if (listening && listening.callId !== id) endListening(state, key, listening);
        listening = state.byDevice.get(key);
        if (!listening) {
          listening = { callId: id, tenantId: owner.tenantId, sockets: new Set(), limiter: new FrameLimiter() };
          state.byDevice.set(key, listening);
        }
        listening.sockets.add(socket);
        joined.set(id, owner);
        reply({ ok: true });
      },
      (error: unknown) => reply({ ok: false, error: error instanceof AppError ? error.code : 'ERR_NO_PERMISSION' }),
    );
  });

  socket.on(CALL_AUDIO_LEAVE_EVENT, (callId: unknown) => leave(state, socket, Number(callId)));

  socket.on(CALL_AUDIO_FRAME_EVENT, (callId: unknown, data: unknown) => {
    const frame = frameOf(data);
    if (!frame) return void state.stats.dropped.notBinary++;
    if (frame.length > CALL_AUDIO_MAX_FRAME_BYTES) return void state.stats.dropped.oversize++;
    if (!limiter.take()) {
      state.stats.dropped.rate++;
      const at = Date.now();
      if (at - lastDropAt > 1_000) overRate = 0;
      lastDropAt = at;
      // A client that keeps sending far past the rate is not a softphone: it is disconnected.
      if (++overRate > CALL_AUDIO_MAX_FRAMES_PER_SECOND * CALL_AUDIO_ABUSE_SECONDS) socket.disconnect(true);
      return;
    }
    // The frame's call: one this socket joined, of the socket's tenant.
    const owner = joined.get(Number(callId));
    if (!owner || owner.tenantId !== actor.tenantId) return void state.stats.dropped.notJoined++;
    const device = existingCallDevice(ctx, owner);
    if (!device?.sendAudio(frame)) return void state.stats.dropped.noTransport++;
    state.stats.micFrames++;
  });

  socket.on('disconnect', () => {
    for (const callId of [...joined.keys()]) leave(state, socket, callId);
    state.bySocket.delete(socket);
  });
}

function leave(state: Relay, socket: Socket, callId: number): void {
  const owner = state.bySocket.get(socket)?.get(callId);
  if (!owner) return;
  state.bySocket.get(socket)?.delete(callId);
  const listening = state.byDevice.get(keyOf(owner));
  if (listening?.callId === callId) {
    listening.sockets.delete(socket);
    if (listening.sockets.size === 0) state.byDevice.delete(keyOf(owner));
  }
}

function endListening(state: Relay, key: string, listening: Listening): void {
  state.byDevice.delete(key);
  for (const socket of listening.sockets) {
    state.bySocket.get(socket)?.delete(listening.callId);
    socket.emit(CALL_AUDIO_END_EVENT, listening.callId);
  }
}

/** The provider's audio of a device: to the sockets of this process listening to its call. */
export function relayDeviceAudio(ctx: AppContext, owner: DeviceOwner, frame: Buffer): void {
  const state = relay(ctx);
  const listening = state.byDevice.get(keyOf(owner));
  if (!listening) return void state.stats.dropped.notJoined++;
  if (frame.length > CALL_AUDIO_MAX_FRAME_BYTES) return void state.stats.dropped.oversize++;
  if (!listening.limiter.take()) return void state.stats.dropped.rate++;
  for (const socket of listening.sockets) socket.volatile.emit(CALL_AUDIO_FRAME_EVENT, listening.callId, frame);
  state.stats.remoteFrames++;
}

/** The device's audio transport ended: its listeners stop. */
export function endDeviceAudio(ctx: AppContext, owner: DeviceOwner): void {
  const state = relay(ctx);
  const key = keyOf(owner);
  const listening = state.byDevice.get(key);
  if (listening) endListening(state, key, listening);
}

/** A call ended: whoever listens to it in this process stops. */
export function endCallAudio(ctx: AppContext, tenantId: number, callId: number): void {
  const state = relay(ctx);
  for (const [key, listening] of state.byDevice) {
    if (listening.tenantId === tenantId && listening.callId === callId) endListening(state, key, listening);
  }
}
