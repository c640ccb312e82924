import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  plugins: [
    react(),
    lingui({
      failOnMissing: true,
      failOnCompileError: true,
      configPath: fileURLToPath(new URL('lingui.config.ts', import.meta.url)),
    }),
  ],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Component tests with user-event run a few seconds on a busy 2-core machine; 5 s left no margin.
    testTimeout: 20_000,
  },
});
