/**
 * The API description as a value, for the script that generates the console's API types
 * (scripts/api-types.mjs): the app is built on a scratch database, asked for /api/docs/json, closed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';

export async function apiDocument(): Promise<unknown> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighting-apidoc-'));
  try {
    const config = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: '',
      MAP_ASSETS: '0',
      LOG_LEVEL: 'silent',
      FLOW_TIMER_POLL_MS: '0',
    });
    const app = await buildApp(config);
    try {
      const res = await app.inject('/api/docs/json');
      if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
