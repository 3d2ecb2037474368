import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // Each test file gets its own database cloned from the run's migrated template, and its own
    // application (buildApp): state a module keeps in memory lives per application (platform/app-state.ts),
    // so files share a worker's loaded modules instead of importing the server again for each file
    // (that import was most of the suite's time).
    isolate: false,
  },
});
