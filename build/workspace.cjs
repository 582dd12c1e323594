// The workspace's front-end packages, in one place for the build, the jest projects and the
// root scripts.
const REMOTES = [
  'remote-map',
  'remote-lowcode',
  'remote-workflow',
  'remote-system',
  'remote-chat',
  'remote-citizen',
];
const APPS = ['host', ...REMOTES];
const FRONTEND = ['shared', ...APPS];

module.exports = { REMOTES, APPS, FRONTEND };
