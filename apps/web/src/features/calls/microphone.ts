/** Why the microphone could not be opened: refused by the user or the browser, or no device. */
export type MicrophoneProblem = 'denied' | 'unavailable';

/**
 * Asks for the microphone before a call is placed or answered (the call's audio needs it). The
 * stream is kept by the caller and stopped when the call ends.
 */
export async function openMicrophone(): Promise<{ stream: MediaStream } | { problem: MicrophoneProblem }> {
  if (!navigator.mediaDevices?.getUserMedia) return { problem: 'unavailable' };
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio: true }) };
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    return { problem: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable' };
  }
}

export function stopMicrophone(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
