const base = require('../jest.base.cjs');
module.exports = { ...base, displayName: 'remote-lowcode', rootDir: __dirname, testEnvironment: 'node' };
