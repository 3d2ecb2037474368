import { vi } from 'vitest';

const EM_PX = 16;

function toPx(value: string, unit: string): number {
  return unit === 'em' || unit === 'rem' ? Number(value) * EM_PX : Number(value);
}

/** Whether a media query of min-/max-width (and -height) terms, possibly comma-separated, matches the screen. */
function matches(query: string, width: number, height: number): boolean {
  return query.split(',').some((part) => {
    const terms = [...part.matchAll(/\((min|max)-(width|height):\s*([\d.]+)(px|em|rem)\)/g)];
    if (terms.length === 0) return false;
    return terms.every(([, bound, axis, value, unit]) => {
      const size = axis === 'width' ? width : height;
      const limit = toPx(value, unit);
      return bound === 'min' ? size >= limit : size <= limit;
    });
  });
}

/** Makes window.matchMedia answer as a screen of this size would (jsdom evaluates no media query). */
export function setScreenSize(width: number, height = 844): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: matches(query, width, height),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** A phone (390 × 844) and a desktop (1280 × 800). */
export const PHONE = 390;
export const DESKTOP = 1280;
