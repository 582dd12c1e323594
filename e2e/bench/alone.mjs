// Running one browser bench on its own (`node e2e/bench/<name>.mjs`): a scratch server on a fresh
// SQLite database with a small city, one Chromium, the bench's figures printed as JSON, then cleanup.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** True when the module at `url` is the script node was started with. */
export function isMain(url) {
  return Boolean(process.argv[1]) && url === pathToFileURL(process.argv[1]).href;
}

/**
 * Starts a scratch server (BENCH_PORT or `port`), runs `bench(baseUrl, browser)` and prints its result.
 * @param {string} name short name for the scratch data folder
 * @param {string} port default port when BENCH_PORT is not set
 * @param {(base: string, browser: import('@playwright/test').Browser) => Promise<unknown>} bench
 */
export async function runAlone(name, port, bench) {
  const { chromium } = await import('@playwright/test');
  const { startServer } = await import('../../scripts/lib/server.mjs');
  const { chromiumLaunch } = await import('../chromium.mjs');
  const data = mkdtempSync(join(tmpdir(), `lighting-${name}-bench-`));
  const server = await startServer({
    PORT: process.env.BENCH_PORT || port,
    DATA_DIR: data,
    DATABASE_URL: '',
    MAP_ASSETS: '3000',
  });
  const browser = await chromium.launch(chromiumLaunch);
  try {
    console.log(JSON.stringify(await bench(server.url.replace(/\/$/, ''), browser), null, 2));
  } finally {
    await browser.close();
    await server.stop();
    rmSync(data, { recursive: true, force: true });
  }
}
