import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { localeSections } from './locale-sections.ts';
import { OWN_MODULES } from './own-modules.ts';

/**
 * Component tests: jsdom, Testing Library, the real providers (Mantine, TanStack Query, i18next).
 * Most files share their worker's modules (own-modules.ts says which do not, and why).
 */
export default defineConfig({
  plugins: [react(), localeSections()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // `npm test` runs this suite at low priority beside others (scripts/test.mjs) and gives it more time.
    testTimeout: Number(process.env.TEST_TIMEOUT_MS) || 30_000,
    pool: 'threads',
    maxWorkers: 2,
    restoreMocks: true,
    projects: [
      { extends: true, test: { name: 'own modules', include: OWN_MODULES, isolate: true } },
      { extends: true, test: { name: 'shared modules', include: ['src/**/*.test.{ts,tsx}'], exclude: OWN_MODULES, isolate: false } },
    ],
  },
});
