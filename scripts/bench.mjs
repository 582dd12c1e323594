#!/usr/bin/env node
// npm run bench: figures as JSON (never timed assertions). Builds if needed, starts the server on
// a fresh database, measures in Chromium and with autocannon, prints JSON to stdout.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, ensureInstalled, ensurePnpm } from './lib/tools.mjs';
import { buildAll } from './build.mjs';
import { canConnect, testDatabaseUrl } from './lib/server.mjs';

ensureInstalled(ensurePnpm());
buildAll();
// The chat fault run covers PostgreSQL — and, with Redis, receivers moving between two instances —
// when they answer here, as npm test finds them (the other figures stay on SQLite).
const pgUrl = await testDatabaseUrl();
const redisUp = await canConnect(6379);
console.error(
  `bench: chat fault run on SQLite${pgUrl ? ' and PostgreSQL' : ' only (no PostgreSQL on 127.0.0.1:5432)'}${
    pgUrl ? (redisUp ? ', two instances over Redis' : ', one instance (no Redis on 127.0.0.1:6379)') : ''
  }`,
);
const r = spawnSync(process.execPath, [join(ROOT, 'e2e', 'bench', 'run.mjs'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, BENCH_FAULTS_DATABASE_URL: pgUrl },
});
process.exit(r.status ?? 1);
