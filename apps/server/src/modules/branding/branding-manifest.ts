import type { EffectiveBranding } from './use-cases/resolve-branding.js';
import { brandingFileUrl } from './branding.presenter.js';

/**
 * The web app manifest (installable app, SPEC §7's service worker): the platform's name, icons and
 * colour as set in /customizar, so a white-label installation installs under its own name and icon.
 */
export function webAppManifest(branding: EffectiveBranding) {
  const icons =
    branding.icon192Key && branding.icon512Key
      ? [
          { src: brandingFileUrl(branding.icon192Key), sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: brandingFileUrl(branding.icon512Key), sizes: '512x512', type: 'image/png', purpose: 'any' },
        ]
      : [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ];
  return {
    id: '/',
    name: branding.appName,
    short_name: branding.appName.slice(0, 24),
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: branding.palette.secondary,
    theme_color: branding.palette.primary,
    icons,
  };
}
