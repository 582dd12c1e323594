// Unit tests of every front-end package (server tests run separately, against real databases).
const { FRONTEND } = require('./build/workspace.cjs');

// scripts/: the root scripts' pure modules (the contract check's decisions)
module.exports = {
  projects: [...FRONTEND, 'scripts'].map((p) => `<rootDir>/${p}/jest.config.cjs`),
};
