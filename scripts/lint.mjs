#!/usr/bin/env node
// npm run lint: ESLint and Prettier over the workspace.
import { join } from 'node:path';
import { ROOT, ensureInstalled, ensurePnpm, run } from './lib/tools.mjs';

ensureInstalled(ensurePnpm());
run(join(ROOT, 'node_modules', '.bin', 'eslint'), ['.', '--max-warnings=0']);
run(join(ROOT, 'node_modules', '.bin', 'prettier'), ['--check', '.']);
