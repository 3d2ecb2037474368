import { BEEP_DURATION_MS, BEEP_FREQUENCY_HZ } from './constants';
import { getConfigs } from './session';

/**
 * A short beep made with WebAudio (no sound file). Browsers only start audio after a user
 * gesture: the context is created (or resumed) on the first click or key press.
 */
let context: AudioContext | null = null;
let unlockBound = false;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** Lets the beep play later: call once the app is up. */
export function bindAudioUnlock(): void {
  if (unlockBound) return;
  unlockBound = true;
  const unlock = () => {
    void audioContext()
      ?.resume()
      .catch(() => undefined);
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
  };
  window.addEventListener('pointerdown', unlock);
  window.addEventListener('keydown', unlock);
}

/** Beeps unless the user turned the notification sound off (configs.notificationSound, the profile page). */
export function playBeep(): void {
  if (!getConfigs().notificationSound) return;
  const ctx = audioContext();
  if (!ctx || ctx.state !== 'running') return;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = BEEP_FREQUENCY_HZ;
  const now = ctx.currentTime;
  const end = now + BEEP_DURATION_MS / 1000;
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(now);
  oscillator.stop(end);
}
