/**
 * The call's audio (issue 15 "Softphone and calls") against the local Wavoip simulator, which carries
 * audio as the provider's SDK 2.0.0 does (a second Socket.IO connection per call, 16-bit PCM at
 * 16 kHz; fixtures.ts): the user's socket joins only a call of their tenant that they placed or
 * took; the microphone's frames reach the provider's device connection held by the server, the
 * provider's audio reaches that socket; oversize frames, frames over the rate and frames of calls
 * not joined are dropped and counted; everything stops when the call ends.
 */
import {
  CALL_AUDIO_END_EVENT,
  CALL_AUDIO_FRAME_EVENT,
  CALL_AUDIO_JOIN_EVENT,
  CALL_AUDIO_MAX_FRAME_BYTES,
  CALL_AUDIO_MAX_FRAMES_PER_SECOND,
} from '@conversa/shared';
import { startWavoipSimulator, toneFrame, type WavoipSimulator } from '@conversa/simulators';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Api } from '../../../test/api.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { buildTenant } from '../../../test/factories.js';
import { buildAgent, buildChannel, connectAgent, type Agent, type AgentSocket } from '../../../test/inbox.js';
import { callAudioStats, FrameLimiter } from './call-audio.js';

let sim: WavoipSimulator;
let server: TestServer;
let api: Api;
let admin: Agent;
let agent: Agent;
let colleague: Agent;
let stranger: Agent;
let agentSocket: AgentSocket;
let colleagueSocket: AgentSocket;
let strangerSocket: AgentSocket;
let channelId: number;

const join = (socket: AgentSocket, callId: unknown) =>
  socket.socket.timeout(5000).emitWithAck(CALL_AUDIO_JOIN_EVENT, callId) as Promise<{ ok: boolean; error?: string }>;

