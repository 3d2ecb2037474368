import { useEffect } from 'react';
import { IDLE_RELOAD_TICKS, IDLE_TICK_MS } from '../lib/constants';

const ACTIVITY_EVENTS = ['click', 'mousemove', 'keydown'] as const;

/**
 * SPEC §9 idle timeout: a counter ticks every 30 s and the page reloads when it
 * reaches 7200 ticks; a click, mouse move or key press resets it.
 */
export function useIdleReload(): void {
  useEffect(() => {
    let ticks = 0;
    const reset = () => {
      ticks = 0;
    };
    const timer = setInterval(() => {
      ticks += 1;
      if (ticks >= IDLE_RELOAD_TICKS) window.location.reload();
    }, IDLE_TICK_MS);
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, reset, { passive: true });
    return () => {
      clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, reset);
    };
  }, []);
}
