// Playwright against the started system: each worker starts the built server on its own port with a
// fresh database (tests/fixtures.ts). Chromium comes from the OS (Debian's chromium); point
// CHROMIUM_PATH elsewhere on other machines. E2E_WORKERS sets the number of workers (default 2, one
// per core here); E2E_BASE_URL runs every test against a server that is already running.
import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './chromium.mjs';

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    // an action that cannot happen fails at its own line instead of using up the test's time
    actionTimeout: 30_000,
    trace: { mode: 'retain-on-failure', screenshots: false },
    locale: 'zh-CN',
    launchOptions: chromiumLaunch,
  },
});
