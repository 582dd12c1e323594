const base = require('../jest.base.cjs');
module.exports = { ...base, displayName: 'remote-chat', rootDir: __dirname, testEnvironment: 'node' };
