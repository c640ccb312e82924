import { defineConfig } from 'vitest/config';

/** The attack suite (`npm run test:security`): authorisation, input, sessions, sockets, races. */
export default defineConfig({
  test: {
    include: ['test/security/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
