// The singletons every app shares (architecture.md). requiredVersion comes from the workspace
// (shared/package.json), never strictVersion: a mismatch must warn, not kill the host.
const fs = require('node:fs');
const path = require('node:path');
const sharedPkg = require('../shared/package.json');
const { usedExports, deepImports } = require('./used-exports.cjs');

const HOST_ANTD_LIST = path.join(__dirname, '../host/src/federation/antdShared.ts');

// one list, also read by the code generator (server/src/lowcode/generator/templates.ts)
const SINGLETONS = require('./singletons.json');

/**
 * The contract range an app declares: its dependency on @lighting/shared in its package.json
 * ('workspace:^1.0.0' → '^1.0.0'). null when it names none ('workspace:*'), as the host does: it
 * offers the contract rather than needing one.
 * @param {string} appDir
 */
function contractRange(appDir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const spec = (pkg.dependencies || {})[sharedPkg.name];
  if (typeof spec !== 'string') return null;
  const range = spec.replace(/^workspace:/, '');
  return range === '*' || range === '^' || range === '~' || range === '' ? null : range;
}

/** @param {string | null} [range] the app's contract range (contractRange); the package's version when none */
function sharedConfig(range = null) {
  const deps = sharedPkg.dependencies;
  const shared = {};
  for (const name of SINGLETONS) {
    shared[name] = { singleton: true, requiredVersion: deps[name], strictVersion: false };
  }
  // antd and rxjs are large and not tree-shaken when shared whole (federation.md: antd 1.44 MB
  // raw; rxjs 15 KB gzip for six operators). Keep only the exports the workspace imports (a list generated from the sources of every app on each
  // build), measured in `npm run bench`.
  // react-router-dom is deliberately absent: it reaches every app through '@lighting/shared'
  // (shared/src/router.ts), one copy on the page, tree-shaken by webpack (62 KB gzip shared whole
  // vs what the bench reports now). ESLint forbids importing it anywhere else.
  // What may be imported from 'antd' itself (the one chunk every signed-in page loads before its
  // first paint) is a fixed list, the shell's: a remote's new component cannot grow /home.
  const antdFile = fs.readFileSync(HOST_ANTD_LIST, 'utf8');
  const shellList = antdFile.match(/export const shellAntdExports = \[([^\]]*)\]/);
  if (!shellList) throw new Error(`${HOST_ANTD_LIST}: shellAntdExports not found`);
  const shellAntd = new Set([...shellList[1].matchAll(/'(\w+)'/g)].map((m) => m[1]));
  const outside = usedExports('antd').filter((name) => !shellAntd.has(name));
  if (outside.length)
    throw new Error(
      `Imported from 'antd': ${outside.join(', ')}, outside the console shell's list (shellAntdExports in ` +
        `${HOST_ANTD_LIST}). Import by deep path ('antd/es/<component>') and add it to sharedAntdComponents ` +
        `there, so that it stays out of the chunk every signed-in page loads before its first paint.`,
    );
  if (process.env.MF_TREE_SHAKING !== '0') {
    for (const name of ['antd', 'rxjs', 'react-i18next']) {
      shared[name].treeShaking = { mode: 'runtime-infer', usedExports: usedExports(name) };
    }
  }
  // antd components no page needs before its first paint (Table, Form, the pickers, trees, Upload…)
  // are imported by deep path ('antd/es/table') and shared under their own keys, one singleton
  // each: a page downloads one when it renders it, and the 'antd' chunk above (loaded by every
  // signed-in page) holds only what is imported from 'antd' itself. Such a component follows the
  // host's ConfigProvider (theme, locale) only if it is the host's copy (a remote's own copy would
  // import the remote's antd context). The host registers its shared modules first and
  // 'loaded-first' never replaces a registered version, so the host provides every deep key: it
  // lists them in host/src/federation/antdShared.ts, checked here.
  const hostList = new Set([...antdFile.matchAll(/import\('(antd\/es\/[\w-]+)'\)/g)].map((m) => m[1]));
  for (const [key, dirs] of deepImports('antd/es/')) {
    if (!hostList.has(key))
      throw new Error(
        `'${key}' (imported by ${[...dirs].join(', ')}) is missing from ${HOST_ANTD_LIST}: the ` +
          `host would not provide it and a remote's copy would miss the host's theme.`,
      );
  }
  for (const key of hostList) {
    shared[key] = { singleton: true, requiredVersion: deps.antd, strictVersion: false };
  }
  // Icons are imported by deep path ('@ant-design/icons/es/icons/X', as antd itself does) and
  // bundled where used: shared whole, the barrel keeps all 800+ icons (959 KB raw measured for 7
  // used); shared per icon, ~40 icon chunks of 3 KB gzip each loaded with antd. ESLint forbids
  // the barrel import, so the '@ant-design/icons' singleton above is declared but never fetched.
  // react-dom/client (imported by antd and by us) must not download twice (federation.md).
  shared['react-dom/'] = { singleton: true, requiredVersion: deps['react-dom'], strictVersion: false };
  shared['react/'] = { singleton: true, requiredVersion: deps.react, strictVersion: false };
  // The session store, http client and realtime stream live here: one copy on the page. Three
  // entries so the sign-in page does not pull antd (ui) or rxjs (realtime), a fourth (admin)
  // so /home does not pull the administration lists and forms, a fifth (form) for the
  // low-code form renderer, which only the pages that show a designed form download, a sixth
  // (lowcode) for the published low-code pages, which generated remotes import too; the sign-in
  // form (login) is its own entry so that signed-in pages do not download it.
  for (const entry of [
    '@lighting/shared',
    '@lighting/shared/login',
    '@lighting/shared/ui',
    '@lighting/shared/realtime',
    '@lighting/shared/admin',
    '@lighting/shared/dictionary',
    '@lighting/shared/form',
    '@lighting/shared/lowcode',
  ]) {
    // a remote's declared range (architecture.md "The shared contract"): the host checks it from
    // the manifest before loading the remote; the runtime only warns on a mismatch (no strictVersion)
    shared[entry] = { singleton: true, requiredVersion: range || sharedPkg.version, strictVersion: false };
  }
  return shared;
}

module.exports = { sharedConfig, contractRange, SINGLETONS };
