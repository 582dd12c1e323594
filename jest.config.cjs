// Unit tests of every front-end package (server tests run separately, against real databases).
module.exports = {
  projects: [
    'shared',
    'host',
    'remote-map',
    'remote-lowcode',
    'remote-workflow',
    'remote-system',
    'remote-chat',
  ].map((p) => `<rootDir>/${p}/jest.config.cjs`),
};
