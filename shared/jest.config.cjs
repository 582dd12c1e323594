const base = require('../jest.base.cjs');
module.exports = { ...base, displayName: 'shared', rootDir: __dirname, testEnvironment: 'node' };
