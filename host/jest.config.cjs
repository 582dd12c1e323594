const base = require('../jest.base.cjs');
module.exports = { ...base, displayName: 'host', rootDir: __dirname, testEnvironment: 'node' };
