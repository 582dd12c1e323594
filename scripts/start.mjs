#!/usr/bin/env node
// npm start: install what is missing, build (reusing an up-to-date build), then serve the whole
// console on 127.0.0.1. The server creates, migrates and seeds its database on first start.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './lib/tools.mjs';
import { buildAll } from './build.mjs';
import { waitForHealth, DEMO_ACCOUNTS } from './lib/server.mjs';

buildAll();
const port = Number(process.env.PORT || 8080);
const host = process.env.HOST || '127.0.0.1';
const child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'main.js')], {
  stdio: 'inherit',
  // readable lines on the terminal; LOG_FORMAT=json gives the production JSON lines
  env: { LOG_FORMAT: 'pretty', ...process.env, PORT: String(port), HOST: host },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));

const url = `http://${host}:${port}/`;
// the first start creates the database and seeds the demo city (300k assets): allow for it
console.log('  Starting (the first start also seeds the demo city; that takes a little while)…');
if (await waitForHealth(url, 600_000)) {
  console.log(`\n  城市照明综合管理平台 — the console is running at ${url}\n`);
  console.log('  Demo accounts (account / password):');
  for (const a of DEMO_ACCOUNTS)
    console.log(`    ${a.account.padEnd(10)} ${a.password.padEnd(12)} ${a.role}`);
  console.log(
    '\n  Each remote alone (kiosk mode): ' +
      ['map', 'lowcode', 'workflow', 'system', 'chat'].map((n) => `${url}remotes/${n}/`).join('  '),
  );
  console.log('  Stop with Ctrl+C.\n');
} else {
  console.error(`The server did not answer on ${url} within 10 minutes.`);
}
