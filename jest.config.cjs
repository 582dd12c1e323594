// Unit tests of every front-end package (server tests run separately, against real databases).
const { FRONTEND } = require('./build/workspace.cjs');

module.exports = { projects: FRONTEND.map((p) => `<rootDir>/${p}/jest.config.cjs`) };
