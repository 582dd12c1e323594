// Builds a generated remote the way its README says, offline, in a scratch copy of the workspace:
// used by the generator's e2e test (tests/generator.spec.ts) and its bench figure (bench/generator.mjs).
//
// The scratch workspace is a folder of links to this checkout (build/, shared/, node_modules/, the
// apps and the root configs) with the generated `remote-<name>/` unpacked beside them, so
// `../build/webpack.app.cjs` and `../tsconfig.base.json` resolve as they do in the real workspace.
// The remote's own node_modules links each dependency its package.json names to the copy the
// workspace installed (what `pnpm install --offline` would link): a dependency the workspace does
// not have fails here, as it would there. Nothing is fetched from a network.
// CommonJS, so Playwright's test files and the bench (an ES module) can both load it.
const { spawnSync } = require('node:child_process');
const {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join } = require('node:path');
const { pathToFileURL } = require('node:url');
const yauzl = require('yauzl');

const ROOT = join(__dirname, '..');

const SHARED_FILES = [
  'build',
  'shared',
  'node_modules',
  'host',
  'tsconfig.base.json',
  'jest.base.cjs',
  'jest.setup.cjs',
  'eslint.config.mjs',
  '.prettierrc.json',
  'package.json',
];

/** A scratch workspace in the system's temp folder; the apps linked so a server can serve them (STATIC_ROOT). */
function scratchWorkspace() {
  const dir = mkdtempSync(join(tmpdir(), 'lighting-gen-'));
  const names = [...SHARED_FILES, ...readdirSync(ROOT).filter((n) => /^remote-/.test(n))];
  for (const name of names) if (existsSync(join(ROOT, name))) symlinkSync(join(ROOT, name), join(dir, name));
  return dir;
}

/** Unpacks a zip (a Buffer) into `dir`; answers the top folder's name. Refuses paths leaving `dir`. */
function unzip(buffer, dir) {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, strictFileNames: true }, (err, zip) => {
      if (err) return reject(err);
      const tops = new Set();
      zip.on('error', reject);
      zip.on('end', () => resolve([...tops][0]));
      zip.on('entry', (entry) => {
        const name = entry.fileName;
        if (name.includes('..') || name.startsWith('/')) return reject(new Error(`bad path in zip: ${name}`));
        tops.add(name.split('/')[0]);
        if (name.endsWith('/')) {
          mkdirSync(join(dir, name), { recursive: true });
          return zip.readEntry();
        }
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('end', () => {
            mkdirSync(dirname(join(dir, name)), { recursive: true });
            writeFileSync(join(dir, name), Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Where the workspace installed `dep` (the packages that declare it, then the root). */
function installed(dep) {
  for (const pkg of ['shared', 'remote-lowcode', '.']) {
    const p = join(ROOT, pkg, 'node_modules', dep);
    if (existsSync(join(p, 'package.json'))) return realpathSync(p);
  }
  return null;
}

/** Links every dependency of `dir`'s package.json; throws naming those the workspace lacks. */
function linkDependencies(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const deps = { ...pkg.dependencies, ...pkg.devDependencies };
  const missing = [];
  for (const [dep, range] of Object.entries(deps)) {
    const target = range.startsWith('workspace:')
      ? dep === '@lighting/shared'
        ? join(ROOT, 'shared')
        : null
      : installed(dep);
    if (!target) {
      missing.push(`${dep}@${range}`);
      continue;
    }
    if (!range.startsWith('workspace:')) {
      const have = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')).version;
      if (have !== range) missing.push(`${dep}@${range} (the workspace has ${have})`);
    }
    const link = join(dir, 'node_modules', dep);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link);
  }
  if (missing.length) throw new Error(`not installable offline against the workspace: ${missing.join(', ')}`);
  return Object.keys(deps);
}

/** Runs a node script in `cwd`; answers its output, throws with it on failure. */
function node(cwd, script, args, env = {}) {
  const r = spawnSync(process.execPath, [script, ...args], {
    cwd,
    env: { ...process.env, FORCE_COLOR: '0', ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  if (r.status !== 0)
    throw new Error(`${script} ${args.join(' ')} failed (${r.status}) in ${cwd}:\n${output}`);
  return output;
}

const bin = (pkg, file) => join(ROOT, 'node_modules', pkg, file);

/** `tsc --noEmit -p .` (the package's typecheck script). */
const typecheck = (dir) => node(dir, bin('typescript', 'bin/tsc'), ['--noEmit', '-p', '.']);
/** The package's jest test. */
const unitTest = (dir) => node(dir, bin('jest', 'bin/jest.js'), ['--ci', '-c', 'jest.config.cjs']);
/** The package's production build (webpack + Module Federation) into dist/. */
const build = (dir) =>
  node(dir, bin('webpack-cli', 'bin/cli.js'), ['--config', 'webpack.config.cjs', '--mode', 'production']);
/** ESLint and Prettier as the workspace runs them (npm run lint), on the generated folder only. */
function lint(workspace, folder) {
  node(workspace, bin('eslint', 'bin/eslint.js'), [folder, '--max-warnings=0']);
  node(workspace, bin('prettier', 'bin/prettier.cjs'), [
    '--check',
    `${folder}/**/*.{ts,tsx,json,md,cjs}`,
    '!**/node_modules/**',
    '!**/dist/**',
  ]);
}

/**
 * A server of this checkout serving the scratch workspace (STATIC_ROOT) with its own registry
 * (`<ws>/remotes.json`, a copy of server/remotes.json, as REMOTES_FILE) on a fresh database without
 * map assets. Answers { url, stop }.
 */
async function startScratchServer(ws, port) {
  writeFileSync(join(ws, 'remotes.json'), readFileSync(join(ROOT, 'server', 'remotes.json')));
  const { startServer } = await import(pathToFileURL(join(ROOT, 'scripts', 'lib', 'server.mjs')).href);
  return startServer({
    PORT: String(port),
    DATA_DIR: join(ws, '.data'),
    DATABASE_URL: '',
    MAP_ASSETS: '0',
    STATIC_ROOT: ws,
    REMOTES_FILE: join(ws, 'remotes.json'),
  });
}

/** Adds a remote to the scratch workspace's registry (what the generated README tells a team to do). */
function register(ws, remote) {
  const file = join(ws, 'remotes.json');
  const registry = JSON.parse(readFileSync(file, 'utf8'));
  registry.remotes.push(remote);
  writeFileSync(file, `${JSON.stringify(registry, null, 2)}\n`);
}

module.exports = {
  ROOT,
  scratchWorkspace,
  unzip,
  linkDependencies,
  typecheck,
  unitTest,
  build,
  lint,
  startScratchServer,
  register,
};
