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

export function connectWavoipDevice(baseUrl: string, token: string): WavoipDevice {
  const socket: Socket = io(baseUrl, { path: `/${encodeURIComponent(token)}/websocket`, transports: ['websocket'], forceNew: true });
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
    close: () => socket.close(),
  };
}
