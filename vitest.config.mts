import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['js/test/**/*.test.ts', 'parity/**/*.test.ts'],
    testTimeout: 60000,
  },
});
