import { defineConfig } from 'vitest/config';

// Each test file starts its own product (own port, DATA_DIR and embedded database) and its own
// browser, so files can run side by side: E2E_WORKERS of them at a time (default 2, one per core of
// the CI machine; 1 runs them one after another).
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
  },
});
