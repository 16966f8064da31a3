import { defineConfig, devices } from '@playwright/test';

/**
 * Browser end-to-end tests against the whole local stack (`local/start.ts`: API + built web app on
 * one origin). Build the web app first (`npm run build -w web`; `npm test` does). Uses Debian's
 * Chromium: never `npx playwright install`.
 */
const port = process.env.E2E_PORT ?? '3100';
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx local/start.ts',
    // Scheduled jobs run when a test runs them, never by the clock in the middle of a test.
    env: { PORT: port, LOCAL_SCHEDULE_TIMERS: 'off', ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}) },
    url: `${baseURL}/api/invest/client/get-tenant-info`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
