// Playwright against the started system: the built server on its own port with a fresh database.
// Chromium comes from the OS (Debian's chromium); point CHROMIUM_PATH elsewhere on other machines.
import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './chromium.mjs';

const PORT = Number(process.env.E2E_PORT || 8181);
export const BASE_URL = process.env.E2E_BASE_URL || `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    locale: 'zh-CN',
    launchOptions: chromiumLaunch,
  },
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node ./start-server.mjs',
        url: `${BASE_URL}/api/health`,
        reuseExistingServer: false,
        timeout: 120_000,
        env: { PORT: String(PORT), LOG_LEVEL: 'warn' },
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
