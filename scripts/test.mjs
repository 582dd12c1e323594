#!/usr/bin/env node
// npm test: every test. Type check, lint, unit tests (jest, all packages), server tests against a real
// SQLite file and — when a PostgreSQL server answers — against PostgreSQL, then a production build
// and Playwright in Chromium against the started system. Ends with one 'N passed, N failed' line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, ensureInstalled, ensurePnpm } from './lib/tools.mjs';
import { buildAll } from './build.mjs';
import { canConnect, testDatabaseUrl } from './lib/server.mjs';

const pnpm = ensurePnpm();
ensureInstalled(pnpm);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each step's wall time, printed at the end (CI must stay under 30 minutes on 2 cores). */
const timings = [];
const started = Date.now();
const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

// A step that hangs (a test that never settles, a process that never exits) fails with a clear line
// instead of holding CI until its own limit: generous ceilings, far above a normal run's figures.
const MINUTE = 60_000;
// (The browser suite took 40-45 min of its 45 on a loaded 2-core run: its ceiling is 60, so a slow
// machine finishes and a hang still ends well inside CI's 90 minutes.)
const CEILING = { unit: 20 * MINUTE, server: 35 * MINUTE, e2e: 60 * MINUTE, other: 15 * MINUTE };

function step(name, cmd, args, { env = {}, jestJson, playwrightJson, ceiling = CEILING.other } = {}) {
  console.log(`\n━━ ${name}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, {
    stdio: 'inherit',
    cwd: ROOT,
    env: { ...process.env, ...env },
    timeout: ceiling,
    killSignal: 'SIGKILL',
  });
  if (r.error?.code === 'ETIMEDOUT' || r.signal === 'SIGKILL')
    console.log(`\n✖ ${name}: stopped after ${Math.round(ceiling / MINUTE)} min without finishing`);
  if (jestJson && existsSync(jestJson)) {
    const j = JSON.parse(readFileSync(jestJson, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests;
    rmSync(jestJson, { force: true });
  }
  if (playwrightJson && existsSync(playwrightJson)) {
    const s = JSON.parse(readFileSync(playwrightJson, 'utf8')).stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
    rmSync(playwrightJson, { force: true });
  }
  if (r.status !== 0) failures.push(name);
  timings.push([name, Date.now() - t0, r.status === 0]);
  return r.status === 0;
}

const tmp = mkdtempSync(join(tmpdir(), 'lighting-test-'));
const jest = join(ROOT, 'node_modules', '.bin', 'jest');

step('type check (tsc --noEmit, every package)', pnpm, [
  '-r',
  '--workspace-concurrency=1',
  'run',
  'typecheck',
]);
step('lint (ESLint + Prettier)', process.execPath, [join(ROOT, 'scripts', 'lint.mjs')]);
step("API types match the server's description (scripts/api-types.mjs)", process.execPath, [
  join(ROOT, 'scripts', 'api-types.mjs'),
  '--check',
]);
// the shared contract's public API against its recorded reports and version (~12 s on 2 cores)
step("the shared contract's public API and version (scripts/contract.mjs)", process.execPath, [
  join(ROOT, 'scripts', 'contract.mjs'),
  '--check',
]);

/** A jest run whose counts go into the totals. */
function jestStep(name, config, extraArgs, env = {}, ceiling = CEILING.unit) {
  const out = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  step(name, jest, ['-c', config, ...extraArgs, '--json', `--outputFile=${out}`], {
    env,
    jestJson: out,
    ceiling,
  });
}

jestStep('unit tests (jest: shared, host, remotes)', 'jest.config.cjs', []);
// Server test files spend most of their time waiting on the database (fsync, PostgreSQL round
// trips), not on the CPU: three workers share the two cores. Each file makes its own databases, so
// the files are independent; with PostgreSQL up, one run covers both databases (helpers.ts TARGETS).
const serverArgs = ['--rootDir', 'server', `--maxWorkers=${process.env.SERVER_TEST_WORKERS || 3}`];
const pgUrl = await testDatabaseUrl();
if (pgUrl) {
  jestStep(
    'server tests on SQLite and PostgreSQL',
    'server/jest.config.cjs',
    serverArgs,
    { DATABASE_URL: pgUrl },
    CEILING.server,
  );
} else {
  jestStep(
    'server tests on SQLite',
    'server/jest.config.cjs',
    serverArgs,
    { DATABASE_URL: '' },
    CEILING.server,
  );
  console.log(
    '\n━━ server tests on PostgreSQL: SKIPPED — no server on 127.0.0.1:5432 and TEST_DATABASE_URL not set',
  );
}
const redisUp = await canConnect(6379);
if (!redisUp) console.log('   (Redis fan-out tests skip themselves: nothing on 127.0.0.1:6379)');

console.log('\n━━ production build (reused when up to date)');
const b0 = Date.now();
buildAll();
timings.push(['production build', Date.now() - b0, true]);
step(
  'end-to-end (Playwright in Chromium against the started system)',
  pnpm,
  ['--filter', '@lighting/e2e', 'test'],
  {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(tmp, 'e2e.json') },
    playwrightJson: join(tmp, 'e2e.json'),
    ceiling: CEILING.e2e,
  },
);

rmSync(tmp, { recursive: true, force: true });
console.log('\n━━ time per step');
for (const [name, ms, okay] of timings)
  console.log(`  ${okay ? '✔' : '✖'} ${minutes(ms).padStart(9)}  ${name}`);
console.log(`    ${minutes(Date.now() - started).padStart(9)}  in all`);
console.log(`\n${failures.length ? '✖ failed: ' + failures.join(', ') : '✔ all steps passed'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
