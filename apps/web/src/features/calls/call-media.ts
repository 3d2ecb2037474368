import { useSyncExternalStore } from 'react';
import { stopMicrophone } from './microphone';

/**
 * The microphone of the call in progress, kept outside any screen: the call (and its audio, run by
 * the CallDock of the layout) goes on while the user moves between screens. Opened before a call is
 * placed or answered, released when the call ends or fails.
 */
let held: MediaStream | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function holdCallMicrophone(stream: MediaStream): void {
  if (held && held !== stream) stopMicrophone(held);
  held = stream;
  changed();
}

export function releaseCallMicrophone(): void {
  if (!held) return;
  stopMicrophone(held);
  held = null;
  changed();
}

export function useCallMicrophone(): MediaStream | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => held,
  );
}
