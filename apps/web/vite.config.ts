import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/** API paths proxied to the server by the dev server (production serves the web app on the API's origin). */
const API_PATHS =
  /^\/(auth|users|usersIsOnline|userTenants|tenants|plans|settings|signup|password-reset|reset-password|health|ready|tickets|ticketsForce|ticketsNull|ticketsChannelId|ticketsChannel|ticketsClear|ticketsMarkAllUnread|pending|messages|searchMessage|forward-messages|media|contacts|queue|whatsapp|widget\.js|webchat)(\/|$|\?)/;

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, '.', '');
  const target = env.API_PROXY_TARGET ?? 'http://localhost:8080';
  return {
    plugins: [react()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: which chunks each entry and lazy route loads (bench/web-bundle.mjs reads it).
      manifest: true,
      rolldownOptions: { experimental: { lazyBarrel: true } },
    },
    server: {
      proxy: {
        [API_PATHS.source]: { target, changeOrigin: true },
        '/socket.io': { target, ws: true },
      },
    },
  };
});
