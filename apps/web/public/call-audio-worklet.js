/* global AudioWorkletProcessor, registerProcessor, sampleRate */
/**
 * The softphone's audio worklets (features/calls/call-audio.ts), in an AudioContext running at the
 * provider's rate, 16 kHz: 16-bit PCM, mono, little-endian frames (packages/simulators/src/wavoip/fixtures.ts).
 * A plain script served from the app's origin (the CSP's script-src 'self' covers worklet modules).
 */

/** The microphone: 640-sample frames (40 ms, as the provider's SDK sends them) posted as ArrayBuffers. */
class ConversaMicrophone extends AudioWorkletProcessor {
  constructor(options) {
    super();
    this.frameSamples = (options && options.processorOptions && options.processorOptions.frameSamples) || 640;
    this.frame = new Int16Array(this.frameSamples);
    this.filled = 0;
  }

  process(inputs, outputs) {
    const channel = inputs[0] && inputs[0][0];
    if (channel) {
      for (let i = 0; i < channel.length; i++) {
        const sample = Math.max(-1, Math.min(1, channel[i]));
        this.frame[this.filled++] = sample < 0 ? sample * 32768 : sample * 32767;
        if (this.filled === this.frameSamples) {
          // Int16Array holds the platform's byte order: little-endian on every browser platform.
          const buffer = this.frame.buffer;
          this.port.postMessage(buffer, [buffer]);
          this.frame = new Int16Array(this.frameSamples);
          this.filled = 0;
        }
      }
    }
    // Silence out: the node is connected to the destination only so that it keeps being processed.
    for (const output of outputs) for (const out of output) out.fill(0);
    return true;
  }
}

/**
 * The remote side: frames queued and played in order. At most `maxQueuedSamples` wait (0.5 s): older
 * audio is dropped rather than letting the delay grow. Reports every ~100 ms how many frames were
 * played, how many dropped, and the level (RMS) of what was just played.
 */
class ConversaPlayer extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const opts = (options && options.processorOptions) || {};
    this.maxQueuedSamples = opts.maxQueuedSamples || 8000;
    this.queue = [];
    this.queued = 0;
    this.offset = 0;
    this.played = 0;
    this.dropped = 0;
    this.sumSquares = 0;
    this.levelSamples = 0;
    this.sinceReport = 0;
    this.port.onmessage = (event) => {
      if (event.data === 'clear') {
        this.queue = [];
        this.queued = 0;
        this.offset = 0;
        return;
      }
      const pcm = new Int16Array(event.data);
      const frame = new Float32Array(pcm.length);
      for (let i = 0; i < pcm.length; i++) frame[i] = pcm[i] / 32768;
      this.queue.push(frame);
      this.queued += frame.length;
      while (this.queued > this.maxQueuedSamples && this.queue.length > 1) {
        const old = this.queue.shift();
        this.queued -= old.length - this.offset;
        this.offset = 0;
        this.dropped++;
      }
    };
  }

  process(_inputs, outputs) {
    const out = outputs[0][0];
    let written = 0;
    while (written < out.length && this.queue.length > 0) {
      const frame = this.queue[0];
      const count = Math.min(out.length - written, frame.length - this.offset);
      for (let i = 0; i < count; i++) {
        const sample = frame[this.offset + i];
        out[written + i] = sample;
        this.sumSquares += sample * sample;
      }
      written += count;
      this.offset += count;
      this.queued -= count;
      if (this.offset === frame.length) {
        this.queue.shift();
        this.offset = 0;
        this.played++;
      }
    }
    out.fill(0, written);
    for (let c = 1; c < outputs[0].length; c++) outputs[0][c].set(out);
    this.levelSamples += out.length;
    this.sinceReport += out.length;
    if (this.sinceReport >= sampleRate / 10) {
      const level = this.levelSamples ? Math.sqrt(this.sumSquares / this.levelSamples) : 0;
      this.port.postMessage({ played: this.played, dropped: this.dropped, level });
      this.sumSquares = 0;
      this.levelSamples = 0;
      this.sinceReport = 0;
    }
    return true;
  }
}

registerProcessor('conversa-microphone', ConversaMicrophone);
registerProcessor('conversa-player', ConversaPlayer);
