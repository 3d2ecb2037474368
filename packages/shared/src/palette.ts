/**
 * The white-label palette's names, Conversa's own colours and the reading of colour values (see
 * branding.ts): without zod, so that the web app's first download (its theme) takes only this.
 */
export const PALETTE_KEYS = ['primary', 'secondary', 'accent', 'neutral', 'positive', 'negative', 'warning', 'light'] as const;
export type PaletteKey = (typeof PALETTE_KEYS)[number];
export type Palette = Record<PaletteKey, string>;

/** Conversa's own look (Mantine teal, its greys and status colours): what nobody customised shows. */
export const DEFAULT_PALETTE: Palette = {
  primary: '#12b886',
  secondary: '#f8f9fa',
  accent: '#7950f2',
  neutral: '#e9ecef',
  positive: '#40c057',
  negative: '#fa5252',
  warning: '#fab005',
  light: '#d0ebff',
};

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)` (what colour pickers give), normalised to lower-case `#rrggbb`. */
export function normaliseColor(value: string): string | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1].toLowerCase();
    return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i.exec(value.trim());
  if (rgb) {
    const parts = [rgb[1], rgb[2], rgb[3]].map(Number);
    if (parts.some((n) => n > 255)) return null;
    return `#${parts.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
  }
  return null;
}

/** The colours an array of colour objects gives (unknown keys ignored, invalid values skipped). */
export function paletteOf(items: readonly Record<string, unknown>[], base: Palette = DEFAULT_PALETTE): Palette {
  const palette: Palette = { ...base };
  for (const item of items) {
    for (const key of PALETTE_KEYS) {
      const value = item[key];
      if (typeof value === 'string') {
        const colour = normaliseColor(value);
        if (colour) palette[key] = colour;
      }
    }
  }
  return palette;
}
