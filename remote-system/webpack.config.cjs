const { createAppConfig } = require('../build/webpack.app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'system',
  port: 3004,
  title: '系统管理',
  exposes: { './routes': './src/routes.ts', './App': './src/App.tsx' },
});
