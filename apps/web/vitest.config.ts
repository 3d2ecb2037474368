import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { localeSections } from './locale-sections.ts';

/**
 * Files that need modules of their own: they replace a module (`vi.mock`), or test what a module
 * does when it is first loaded (the language at start). Every other file shares its worker's loaded
 * modules and its jsdom with the files before it (`isolate: false`): importing the app and building
 * a window again for each file was most of the suite's time (8 minutes → 2 on a quiet machine).
 */
const OWN_MODULES = [
  'src/app/SocketProvider.test.tsx',
  'src/features/calls/call-dock.test.tsx',
  'src/features/dashboard/pages/DashboardPage.test.tsx',
  'src/lib/http.test.ts',
  'src/lib/http-unavailable.test.ts',
  'src/lib/i18n.test.ts',
];

/** Component tests: jsdom, Testing Library, the real providers (Mantine, TanStack Query, i18next). */
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
