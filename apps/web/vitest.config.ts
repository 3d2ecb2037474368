import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { localeSections } from './locale-sections.ts';

/** Component tests: jsdom, Testing Library, the real providers (Mantine, TanStack Query, i18next). */
export default defineConfig({
  plugins: [react(), localeSections()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // `npm test` runs this suite at low priority beside others (scripts/test.mjs) and gives it more time.
    testTimeout: Number(process.env.TEST_TIMEOUT_MS) || 30_000,
    pool: 'threads',
    maxWorkers: 2,
    restoreMocks: true,
  },
});
