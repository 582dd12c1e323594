const base = require('../jest.base.cjs');
module.exports = { ...base, displayName: 'remote-workflow', rootDir: __dirname, testEnvironment: 'node' };
