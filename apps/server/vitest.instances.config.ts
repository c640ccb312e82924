import { defineConfig } from 'vitest/config';

/**
 * The two-instance journey (`npm run test:instances`): two server processes behind a
 * round-robin proxy on PostgreSQL and Redis. Skipped without TEST_DATABASE_URL and REDIS_URL.
 */
export default defineConfig({
  test: {
    include: ['test/two-instances/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
