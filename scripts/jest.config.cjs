// The root scripts' pure modules (scripts/lib/*.cjs) and their tests.
const base = require('../jest.base.cjs');
module.exports = { ...base, displayName: 'scripts', rootDir: __dirname, testEnvironment: 'node' };
