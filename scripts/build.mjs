#!/usr/bin/env node
// npm run build: installs what is missing, then builds the server and every app. An app whose
// sources (and shared/, build/) are older than its last successful build is reused; --force rebuilds
// everything. The build time is a marker file written after the build, dated when the build started
// (a source saved during the build counts as newer; webpack leaves an unchanged index.html untouched,
// so the dist's own files cannot say when it was last built).
import { existsSync, statSync, utimesSync, writeFileSync } from 'node:fs';
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
  const MARKER = join('dist', '.built');
  for (const pkg of ['server', ...APPS]) {
    if (stale(pkg, MARKER)) {
      console.log(`• building ${pkg}`);
      // the marker carries the time the build started: a source saved while it ran is newer
      const started = new Date();
      run(pnpm, ['--filter', `@lighting/${pkg}`, 'run', 'build']);
      writeFileSync(join(ROOT, pkg, MARKER), `${started.toISOString()}\n`);
      utimesSync(join(ROOT, pkg, MARKER), started, started);
    } else console.log(`• ${pkg} build is up to date`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildAll({ force: process.argv.includes('--force') });
