const { createAppConfig } = require('../build/webpack.app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'lowcode',
  port: 3002,
  title: '在线开发',
  exposes: { './routes': './src/routes.ts', './App': './src/App.tsx' },
});
