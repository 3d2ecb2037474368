import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCallAudio, type CallAudioStats } from './call-audio';

/**
 * The browser side of the call's audio with Web Audio replaced by recorders (jsdom has none; the
 * real thing runs in Chromium in e2e/calls-audio.e2e.test.ts): what goes on the socket, for which
 * call, and when it stops.
 */
interface FakeNode {
  name: string;
  port: { onmessage: ((event: { data: unknown }) => void) | null; postMessage: ReturnType<typeof vi.fn> };
  connect: ReturnType<typeof vi.fn>;
  disconnect: ReturnType<typeof vi.fn>;
}
let nodes: FakeNode[];
let contexts: { options: unknown; close: ReturnType<typeof vi.fn>; addModule: ReturnType<typeof vi.fn> }[];

beforeEach(() => {
  nodes = [];
  contexts = [];
  vi.stubGlobal(
    'AudioContext',
    class {
      state = 'running';
      destination = {};
      audioWorklet = { addModule: vi.fn(async () => undefined) };
      close = vi.fn(async () => undefined);
      constructor(readonly options: unknown) {
        contexts.push({ options, close: this.close, addModule: this.audioWorklet.addModule });
      }
      resume = vi.fn(async () => undefined);
      createMediaStreamSource = () => ({ connect: vi.fn(), disconnect: vi.fn() });
    },
  );
  vi.stubGlobal(
    'AudioWorkletNode',
    class {
      port = { onmessage: null, postMessage: vi.fn() };
      connect = vi.fn();
      disconnect = vi.fn();
      constructor(
        _context: unknown,
        readonly name: string,
      ) {
        nodes.push(this);
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

function fakeSocket() {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const emitted: unknown[][] = [];
  const volatile: unknown[][] = [];
  const socket = {
    connected: true,
    on: (event: string, handler: (...args: unknown[]) => void) => void handlers.set(event, [...(handlers.get(event) ?? []), handler]),
    off: (event: string, handler: (...args: unknown[]) => void) =>
      void handlers.set(
        event,
        (handlers.get(event) ?? []).filter((h) => h !== handler),
      ),
    emit: (...args: unknown[]) => void emitted.push(args),
    volatile: { emit: (...args: unknown[]) => void volatile.push(args) },
  };
  const serverSends = (event: string, ...args: unknown[]) => (handlers.get(event) ?? []).forEach((handler) => handler(...args));
  return { socket: socket as unknown as Socket, emitted, volatile, serverSends, handlers };
}

const node = (name: string) => nodes.find((n) => n.name === name) as FakeNode;

describe('startCallAudio', () => {
  it('joins the call, sends the microphone once let in, plays only this call, reports, and stops on the end', async () => {
    const { socket, emitted, volatile, serverSends, handlers } = fakeSocket();
    const reports: CallAudioStats[] = [];
    const stream = {} as MediaStream;
    await startCallAudio(socket, 5, stream, (stats) => reports.push(stats));

    // The provider's rate, and the app's own worklet script.
    expect(contexts[0].options).toMatchObject({ sampleRate: 16000 });
    expect(contexts[0].addModule).toHaveBeenCalledWith('/call-audio-worklet.js');
    const join = emitted.find((args) => args[0] === 'call:audio:join');
    expect(join?.[1]).toBe(5);

    // Before the server let it in, the microphone's frames are not sent.
    const frame = new ArrayBuffer(1280);
    node('conversa-microphone').port.onmessage?.({ data: frame });
    expect(volatile).toHaveLength(0);
    (join?.[2] as (answer: unknown) => void)({ ok: true });
    expect(reports.at(-1)?.state).toBe('live');
    node('conversa-microphone').port.onmessage?.({ data: frame });
    expect(volatile).toEqual([['call:audio', 5, frame]]);

    // The remote side: this call's frames go to the player, others' do not.
    const remote = new ArrayBuffer(1280);
    serverSends('call:audio', 6, new ArrayBuffer(1280));
    serverSends('call:audio', 5, remote);
    expect(node('conversa-player').port.postMessage).toHaveBeenCalledTimes(1);
    expect(node('conversa-player').port.postMessage.mock.calls[0][0]).toBe(remote);
    node('conversa-player').port.onmessage?.({ data: { played: 3, dropped: 1, level: 0.25 } });
    expect(reports.at(-1)).toMatchObject({
      state: 'live',
      sentFrames: 1,
      receivedFrames: 1,
      playedFrames: 3,
      droppedFrames: 1,
      level: 0.25,
    });

    // The server ends it: the socket leaves the call, the audio is released.
    serverSends('call:audio:end', 5);
    expect(emitted.some((args) => args[0] === 'call:audio:leave' && args[1] === 5)).toBe(true);
    expect(contexts[0].close).toHaveBeenCalled();
    expect(reports.at(-1)?.state).toBe('ended');
    expect(handlers.get('call:audio')).toEqual([]);
  });

  it('a refused join sends nothing', async () => {
    const { socket, emitted, volatile } = fakeSocket();
    const reports: CallAudioStats[] = [];
    const session = await startCallAudio(socket, 9, {} as MediaStream, (stats) => reports.push(stats));
    (emitted.find((args) => args[0] === 'call:audio:join')?.[2] as (answer: unknown) => void)({ ok: false, error: 'ERR_NO_PERMISSION' });
    expect(reports.at(-1)).toMatchObject({ state: 'refused', error: 'ERR_NO_PERMISSION' });
    node('conversa-microphone').port.onmessage?.({ data: new ArrayBuffer(1280) });
    expect(volatile).toHaveLength(0);
    session.stop();
    expect(contexts[0].close).toHaveBeenCalled();
  });
});
