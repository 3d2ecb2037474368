import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type DefaultEventsMap, type Socket as IoSocket } from 'socket.io';
import { WAVOIP_ACK_ERROR, WAVOIP_ACK_SUCCESS, WAVOIP_AUDIO, wavoipAudioTransport, wavoipSignal } from './fixtures.js';

/** How a simulated device answers `calls:start`: places the call, refuses it, or never answers. */
export type WavoipDeviceMode = 'answer' | 'fail' | 'silent';

export interface WavoipCommand {
  token: string;
  event: string;
  payload: unknown;
  at: number;
}

/** What the device's audio side received from the client during one call (its microphone). */
export interface WavoipReceivedAudio {
  token: string;
  room: string;
  /** Frames received and their bytes. */
  frames: number;
  bytes: number;
  /** Loudness of what was received: the largest sample and the root mean square, both in [0, 1]. */
  peak: number;
  rms: number;
  /** Whether the audio transport was terminated (the call ended). */
  ended: boolean;
}

export interface WavoipSimulator {
  /** The base URL to give the adapter (the provider's `https://devices.wavoip.com`). */
  url: string;
  /** Every command received, in order. */
  commands: WavoipCommand[];
  /** Declares a device token and how it answers calls (unknown tokens are refused at connection). */
  device(token: string, mode: WavoipDeviceMode): void;
  /** Whether a device currently has a connected client. */
  connected(token: string): boolean;
  /** How many clients (server processes) are connected to a device. */
  connections(token: string): number;
  /** Waits until a client of this token is connected. */
  waitConnected(token: string, timeoutMs?: number): Promise<void>;
  /** Pushes a `signaling` event to the clients of a device (the customer answers, hangs up, calls in). */
  signal(token: string, data: unknown): void;
  offer(token: string, phone: string, name?: string): void;
  /** The called customer picks up the device's outgoing call: `accept`, then the call's audio starts. */
  answer(token: string): void;
  /** The customer hangs up: the audio transport ends, then `terminate`. */
  hangup(token: string): void;
  /** The device's calls play a sine tone (the customer's voice) to the client while their audio runs. */
  playTone(token: string, frequencyHz?: number): void;
  /** What the device's audio side received in its latest call (undefined: no audio yet). */
  receivedAudio(token: string): WavoipReceivedAudio | undefined;
  /** Audio frames sent to the client (the tone) in the device's latest call. */
  sentAudioFrames(token: string): number;
  /** Waits until the device's latest call received at least `frames` frames louder than `minRms`. */
  waitAudio(token: string, frames: number, minRms?: number, timeoutMs?: number): Promise<WavoipReceivedAudio>;
  close(): Promise<void>;
}

