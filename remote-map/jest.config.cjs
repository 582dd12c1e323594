const base = require('../jest.base.cjs');
module.exports = { ...base, displayName: 'remote-map', rootDir: __dirname, testEnvironment: 'node' };
