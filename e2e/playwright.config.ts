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
        // the fresh database seeds the whole 300k-asset demo city first
        timeout: 600_000,
        // A 30,000-asset city keeps the map tests' drawing time reasonable in software WebGL; the
        // full 300k city is what `npm run bench` and `npm start` use.
        env: { PORT: String(PORT), LOG_LEVEL: 'warn', MAP_ASSETS: process.env.MAP_ASSETS ?? '30000' },
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
