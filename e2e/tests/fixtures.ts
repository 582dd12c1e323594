// The e2e tests' `test` and `expect`: Playwright's, with one server per worker. Each worker starts the
// built server on its own port (E2E_PORT + the worker's index) with its own fresh database under
// e2e/.data/p<port>, so workers run side by side without seeing each other's writes, and every
// test's `baseURL` (pages, `request`, `browser.newContext()`) is its worker's server.
// With E2E_BASE_URL set, every worker uses that running server instead (and E2E_DATA_DIR names its
// data folder for the tests that read the database).
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test as base } from '@playwright/test';

// everything else (expect, types, chromium) is Playwright's own; `test` below shadows its `test`
export * from '@playwright/test';

export interface WorkerServer {
  baseURL: string;
  /** the server's DATA_DIR (SQLite file, uploads) */
  dataDir: string;
  /**
   * The worker's own remote registry (REMOTES_FILE, a copy of server/remotes.json in its data folder;
   * the server re-reads it on every request), which a test may edit; null against E2E_BASE_URL
   * unless E2E_REMOTES_FILE names that server's file.
   */
  remotesFile: string | null;
}

const E2E_DIR = join(__dirname, '..');
const SERVER_MAIN = join(E2E_DIR, '..', 'server', 'dist', 'main.js');

async function healthy(url: string, child: ChildProcess, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && child.exitCode === null) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

export const test = base.extend<object, { server: WorkerServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a pattern
    async ({}, provide, workerInfo) => {
      const external = process.env.E2E_BASE_URL;
      if (external) {
        const dataDir = process.env.E2E_DATA_DIR ?? join(E2E_DIR, '.data');
        process.env.E2E_DATA_DIR = dataDir;
        await provide({
          baseURL: external.replace(/\/$/, ''),
          dataDir,
          remotesFile: process.env.E2E_REMOTES_FILE ?? null,
        });
        return;
      }
      const port = Number(process.env.E2E_PORT || 8181) + workerInfo.parallelIndex;
      // by port, not by worker index: two runs on different E2E_PORTs never share a database
      const dataDir = join(E2E_DIR, '.data', `p${port}`);
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir, { recursive: true });
      // read by helpers outside a fixture (citizen-helpers' database reads)
      process.env.E2E_DATA_DIR = dataDir;
      const remotesFile = join(dataDir, 'remotes.json');
      copyFileSync(join(E2E_DIR, '..', 'server', 'remotes.json'), remotesFile);
      const child = spawn(process.execPath, [SERVER_MAIN], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          REMOTES_FILE: remotesFile,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          // A 30,000-asset city keeps the map tests' drawing time reasonable in software WebGL; the
          // full 300k city is what `npm run bench` and `npm start` use.
          MAP_ASSETS: process.env.MAP_ASSETS ?? '30000',
        },
      });
      const baseURL = `http://127.0.0.1:${port}`;
      try {
        if (!(await healthy(baseURL, child, 300_000)))
          throw new Error(`the e2e server did not start on ${baseURL} (exit ${child.exitCode})`);
        await provide({ baseURL, dataDir, remotesFile });
      } finally {
        if (child.exitCode === null) {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await exited;
        }
      }
    },
    { scope: 'worker', timeout: 330_000 },
  ],
  baseURL: async ({ server }, provide) => {
    await provide(server.baseURL);
  },
});
