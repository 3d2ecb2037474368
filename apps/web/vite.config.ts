import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { localeSections } from './locale-sections.ts';
import { removeScrollClasses } from './remove-scroll-classes.ts';

/** API paths proxied to the server by the dev server (production serves the web app on the API's origin). */
const API_PATHS =
  /^\/(auth|users|usersIsOnline|userTenants|tenants|plans|settings|signup|password-reset|reset-password|health|ready|tickets|ticketsForce|ticketsNull|ticketsChannelId|ticketsChannel|ticketsClear|ticketsMarkAllUnread|pending|messages|searchMessage|forward-messages|media|contacts|queue|whatsapp|widget\.js|webchat|publicSystemColors|publicBranding|branding|push|manifest\.webmanifest)(\/|$|\?)/;

/**
 * The build's version: compiled into the app (__APP_VERSION__) and written to dist/version.json, which
 * open pages read to notice a new deployment (src/lib/app-updates.ts).
 */
function appVersion(version: string): Plugin {
  return {
    name: 'conversa:app-version',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify({ version }) });
    },
  };
}

export default defineConfig(({ mode, command }) => {
  const env = loadEnv(mode, '.', '');
  const target = env.API_PROXY_TARGET ?? 'http://localhost:8080';
  const version = `${new Date().toISOString()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    plugins: [react(), localeSections(), removeScrollClasses(), appVersion(version)],
    // Only builds carry a version: the dev server never reloads itself for one.
    define: command === 'build' ? { __APP_VERSION__: JSON.stringify(version) } : {},
    resolve: {
      // Exactly the shim: its 'shim/with-selector' (zustand, under @xyflow/react) stays the package's.
      alias: [
        {
          find: /^use-sync-external-store\/shim$/,
          replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
        },
      ],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: which chunks each entry and lazy route loads (bench/web-bundle.mjs reads it).
      manifest: true,
      // Browsers without <link rel="modulepreload"> (Safari < 17) only lose the early fetch; the
      // polyfill would be in every page's first download.
      modulePreload: { polyfill: false },
      // Shared chunks named by their hash only ("c" first: no file name starts with "-"): every
      // page's imports and the entry's preload map list dozens of them, and their names
      // ("vendor~index~…") were ≈ 1 kB gzip of the login page's download. Screens and language
      // files keep their names (e2e/web-loading.e2e.test.ts reads them); the manifest keeps every
      // chunk's name (bench/web-bundle.mjs --verbose).
      rolldownOptions: {
        output: {
          chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/c[hash].js'),
          // What index.html's script imports statically (React, the router, Mantine's provider,
          // i18next, the HTTP client…) in one file. Left to itself the bundler cut it into ≈ 25
          // chunks shared with the screens (each compressed on its own, each an import to resolve):
          // the login page's download was 46 files, 155.7 kB gzip; it is 20 files, 147.4 kB.
          codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
        },
      },
    },
    server: {
      proxy: {
        [API_PATHS.source]: { target, changeOrigin: true },
        '/socket.io': { target, ws: true },
      },
    },
  };
});
