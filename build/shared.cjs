// The singletons every app shares (architecture.md). requiredVersion comes from the workspace
// (shared/package.json), never strictVersion: a mismatch must warn, not kill the host.
const sharedPkg = require('../shared/package.json');

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
  // react-dom/client (imported by antd and by us) must not download twice (federation.md).
  shared['react-dom/'] = { singleton: true, requiredVersion: deps['react-dom'], strictVersion: false };
  shared['react/'] = { singleton: true, requiredVersion: deps.react, strictVersion: false };
  // The session store, http client and realtime stream live here: one copy on the page.
  shared['@lighting/shared'] = { singleton: true, requiredVersion: sharedPkg.version, strictVersion: false };
  return shared;
}

module.exports = { sharedConfig, SINGLETONS };