/** One 40 ms frame of a sine tone, 16-bit PCM little-endian (the provider's audio format). */
export function toneFrame(frequencyHz: number, startSample: number, amplitude = 0.5): Buffer {
  const frame = Buffer.alloc(WAVOIP_AUDIO.frameSamples * WAVOIP_AUDIO.bytesPerSample);
  for (let i = 0; i < WAVOIP_AUDIO.frameSamples; i++) {
    const value = Math.sin((2 * Math.PI * frequencyHz * (startSample + i)) / WAVOIP_AUDIO.sampleRate) * amplitude;
    frame.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  return frame;
}

/** A local Wavoip device server (see fixtures.ts for the documented protocol). */
export async function startWavoipSimulator(): Promise<WavoipSimulator> {
  const http = createServer();
  // The token is part of the Socket.IO path: accept every path and read the token from it.
  const ioServer = new Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, { token: string }>(http, {
    path: '/',
    transports: ['websocket'],
  });
  const modes = new Map<string, WavoipDeviceMode>();
  type Socket = IoSocket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, { token: string }>;
  const sockets = new Map<string, Set<Socket>>();
  const commands: WavoipCommand[] = [];
  const waiters: { token: string; resolve: () => void }[] = [];
  // The call's audio (fixtures.ts WAVOIP_AUDIO): one room per call, its own Socket.IO namespace.
  interface AudioCall {
    received: WavoipReceivedAudio;
    sumSquares: number;
    samples: number;
    sent: number;
    timer: NodeJS.Timeout | null;
    sockets: Set<IoSocket>;
  }
  const audioCalls = new Map<string, AudioCall>();
  const latestRoom = new Map<string, string>();
  const tones = new Map<string, number>();
  let roomCounter = 0;
  let port = 0;

  const startAudio = (token: string) => {
    stopAudio(token);
    const room = `r${++roomCounter}-${Math.random().toString(36).slice(2, 8)}`;
    const call: AudioCall = {
      received: { token, room, frames: 0, bytes: 0, peak: 0, rms: 0, ended: false },
      sumSquares: 0,
      samples: 0,
      sent: 0,
      timer: null,
      sockets: new Set(),
    };
    audioCalls.set(room, call);
    latestRoom.set(token, room);
    const frequency = tones.get(token);
    if (frequency !== undefined) {
      // Real time: one 40 ms frame every 40 ms, to the clients connected to the call's audio.
      call.timer = setInterval(() => {
        if (call.sockets.size === 0) return;
        const frame = toneFrame(frequency, call.sent * WAVOIP_AUDIO.frameSamples);
        call.sent++;
        for (const socket of call.sockets) socket.emit(WAVOIP_AUDIO.remoteEvent, frame);
      }, 1000 / WAVOIP_AUDIO.framesPerSecond);
    }
    for (const socket of sockets.get(token) ?? [])
      socket.emit(WAVOIP_AUDIO.createEvent, wavoipAudioTransport(room, 'http://127.0.0.1', port));
  };
  const stopAudio = (token: string) => {
    const room = latestRoom.get(token);
    const call = room ? audioCalls.get(room) : undefined;
    if (!room || !call || call.received.ended) return;
    call.received.ended = true;
    if (call.timer) clearInterval(call.timer);
    for (const socket of sockets.get(token) ?? []) socket.emit(WAVOIP_AUDIO.terminateEvent, { room });
    for (const socket of call.sockets) socket.disconnect(true);
  };
  const emitSignal = (token: string, data: unknown) => {
    for (const socket of sockets.get(token) ?? []) socket.emit('signaling', data);
  };

  // The audio transport: namespace `/call-<room>`, reached with the device's token path.
  const audio = ioServer.of(/^\/call-[\w-]+$/);
  audio.use((socket, next) => {
    const token = decodeURIComponent((socket.request.url ?? '').split('?')[0].split('/').filter(Boolean)[0] ?? '');
    const room = socket.nsp.name.slice('/call-'.length);
    const call = audioCalls.get(room);
    if (!call || call.received.token !== token || call.received.ended) return next(new Error('unknown call'));
    next();
  });
  audio.on('connection', (socket) => {
    const call = audioCalls.get(socket.nsp.name.slice('/call-'.length));
    if (!call) return void socket.disconnect(true);
    call.sockets.add(socket);
    socket.on('disconnect', () => call.sockets.delete(socket));
    socket.on(WAVOIP_AUDIO.microphoneEvent, (data: unknown) => {
      if (!Buffer.isBuffer(data) || call.received.ended) return;
      call.received.frames++;
      call.received.bytes += data.length;
      for (let i = 0; i + 1 < data.length; i += 2) {
        const sample = data.readInt16LE(i) / 32768;
        call.sumSquares += sample * sample;
        call.samples++;
        if (Math.abs(sample) > call.received.peak) call.received.peak = Math.abs(sample);
      }
      call.received.rms = call.samples ? Math.sqrt(call.sumSquares / call.samples) : 0;
    });
  });

  ioServer.use((socket, next) => {
    const token = decodeURIComponent((socket.request.url ?? '').split('?')[0].split('/').filter(Boolean)[0] ?? '');
    if (!modes.has(token)) return next(new Error('invalid token'));
    socket.data.token = token;
    next();
  });
  ioServer.on('connection', (socket) => {
    const token = socket.data.token;
    const set = sockets.get(token) ?? new Set<Socket>();
    set.add(socket);
    sockets.set(token, set);
    for (const waiter of waiters.filter((w) => w.token === token)) waiter.resolve();
    socket.on('disconnect', () => set.delete(socket));
    socket.on('calls:start', (phone: unknown, ack?: (answer: unknown) => void) => {
      commands.push({ token, event: 'calls:start', payload: phone, at: Date.now() });
      const mode = modes.get(token);
      if (mode === 'silent' || typeof ack !== 'function') return;
      if (mode === 'fail') return ack(WAVOIP_ACK_ERROR);
      ack(WAVOIP_ACK_SUCCESS);
      socket.emit('signaling', wavoipSignal.outcomingCalling(String(phone)));
      // A call placed from this device: whatever ran on it before is over.
      stopAudio(token);
    });
    for (const event of ['calls:accept', 'calls:reject', 'calls:end']) {
      socket.on(event, (payload: unknown, ack?: (answer: unknown) => void) => {
        commands.push({ token, event, payload, at: Date.now() });
        if (typeof ack === 'function') ack(WAVOIP_ACK_SUCCESS);
        if (event === 'calls:end') {
          stopAudio(token);
          emitSignal(token, wavoipSignal.terminate());
        }
        if (event === 'calls:reject') emitSignal(token, wavoipSignal.reject());
        if (event === 'calls:accept') {
          emitSignal(token, wavoipSignal.accept());
          startAudio(token);
        }
      });
    }
  });

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
  const latest = (token: string) => {
    const room = latestRoom.get(token);
    return room ? audioCalls.get(room) : undefined;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    commands,
    device: (token, mode) => void modes.set(token, mode),
    connected: (token) => (sockets.get(token)?.size ?? 0) > 0,
    connections: (token) => sockets.get(token)?.size ?? 0,
    waitConnected: (token, timeoutMs = 5000) =>
      (sockets.get(token)?.size ?? 0) > 0
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`no client for ${token}`)), timeoutMs);
            waiters.push({ token, resolve: () => (clearTimeout(timer), resolve()) });
          }),
    signal: (token, data) => {
      for (const socket of sockets.get(token) ?? []) socket.emit('signaling', data);
    },
    offer: (token, phone, name) => {
      for (const socket of sockets.get(token) ?? []) socket.emit('signaling', wavoipSignal.offer(phone, name));
    },
    answer: (token) => {
      emitSignal(token, wavoipSignal.accept());
      startAudio(token);
    },
    hangup: (token) => {
      stopAudio(token);
      emitSignal(token, wavoipSignal.terminate());
    },
    playTone: (token, frequencyHz = 440) => void tones.set(token, frequencyHz),
    receivedAudio: (token) => {
      const call = latest(token);
      return call ? { ...call.received } : undefined;
    },
    sentAudioFrames: (token) => latest(token)?.sent ?? 0,
    waitAudio: async (token, frames, minRms = 0.01, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const received = latest(token)?.received;
        if (received && received.frames >= frames && received.rms >= minRms) return { ...received };
        if (Date.now() > deadline) throw new Error(`audio of ${token}: ${JSON.stringify(received ?? null)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: async () => {
      for (const token of latestRoom.keys()) stopAudio(token);
      await ioServer.close();
      http.closeAllConnections();
    },
  };
}
