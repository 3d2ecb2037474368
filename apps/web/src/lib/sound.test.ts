import { describe, expect, it, vi } from 'vitest';
import { saveConfigs } from './session';

/** A WebAudio stand-in that counts the beeps started. */
function stubAudio() {
  const started = vi.fn();
  const node = () => ({
    connect: (next: unknown) => next ?? node(),
    start: started,
    stop: vi.fn(),
    frequency: { value: 0 },
    gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
    type: '',
  });
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    createOscillator = node;
    createGain = node;
    resume = () => Promise.resolve();
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return started;
}

describe('the new-message beep', () => {
  it('plays by default and stays silent once the user turned the notification sound off', async () => {
    const started = stubAudio();
    const { playBeep } = await import('./sound');
    playBeep();
    expect(started).toHaveBeenCalledTimes(1);
    saveConfigs({ notificationSound: false });
    playBeep();
    expect(started).toHaveBeenCalledTimes(1);
    saveConfigs({ notificationSound: true });
    playBeep();
    expect(started).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });
});
