// The singletons every app shares (architecture.md). requiredVersion comes from the workspace
// (shared/package.json), never strictVersion: a mismatch must warn, not kill the host.
const sharedPkg = require('../shared/package.json');
const { usedExports } = require('./used-exports.cjs');

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'antd',
  '@ant-design/icons',
  'zustand',
  'i18next',
  'react-i18next',
  'axios',
  'rxjs',
];

function sharedConfig() {
  const deps = sharedPkg.dependencies;
  const shared = {};
  for (const name of SINGLETONS) {
    shared[name] = { singleton: true, requiredVersion: deps[name], strictVersion: false };
  }
  // antd is large and not tree-shaken when shared whole (federation.md: 1.44 MB raw). Keep only
  // the exports the workspace imports (generated list), measured in `npm run bench`.
  if (process.env.MF_TREE_SHAKING !== '0') {
    shared.antd.treeShaking = { mode: 'runtime-infer', usedExports: usedExports('antd') };
  }
  // Icons: one shared module per icon, imported by deep path exactly as antd itself does
  // ('@ant-design/icons/es/icons/X'), so only the icons in use ship and antd shares them too.
  // The barrel '@ant-design/icons' keeps 800+ icons alive even when shared with tree-shaking
  // (measured: 959 KB raw for 7 used icons), so ESLint forbids importing it.
  shared['@ant-design/icons/'] = {
    singleton: true,
    requiredVersion: deps['@ant-design/icons'],
    strictVersion: false,
  };
  // react-dom/client (imported by antd and by us) must not download twice (federation.md).
  shared['react-dom/'] = { singleton: true, requiredVersion: deps['react-dom'], strictVersion: false };
  shared['react/'] = { singleton: true, requiredVersion: deps.react, strictVersion: false };
  // The session store, http client and realtime stream live here: one copy on the page.
  shared['@lighting/shared'] = { singleton: true, requiredVersion: sharedPkg.version, strictVersion: false };
  return shared;
}

module.exports = { sharedConfig, SINGLETONS };
