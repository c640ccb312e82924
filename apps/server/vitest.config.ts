import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Suites that run on their own: the attack suite (`npm run test:security`), the two-instance
    // journey (`npm run test:instances`) and the fault suite (`npm run test:faults`).
    exclude: ['test/security/**', 'test/two-instances/**', 'test/faults/**', '**/node_modules/**'],
    // Child processes and fresh databases per file: generous limits for a busy 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
