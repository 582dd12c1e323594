#!/usr/bin/env node
// npm run bench: figures as JSON (never timed assertions). Builds if needed, starts the server on
// a fresh database, measures in Chromium and with autocannon, prints JSON to stdout.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, ensureInstalled, ensurePnpm } from './lib/tools.mjs';
import { buildAll } from './build.mjs';

ensureInstalled(ensurePnpm());
buildAll();
const r = spawnSync(process.execPath, [join(ROOT, 'e2e', 'bench', 'run.mjs'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