/** Sends `count` frames of a tone, one every `everyMs` (40 ms: the provider's pace). */
async function speak(socket: AgentSocket, callId: number, count: number, everyMs = 40): Promise<void> {
  for (let i = 0; i < count; i++) {
    socket.socket.emit(CALL_AUDIO_FRAME_EVENT, callId, toneFrame(300, i * 640, 0.4));
    if (everyMs) await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

beforeAll(async () => {
  sim = await startWavoipSimulator();
  sim.device('tok-audio', 'answer');
  sim.playTone('tok-audio', 440);
  server = await startTestServer({ WAVOIP_BASE_URL: sim.url });
  api = new Api(server.url);
  const tenant = await buildTenant(server.ctx);
  admin = await buildAgent(server, tenant.id, 'admin', 'Ana Admin');
  agent = await buildAgent(server, tenant.id, 'user', 'Bruno Agente');
  colleague = await buildAgent(server, tenant.id, 'user', 'Carla Colega');
  stranger = await buildAgent(server, (await buildTenant(server.ctx)).id, 'admin');
  channelId = (await buildChannel(server.ctx, tenant.id, { name: 'Vendas', number: '5511911110000' })).id;
  const saved = await api.put(`/channels/${channelId}/call-tokens`, { tokens: 'tok-audio' }, { token: admin.token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await sim.waitConnected('tok-audio');
  agentSocket = await connectAgent(server.url, agent.token);
  colleagueSocket = await connectAgent(server.url, colleague.token);
  strangerSocket = await connectAgent(server.url, stranger.token);
});
afterAll(async () => {
  agentSocket?.close();
  colleagueSocket?.close();
  strangerSocket?.close();
  await server?.close();
  await sim?.close();
});

describe('frame limiter', () => {
  it('lets a second of frames through at once, then the rate', () => {
    let now = 0;
    const limiter = new FrameLimiter(50, () => now);
    const first = Array.from({ length: 60 }, () => limiter.take()).filter(Boolean).length;
    expect(first).toBe(50);
    now += 100;
    expect(Array.from({ length: 10 }, () => limiter.take()).filter(Boolean).length).toBe(5);
  });
});

describe('the call audio', () => {
  it('carries the microphone to the provider and the provider to the browser, only for the user who placed the call', async () => {
    const placed = await api.post('/calls', { channelId, phone: '5511988887777' }, { token: agent.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const callId = placed.body.id as number;

    // Only the user who placed it, in its tenant; bad ids are refused.
    expect(await join(strangerSocket, callId)).toEqual({ ok: false, error: 'ERR_NO_CALL_FOUND' });
    expect(await join(colleagueSocket, callId)).toEqual({ ok: false, error: 'ERR_NO_PERMISSION' });
    expect(await join(agentSocket, 'x')).toEqual({ ok: false, error: 'ERR_VALIDATION' });
    expect(await join(agentSocket, callId)).toEqual({ ok: true });
    const frames: Buffer[] = [];
    agentSocket.socket.on(CALL_AUDIO_FRAME_EVENT, (id: number, frame: Buffer) => {
      if (id === callId) frames.push(frame);
    });

    // The customer picks up: the provider opens the call's audio transport and plays its tone.
    sim.answer('tok-audio');
    await agentSocket.waitFor('call:status', (p) => p.call.id === callId && p.call.status === 'accept');
    const heard = await agentSocket.waitFor(CALL_AUDIO_FRAME_EVENT, undefined, 5000);
    expect(heard).toBe(callId);
    await vi.waitFor(() => expect(agentSocket.received(CALL_AUDIO_FRAME_EVENT).length).toBeGreaterThanOrEqual(10), { timeout: 5000 });
    // The frames are the provider's: 40 ms of 16-bit PCM, the tone (not silence).
    expect(frames[0].length).toBe(1280);
    const samples = Array.from({ length: 640 }, (_, i) => frames[0].readInt16LE(i * 2) / 32768);
    expect(Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length)).toBeGreaterThan(0.2);
    // Nobody else hears it.
    expect(colleagueSocket.received(CALL_AUDIO_FRAME_EVENT)).toHaveLength(0);
    expect(strangerSocket.received(CALL_AUDIO_FRAME_EVENT)).toHaveLength(0);

    // The microphone's frames reach the provider's device, loud enough (at least 20 of 40: on a
    // loaded CI machine only 19 of 25 had arrived at the end of the wait).
    const before = callAudioStats(server.ctx);
    await speak(agentSocket, callId, 40);
    const received = await sim.waitAudio('tok-audio', 20, 0.2);
    expect(received.bytes).toBe(received.frames * 1280);
    expect(received.peak).toBeGreaterThan(0.3);
    expect(callAudioStats(server.ctx).micFrames - before.micFrames).toBeGreaterThanOrEqual(20);

    // Another user's socket, and a call id the socket did not join: dropped and counted, never sent.
    const dropped = callAudioStats(server.ctx).dropped.notJoined;
    await speak(colleagueSocket, callId, 3, 0);
    await speak(agentSocket, callId + 1000, 3, 0);
    await vi.waitFor(() => expect(callAudioStats(server.ctx).dropped.notJoined - dropped).toBe(6));

    // Oversize frames are dropped and counted.
    const oversize = callAudioStats(server.ctx).dropped.oversize;
    agentSocket.socket.emit(CALL_AUDIO_FRAME_EVENT, callId, Buffer.alloc(CALL_AUDIO_MAX_FRAME_BYTES + 2));
    await vi.waitFor(() => expect(callAudioStats(server.ctx).dropped.oversize).toBe(oversize + 1));

    // A flood, from another tab of the same user that joined the call too (the first tab's frame
    // bucket stays full for what follows): past the rate's burst, frames are dropped and counted,
    // and the socket stays connected.
    const secondTab = await connectAgent(server.url, agent.token);
    try {
      expect(await join(secondTab, callId)).toEqual({ ok: true });
      const rate = callAudioStats(server.ctx).dropped.rate;
      const passed = callAudioStats(server.ctx).micFrames;
      const flood = CALL_AUDIO_MAX_FRAMES_PER_SECOND * 6;
      const started = performance.now();
      await speak(secondTab, callId, flood, 0);
      // Every frame accounted for: sent on to the provider, or dropped for the rate.
      const counted = () => callAudioStats(server.ctx).dropped.rate - rate + callAudioStats(server.ctx).micFrames - passed;
      await vi.waitFor(() => expect(counted()).toBe(flood), { timeout: 10_000 });
      const seconds = (performance.now() - started) / 1000;
      const dropped = callAudioStats(server.ctx).dropped.rate - rate;
      // A loaded machine spreads the flood's arrival: through go at most a second's burst and the
      // rate over the time it took, never the whole flood.
      expect(dropped).toBeGreaterThan(0);
      expect(flood - dropped).toBeLessThanOrEqual(Math.ceil(CALL_AUDIO_MAX_FRAMES_PER_SECOND * (1 + seconds)) + 1);
      expect(secondTab.socket.connected).toBe(true);
    } finally {
      secondTab.close();
    }

    // Hanging up stops everything: the transport ends at the provider, the socket hears the end.
    const hung = await api.post(`/calls/${callId}/hangup`, {}, { token: agent.token });
    expect(hung.status, JSON.stringify(hung.body)).toBe(200);
    await agentSocket.waitFor(CALL_AUDIO_END_EVENT, (id) => id === callId);
    await vi.waitFor(() => expect(sim.receivedAudio('tok-audio')?.ended).toBe(true));
    const afterEnd = callAudioStats(server.ctx).dropped.notJoined;
    await speak(agentSocket, callId, 2, 0);
    await vi.waitFor(() => expect(callAudioStats(server.ctx).dropped.notJoined).toBe(afterEnd + 2));
    // An ended call cannot be joined again.
    expect(await join(agentSocket, callId)).toEqual({ ok: false, error: 'ERR_CALL_NOT_ACTIVE' });
  });

  it('a socket that keeps flooding far past the rate is disconnected', async () => {
    const flooder = await connectAgent(server.url, colleague.token);
    try {
      const gone = new Promise<string>((resolve) => flooder.socket.once('disconnect', resolve));
      // 30 seconds' worth at once: even if a loaded server takes seconds to read them (the rate lets a
      // few through meanwhile), the drops pass the 10 seconds' worth that disconnects.
      for (let i = 0; i < CALL_AUDIO_MAX_FRAMES_PER_SECOND * 30; i++) flooder.socket.emit(CALL_AUDIO_FRAME_EVENT, 1, Buffer.alloc(2));
      expect(await gone).toBe('io server disconnect');
    } finally {
      flooder.close();
    }
  });

  it('an incoming call: the user who accepted it hears the provider', async () => {
    sim.offer('tok-audio', '5511966665555', 'Dona Maria');
    const offer = await colleagueSocket.waitFor('call:status', (p) => p.call.status === 'offer' && p.call.phone === '5511966665555');
    // Nobody took it yet: nobody may join its audio.
    expect(await join(colleagueSocket, offer.call.id)).toEqual({ ok: false, error: 'ERR_NO_PERMISSION' });
    const accepted = await api.post(`/calls/${offer.call.id}/accept`, {}, { token: colleague.token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await join(colleagueSocket, offer.call.id)).toEqual({ ok: true });
    expect(await join(agentSocket, offer.call.id)).toEqual({ ok: false, error: 'ERR_NO_PERMISSION' });
    await colleagueSocket.waitFor(CALL_AUDIO_FRAME_EVENT, (id) => id === offer.call.id, 5000);
    await speak(colleagueSocket, offer.call.id, 15);
    await sim.waitAudio('tok-audio', 10, 0.2);
    // The customer hangs up: the provider ends the transport, the socket hears the end.
    sim.hangup('tok-audio');
    await colleagueSocket.waitFor(CALL_AUDIO_END_EVENT, (id) => id === offer.call.id);
    await colleagueSocket.waitFor('call:status', (p) => p.call.id === offer.call.id && p.call.status === 'terminate');
  });
});
