#!/usr/bin/env node
// npm run build: installs what is missing, then builds the server and every app. An app whose
// sources (and shared/, build/) are older than its dist is reused; --force rebuilds everything.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { APPS, ROOT, ensureInstalled, ensurePnpm, newestMtime, run } from './lib/tools.mjs';

export function buildAll({ force = false } = {}) {
  const pnpm = ensurePnpm();
  ensureInstalled(pnpm);
  const common = Math.max(
    newestMtime(join(ROOT, 'shared', 'src')),
    newestMtime(join(ROOT, 'build')),
    statSync(join(ROOT, 'pnpm-lock.yaml')).mtimeMs,
  );
  const stale = (dir, marker) => {
    const out = join(ROOT, dir, marker);
    if (force || !existsSync(out)) return true;
    return (
      Math.max(
        common,
        newestMtime(join(ROOT, dir, 'src')),
        statSync(join(ROOT, dir, 'package.json')).mtimeMs,
      ) > statSync(out).mtimeMs
    );
  };
  if (stale('server', join('dist', 'main.js'))) {
    console.log('• building server');
    run(pnpm, ['--filter', '@lighting/server', 'run', 'build']);
  } else console.log('• server build is up to date');
  for (const app of APPS) {
    if (stale(app, join('dist', 'index.html'))) {
      console.log(`• building ${app}`);
      run(pnpm, ['--filter', `@lighting/${app}`, 'run', 'build']);
    } else console.log(`• ${app} build is up to date`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildAll({ force: process.argv.includes('--force') });
