import { defineConfig } from 'vitest/config';

/** The widget's own tests: its DOM view and behaviour in jsdom. */
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    restoreMocks: true,
  },
});
