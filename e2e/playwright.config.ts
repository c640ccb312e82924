import { defineConfig, devices } from '@playwright/test';
import { JOURNEY_NOW } from './tests/journey-clock';

const PORT = 3100;
/** The second server of the confirm-deadline journey (tests/journey-clock.ts: DEADLINE_BASE). */
const DEADLINE_PORT = 3101;
/** Point the tests at an already running app (e.g. `vite preview`) instead of starting one. */
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  // Journeys live in tests/; feature issues may add *.spec.ts files anywhere in this folder.
  testDir: '.',
  testMatch: '**/*.spec.ts',
  testIgnore: ['**/node_modules/**'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry: on a busy 2-core machine a journey can lose a race with the clock; the list reporter
  // still names it "flaky", and a journey that fails twice fails the run.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: external ?? `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], browserName: 'chromium' },
      testMatch: /(a11y|insights)\.spec\.ts/,
    },
  ],
  webServer: external
    ? undefined
    : [
        {
          command: 'bash ./start-server.sh',
          url: `http://localhost:${PORT}/api/health`,
          env: {
            PORT: String(PORT),
            LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
            // Opening and delivery hours judged at one fixed instant (tests/helpers.ts).
            JARA_TEST_CLOCK: JOURNEY_NOW,
            // Shares are payable as soon as delivered: the journeys that ask for a payout right after
            // a delivery (portals, text-fit) would otherwise wait out the 30-minute dispute window,
            // which the server's tests hold (seller.test.ts, rider.test.ts, payouts.test.ts).
            DISPUTE_WINDOW_MINUTES: '0',
            // The browsers' push services, and one a journey runs on this machine to read what the
            // server pushes (pidgin.spec.ts).
            PUSH_ENDPOINT_HOSTS: [
              'fcm.googleapis.com',
              'android.googleapis.com',
              'push.services.mozilla.com',
              'notify.windows.com',
              'push.apple.com',
              '127.0.0.1',
            ].join(','),
          },
          reuseExistingServer: false,
          timeout: 180_000,
          stdout: 'ignore',
          stderr: 'pipe',
        },
        // The same app on a data folder of its own where a shop has one minute to confirm an order
        // (the shortest VENDOR_CONFIRM_MINUTES): the deadline journey (order-thread.spec.ts) waits
        // for it there without hurrying the shops of every other journey. Started after the first
        // server, whose build it serves.
        {
          command: 'bash ./start-server.sh',
          url: `http://localhost:${DEADLINE_PORT}/api/health`,
          env: {
            PORT: String(DEADLINE_PORT),
            SERVER_ONLY: '1',
            LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
            JARA_TEST_CLOCK: JOURNEY_NOW,
            VENDOR_CONFIRM_MINUTES: '1',
          },
          reuseExistingServer: false,
          timeout: 180_000,
          stdout: 'ignore',
          stderr: 'pipe',
        },
      ],
});
