import type { Branding } from '@conversa/shared';
import { DEFAULT_PALETTE, PALETTE_KEYS, paletteOf, type Palette } from '@conversa/shared/palette';
import { useSyncExternalStore } from 'react';
import { API_BASE_URL } from './http';

/**
 * White-label at run time (issue 15): what the page shows — the platform's branding before login
 * (GET /publicBranding, remembered for the next visit so the login page never flashes Conversa's
 * colours), the company's once signed in (GET /branding). The palette becomes the page colour
 * variables `--q-<key>` (SPEC §7) and the Mantine theme (app/theme.ts); the name becomes the
 * document title, the favicon the page's icon. Nothing is rebuilt.
 */
export interface BrandingState {
  /** null until known: the translated default name shows. */
  appName: string | null;
  logoUrl: string | null;
  faviconUrl: string | null;
  backgroundUrl: string | null;
  palette: Palette;
}

const STORAGE_KEY = 'publicBranding';
const DEFAULT_STATE: BrandingState = { appName: null, logoUrl: null, faviconUrl: null, backgroundUrl: null, palette: DEFAULT_PALETTE };

function stateOf(branding: Branding): BrandingState {
  return {
    appName: branding.appName,
    logoUrl: branding.logoUrl,
    faviconUrl: branding.faviconUrl,
    backgroundUrl: branding.backgroundUrl,
    palette: paletteOf(branding.systemColors),
  };
}

function readCached(): BrandingState | null {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    return text ? stateOf(JSON.parse(text) as Branding) : null;
  } catch {
    return null;
  }
}

let platform: BrandingState = readCached() ?? DEFAULT_STATE;
let company: BrandingState | null = null;
let current: BrandingState = platform;
const listeners = new Set<() => void>();

function update(): void {
  current = company ?? platform;
  applyToDocument(current);
  for (const listener of listeners) listener();
}

/** The page colour variables, the title, the favicon and the browser's theme colour. */
export function applyToDocument(state: BrandingState): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  for (const key of PALETTE_KEYS) root.style.setProperty(`--q-${key}`, state.palette[key]);
  if (state.appName) document.title = state.appName;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) {
    icon.href = state.faviconUrl ?? '/favicon.svg';
    icon.type = state.faviconUrl ? 'image/png' : 'image/svg+xml';
  }
  document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.setAttribute('content', state.palette.primary);
}

export function getBrandingState(): BrandingState {
  return current;
}

export function subscribeBranding(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The platform's branding (before login), remembered for the next visit. */
export function setPlatformBranding(branding: Branding): void {
  platform = stateOf(branding);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(branding));
  } catch {
    /* storage unavailable: shown, not remembered */
  }
  update();
}

/** The signed-in company's branding; null when signing out (the platform's shows again). */
export function setCompanyBranding(branding: Branding | null): void {
  company = branding ? stateOf(branding) : null;
  update();
}

/** At start: the remembered branding at once, then the platform's current one. */
export function startBranding(): void {
  update();
  void fetch(`${API_BASE_URL}/publicBranding`, { headers: { accept: 'application/json' } })
    .then(async (response) => (response.ok ? setPlatformBranding((await response.json()) as Branding) : undefined))
    .catch(() => undefined);
}

export function useBranding(): BrandingState {
  return useSyncExternalStore(subscribeBranding, getBrandingState);
}
