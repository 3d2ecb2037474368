import {
  CALL_AUDIO_END_EVENT,
  CALL_AUDIO_FRAME_EVENT,
  CALL_AUDIO_FRAME_SAMPLES,
  CALL_AUDIO_JOIN_EVENT,
  CALL_AUDIO_LEAVE_EVENT,
  CALL_AUDIO_SAMPLE_RATE,
} from '@conversa/shared/calls';
import type { Socket } from 'socket.io-client';

/** What the call's audio did so far: the positive markers the screen exposes. */
export interface CallAudioStats {
  /** 'joining' until the server let this socket into the call's audio; 'refused' with its error. */
  state: 'joining' | 'live' | 'refused' | 'ended';
  error?: string;
  /** Microphone frames sent to the server. */
  sentFrames: number;
  /** Remote frames received, played (fully) and dropped (the player's backlog was over 0.5 s). */
  receivedFrames: number;
  playedFrames: number;
  droppedFrames: number;
  /** Loudness (RMS, 0–1) of what was played in the last ~100 ms. */
  level: number;
}

export interface CallAudioSession {
  stop(): void;
}

/** The worklets' script: a plain file of the app (public/), same origin as the page. */
const WORKLET_URL = '/call-audio-worklet.js';

/**
 * The call's audio in the browser: the microphone, captured at the provider's 16 kHz in 40 ms frames
 * of 16-bit PCM by an AudioWorklet, goes on the user's socket to the server (which relays it to the
 * provider's device connection); the remote side comes back on that socket and plays through a
 * second worklet. Everything stops with `stop()` (the call ended) or when the server ends it.
 */
export async function startCallAudio(
  socket: Socket,
  callId: number,
  stream: MediaStream,
  onStats: (stats: CallAudioStats) => void,
): Promise<CallAudioSession> {
  const stats: CallAudioStats = { state: 'joining', sentFrames: 0, receivedFrames: 0, playedFrames: 0, droppedFrames: 0, level: 0 };
  const report = () => onStats({ ...stats });
  let stopped = false;
  // The provider's rate: the browser resamples the microphone into it and the remote audio out of it.
  const context = new AudioContext({ sampleRate: CALL_AUDIO_SAMPLE_RATE, latencyHint: 'interactive' });
  await context.audioWorklet.addModule(WORKLET_URL);
  if (context.state !== 'running') await context.resume().catch(() => undefined);

  const player = new AudioWorkletNode(context, 'conversa-player', {
    numberOfInputs: 0,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    processorOptions: { maxQueuedSamples: CALL_AUDIO_SAMPLE_RATE / 2 },
  });
  player.connect(context.destination);
  player.port.onmessage = (event: MessageEvent<{ played: number; dropped: number; level: number }>) => {
    stats.playedFrames = event.data.played;
    stats.droppedFrames = event.data.dropped;
    stats.level = event.data.level;
    report();
  };

  const microphone = new AudioWorkletNode(context, 'conversa-microphone', {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    processorOptions: { frameSamples: CALL_AUDIO_FRAME_SAMPLES },
  });
  const source = context.createMediaStreamSource(stream);
  source.connect(microphone);
  // Silent output: connected only so that the worklet is processed.
  microphone.connect(context.destination);
  microphone.port.onmessage = (event: MessageEvent<ArrayBuffer>) => {
    if (stats.state !== 'live' || !socket.connected) return;
    // Volatile, as the provider's SDK: a frame the connection cannot take now is dropped.
    socket.volatile.emit(CALL_AUDIO_FRAME_EVENT, callId, event.data);
    stats.sentFrames++;
  };

  const onFrame = (id: unknown, data: unknown) => {
    if (id !== callId || !(data instanceof ArrayBuffer) || data.byteLength % 2 !== 0) return;
    stats.receivedFrames++;
    player.port.postMessage(data, [data]);
  };
  const onEnd = (id: unknown) => {
    if (id === callId) stop();
  };
  const join = () =>
    socket.emit(CALL_AUDIO_JOIN_EVENT, callId, (answer: { ok: boolean; error?: string }) => {
      if (stopped) return;
      stats.state = answer.ok ? 'live' : 'refused';
      if (!answer.ok) stats.error = answer.error;
      report();
    });
  socket.on(CALL_AUDIO_FRAME_EVENT, onFrame);
  socket.on(CALL_AUDIO_END_EVENT, onEnd);
  // A reconnection (another server process, maybe) joins again.
  socket.on('connect', join);
  if (socket.connected) join();
  report();

  function stop() {
    if (stopped) return;
    stopped = true;
    socket.off(CALL_AUDIO_FRAME_EVENT, onFrame);
    socket.off(CALL_AUDIO_END_EVENT, onEnd);
    socket.off('connect', join);
    if (socket.connected) socket.emit(CALL_AUDIO_LEAVE_EVENT, callId);
    microphone.port.onmessage = null;
    player.port.onmessage = null;
    source.disconnect();
    microphone.disconnect();
    player.disconnect();
    void context.close().catch(() => undefined);
    stats.state = 'ended';
    report();
  }
  return { stop };
}
