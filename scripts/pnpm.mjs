#!/usr/bin/env node
// Runs the workspace's pinned pnpm, installing it into .tools/ with plain npm when it is missing.
// A fresh machine needs only Node and npm: no global install, no corepack (its signature check
// fails against mirrored registries).
import { ensurePnpm } from './lib/tools.mjs';
import { spawnSync } from 'node:child_process';

const pnpm = ensurePnpm();
const r = spawnSync(pnpm, process.argv.slice(2), { stdio: 'inherit' });
process.exit(r.status ?? 1);
