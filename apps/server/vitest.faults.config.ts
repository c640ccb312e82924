import { defineConfig } from 'vitest/config';

/**
 * The fault suite (`npm run test:faults`, needs TEST_DATABASE_URL): the server as a real child
 * process, killed at checkpoints on the money path and restarted; provider failure modes;
 * dependencies going away. FAULT_RUNS sets the number of randomised runs, FAULT_SEED replays one.
 */
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Each file starts server processes of its own: one file at a time keeps a 2-core machine honest.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
