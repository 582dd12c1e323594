const base = require('../jest.base.cjs');
module.exports = { ...base, displayName: 'remote-system', rootDir: __dirname, testEnvironment: 'node' };
