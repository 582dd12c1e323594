// Starting and probing the built server from the root scripts (start, test, bench).
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './tools.mjs';

export const DEMO_ACCOUNTS = [
  { account: 'admin', password: 'admin123', role: 'administrator: every menu, button and column' },
  {
    account: 'operator',
    password: 'operator123',
    role: 'operator: map, workflow, online development, chat; no administration',
  },
  { account: 'manager', password: 'manager123', role: 'manager: workflow, map, chat, user list read-only' },
  {
    account: 'east',
    password: 'east123',
    role: 'district operator: the lighting map, only 东城区 (data permissions)',
  },
  {
    account: 'crew1',
    password: 'crew123',
    role: 'crew leader: the lighting map, only the repair orders of the crew they lead (抢修一队)',
  },
];

export async function waitForHealth(baseUrl, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(new URL('/api/health', baseUrl));
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** Starts server/dist/main.js with env; resolves once healthy. Returns { url, stop }. */
export async function startServer(env) {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
  });
  const url = `http://127.0.0.1:${port}/`;
  // A first start seeds the whole demo city (300k assets): allow minutes on a slow machine, but
  // give up at once if the process dies.
  let exited = false;
  child.once('exit', () => (exited = true));
  const healthy = await Promise.race([
    waitForHealth(url, 600_000),
    new Promise((resolve) => child.once('exit', () => resolve(false))),
  ]);
  if (!healthy) {
    if (!exited) child.kill('SIGKILL');
    throw new Error(`server did not start on ${url}`);
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, stop, child };
}

/** Whether something accepts TCP connections on host:port (within a second). */
export const canConnect = (port, host = '127.0.0.1') =>
  new Promise((resolve) => {
    const s = createConnection({ port, host, timeout: 1000 }, () => (s.end(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });

/**
 * The PostgreSQL the server tests (and the bench's chat fault run) use: TEST_DATABASE_URL, else the
 * local server on 5432 when it answers, else '' (SQLite only).
 */
export async function testDatabaseUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  return (await canConnect(5432)) ? 'postgres://postgres@127.0.0.1:5432/test' : '';
}
