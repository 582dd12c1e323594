const base = require('../jest.base.cjs');
module.exports = { ...base, displayName: 'remote-citizen', rootDir: __dirname, testEnvironment: 'node' };
