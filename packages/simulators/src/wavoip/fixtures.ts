/**
 * Wavoip's device signalling, as its public SDK documents and uses it.
 * Source: npm package `wavoip-api` 2.0.0 (README "Como Começar": `WAV.connect(token)`,
 * `whatsapp_instance.callStart({ whatsappid })`; lib/index.js: Socket.IO to
 * `https://devices.wavoip.com` with `path: "/" + device_token + "/websocket"` and
 * `transports: ["websocket"]`; `calls:start` emitted with the number, `calls:accept`,
 * `calls:reject`, `calls:end` with `{}`, each acknowledged, success when the answer is an object
 * with `type === "success"`; `signaling` events carrying `tag`). The `offer` content fields
 * (`phone`, `from_tag`, `profile_picture`) are those the product family's softphone reads
 * (Whazing / Chatwoot webphone store, `data.content.phone`, `data.content.from_tag`).
 */
export const WAVOIP_ACK_SUCCESS = { type: 'success', result: 'ok' } as const;
export const WAVOIP_ACK_ERROR = { type: 'error', result: 'Device is not connected' } as const;

export const wavoipSignal = {
  offer: (phone: string, fromTag = 'Cliente') => ({ tag: 'offer', content: { phone, from_tag: fromTag, profile_picture: null } }),
  outcomingCalling: (phone: string) => ({ tag: 'outcoming_calling', content: { phone } }),
  accept: () => ({ tag: 'accept', content: {} }),
  terminate: () => ({ tag: 'terminate', content: {} }),
  reject: () => ({ tag: 'reject', content: {} }),
  acceptElsewhere: () => ({ tag: 'accept_elsewhere', content: {} }),
} as const;

/**
 * The call's audio, as `wavoip-api` 2.0.0 carries it (lib/index.js, the only published version of
 * that package; read from the minified bundle):
 *
 * - No WebRTC. When a call's audio starts the device socket receives `audio_transport:create` with
 *   `{ room, ip, port, sampleRate }`; the SDK opens a SECOND Socket.IO connection to
 *   `` `${ip}:${port}/call-${room}` `` (the namespace `/call-<room>`) with the same options as the
 *   device socket: `path: "/" + device_token + "/websocket"`, `transports: ["websocket"]`,
 *   `forceNew: true`. `audio_transport:terminate` `{ room }` stops the player and the microphone.
 * - The remote side: `audio_buffer` events on that audio socket, each a binary buffer of 16-bit
 *   PCM, mono, 16 000 Hz (the SDK starts its player with `r.start(16e3, room)`, ignoring
 *   `sampleRate`), played through an AudioWorklet ("audio-data-worklet-stream") that reads the bytes
 *   as `Uint16Array` in the machine's byte order (little-endian) and maps them to [-1, 1].
 * - The microphone: getUserMedia({ audio: true }) into an `AudioContext({ sampleRate: 16000 })`, an
 *   AudioWorklet collecting `processSize: sampleRate / 25` = 640 samples (40 ms), encoded as 16-bit
 *   PCM little-endian (`encodePCM`, 1 280 bytes), sent as
 *   `socket_audio_transport.volatile.timeout(250).emit("microphone_buffer", buffer)`: a volatile
 *   event (dropped rather than queued when the connection is busy), about 25 a second.
 *
 * Later SDKs moved to another package, `@wavoip/wavoip-api` (2.1.x–2.6.x, TypeScript, same device
 * host), with a new signalling (`call:start` / `call:accept` / `call:offer` / `call:status` …) and two
 * audio transports: for "unofficial" calls a plain WebSocket `wss://<host>:<port>?token=<token>`
 * carrying the same 16-bit PCM at 16 kHz (the microphone in 320-sample frames, 20 ms; a 4-byte
 * binary message is a ping answered with the text "pong"), and for "official" calls WebRTC (the
 * device sends an SDP offer, the browser answers with `call:sdp-answer`). Conversa's adapter speaks
 * the 2.0.0 protocol throughout (signalling and audio), so these facts are the ones the simulator
 * reproduces; moving to the 2.x protocol is a change of the adapter only.
 */
export const WAVOIP_AUDIO = {
  sampleRate: 16_000,
  /** Bytes per sample: 16-bit PCM, mono, little-endian. */
  bytesPerSample: 2,
  /** The SDK's microphone frame: sampleRate / 25 samples (40 ms). */
  frameSamples: 640,
  framesPerSecond: 25,
  createEvent: 'audio_transport:create',
  terminateEvent: 'audio_transport:terminate',
  /** Provider → client (the remote side's voice). */
  remoteEvent: 'audio_buffer',
  /** Client → provider (our microphone). */
  microphoneEvent: 'microphone_buffer',
  namespace: (room: string) => `/call-${room}`,
} as const;

/** `audio_transport:create`'s payload; `ip` may carry its scheme (the SDK concatenates `${ip}:${port}`). */
export const wavoipAudioTransport = (room: string, ip: string, port: number) => ({ room, ip, port, sampleRate: WAVOIP_AUDIO.sampleRate });
