import { io, type Socket } from 'socket.io-client';
import type { CallStatus } from '@conversa/shared';
import { CALL_STATUSES } from '@conversa/shared';

/**
 * The voice-call provider (Wavoip), from its public SDK `wavoip-api` (npm, README and lib/index.js):
 * one WhatsApp device per instance token, reached by Socket.IO at the provider's base URL with the
 * path `/<token>/websocket` (websocket transport). Commands are emitted with an acknowledgement
 * (`calls:start` with the number, `calls:accept`, `calls:reject`, `calls:end` with `{}`), which
 * succeeded when it is an object `{ type: 'success' }`; the device reports call changes as
 * `signaling` events `{ tag, content }` (`offer` carries `content.phone`, `content.from_tag`,
 * `content.profile_picture`).
 *
 * The call's audio (SDK 2.0.0, see packages/simulators/src/wavoip/fixtures.ts): no WebRTC. The device
 * announces `audio_transport:create` `{ room, ip, port }`; the client opens a second Socket.IO
 * connection to `${ip}:${port}/call-${room}` (same token path, websocket transport) on which the
 * remote voice arrives as `audio_buffer` and the microphone goes as `microphone_buffer`, both 16-bit
 * PCM, mono, 16 kHz; `audio_transport:terminate` ends it. Here the server is that client.
 */
export interface WavoipSignal {
  status: CallStatus;
  phone?: string;
  contactName?: string;
}

export class WavoipCommandError extends Error {}

export interface WavoipDevice {
  /** Places a call; rejects when the device refuses it or does not acknowledge within `timeoutMs`. */
  startCall(phone: string, timeoutMs: number): Promise<void>;
  accept(timeoutMs?: number): Promise<void>;
  reject(timeoutMs?: number): Promise<void>;
  end(timeoutMs?: number): Promise<void>;
  onSignal(listener: (signal: WavoipSignal) => void): void;
  /** The remote side's audio frames (16-bit PCM, 16 kHz), while a call's audio transport is open. */
  onAudio(listener: (frame: Buffer) => void): void;
  /** The call's audio transport opened (`started`) or ended. */
  onAudioState(listener: (state: 'started' | 'ended') => void): void;
  /** Sends a microphone frame on the open audio transport (dropped when none is open or it is busy). */
  sendAudio(frame: Buffer): boolean;
  close(): void;
}

const isSuccess = (answer: unknown) => typeof answer === 'object' && answer !== null && (answer as { type?: unknown }).type === 'success';

export function toSignal(data: unknown): WavoipSignal {
  const value = (typeof data === 'object' && data !== null ? data : {}) as { tag?: unknown; content?: Record<string, unknown> };
  const status = (CALL_STATUSES as readonly unknown[]).includes(value.tag) ? (value.tag as CallStatus) : 'unknown';
  const content = value.content ?? {};
  return {
    status,
    ...(typeof content.phone === 'string' ? { phone: content.phone.replace(/\D/g, '') } : {}),
    ...(typeof content.from_tag === 'string' ? { contactName: content.from_tag } : {}),
  };
}

/** Where the SDK connects the audio transport: `${ip}:${port}/call-${room}`, https unless `ip` names its scheme. */
export function audioTransportUrl(payload: unknown): { url: string; room: string } | null {
  const value = (typeof payload === 'object' && payload !== null ? payload : {}) as { room?: unknown; ip?: unknown; port?: unknown };
  const room = typeof value.room === 'string' || typeof value.room === 'number' ? String(value.room) : '';
  const ip = typeof value.ip === 'string' ? value.ip : '';
  const port = typeof value.port === 'number' || typeof value.port === 'string' ? String(value.port) : '';
  if (!/^[\w-]{1,100}$/.test(room) || !ip || !/^\d{1,5}$/.test(port)) return null;
  const host = /^(https?|wss?):\/\//.test(ip) ? ip : `https://${ip}`;
  return { url: `${host}:${port}/call-${room}`, room };
}

export function connectWavoipDevice(baseUrl: string, token: string): WavoipDevice {
  const path = `/${encodeURIComponent(token)}/websocket`;
  const socket: Socket = io(baseUrl, { path, transports: ['websocket'], forceNew: true });
  let audio: { socket: Socket; room: string } | null = null;
  const audioListeners: ((frame: Buffer) => void)[] = [];
  const stateListeners: ((state: 'started' | 'ended') => void)[] = [];
  const endAudio = (notify = true) => {
    if (!audio) return;
    audio.socket.removeAllListeners();
    audio.socket.close();
    audio = null;
    if (notify) for (const listener of stateListeners) listener('ended');
  };
  socket.on('audio_transport:create', (payload: unknown) => {
    const target = audioTransportUrl(payload);
    if (!target) return;
    // A new transport replaces one left open (its listeners carry on with the new one).
    endAudio(false);
    const audioSocket = io(target.url, { path, transports: ['websocket'], forceNew: true });
    audio = { socket: audioSocket, room: target.room };
    audioSocket.on('audio_buffer', (data: unknown) => {
      const frame = Buffer.isBuffer(data) ? data : data instanceof ArrayBuffer ? Buffer.from(data) : null;
      if (frame) for (const listener of audioListeners) listener(frame);
    });
    for (const listener of stateListeners) listener('started');
  });
  socket.on('audio_transport:terminate', (payload: unknown) => {
    const room = (payload as { room?: unknown } | null)?.room;
    const named = typeof room === 'string' || typeof room === 'number' ? String(room) : undefined;
    if (audio && (named === undefined || named === audio.room)) endAudio();
  });
  const command = async (event: string, payload: unknown, timeoutMs: number) => {
    let answer: unknown;
    try {
      answer = await socket.timeout(timeoutMs).emitWithAck(event, payload);
    } catch {
      throw new WavoipCommandError(`${event}: no answer within ${timeoutMs} ms`);
    }
    if (!isSuccess(answer)) {
      const result = (answer as { result?: unknown } | null)?.result;
      throw new WavoipCommandError(`${event}: ${typeof result === 'string' ? result : 'refused'}`);
    }
  };
  return {
    startCall: (phone, timeoutMs) => command('calls:start', phone, timeoutMs),
    accept: (timeoutMs = 5000) => command('calls:accept', {}, timeoutMs),
    reject: (timeoutMs = 5000) => command('calls:reject', {}, timeoutMs),
    end: (timeoutMs = 5000) => command('calls:end', {}, timeoutMs),
    onSignal: (listener) => socket.on('signaling', (data: unknown) => listener(toSignal(data))),
    onAudio: (listener) => void audioListeners.push(listener),
    onAudioState: (listener) => void stateListeners.push(listener),
    sendAudio: (frame) => {
      if (!audio?.socket.connected) return false;
      // As the SDK: volatile, a frame the connection cannot take now is dropped, never queued.
      audio.socket.volatile.emit('microphone_buffer', frame);
      return true;
    },
    close: () => {
      endAudio();
      socket.close();
    },
  };
}
