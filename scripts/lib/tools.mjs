// Shared helpers for the root scripts (start, test, build, bench, lint).
import { existsSync, mkdirSync, writeFileSync, statSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PNPM_VERSION = '12.21.0';
export const { APPS } = createRequire(import.meta.url)('../../build/workspace.cjs');

export function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...opts });
  if (r.status !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

/** Path of the pinned pnpm binary; installs it into .tools/ with npm on first use. */
export function ensurePnpm() {
  const tools = join(ROOT, '.tools');
  const bin = join(tools, 'node_modules', '.bin', process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm');
  if (existsSync(bin)) return bin;
  console.log(`• installing pnpm ${PNPM_VERSION} into .tools/ (one time)`);
  mkdirSync(tools, { recursive: true });
  writeFileSync(join(tools, 'package.json'), '{"name":"lighting-tools","private":true}\n');
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error', `pnpm@${PNPM_VERSION}`],
    {
      cwd: tools,
    },
  );
  return bin;
}

/** Installs workspace dependencies when node_modules is missing or older than the lock file. */
export function ensureInstalled(pnpm) {
  const marker = join(ROOT, 'node_modules', '.modules.yaml');
  const lock = join(ROOT, 'pnpm-lock.yaml');
  const stale =
    !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
  if (stale) {
    console.log('• installing dependencies (pnpm install)');
    run(pnpm, ['install', existsSync(lock) && process.env.CI ? '--frozen-lockfile' : '--prefer-offline']);
  }
}

/** Newest modification time of any file below dir (skipping node_modules and dist). */
export function newestMtime(dir) {
  let newest = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  if (existsSync(dir)) walk(dir);
  return newest;
}
