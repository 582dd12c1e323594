const base = require('../jest.base.cjs');

// htmlparser2 10+ and its dom* helpers (sanitize-html) are ESM-only too.
const ESM_ONLY = [
  'content-disposition',
  'cookie',
  'htmlparser2',
  'domhandler',
  'domutils',
  'domelementtype',
  'dom-serializer',
  'entities',
];
module.exports = {
  ...base,
  displayName: 'server',
  rootDir: __dirname,
  testEnvironment: 'node',
  // Each suite builds an app on a fresh database (migrations, seed, sign-ins) in beforeAll; on a busy
  // machine that can pass jest's 5 s default (a PostgreSQL setup passed 60 s with the browser suite
  // running alongside). Limits for the setup only, never a timed assertion.
  testTimeout: 120_000,
  // A few fastify dependencies are ESM-only (content-disposition 3, cookie 2). Node 20.19+ loads them
  // with require(esm) at run time, but Jest's module runtime cannot before Node 24.9: let SWC compile them.
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${ESM_ONLY.join('|')})[@/])`],
  // Says once which optional back ends (PostgreSQL, Redis) the run covers and which it skips.
  globalSetup: '<rootDir>/test/global-setup.cjs',
};
