const { createAppConfig } = require('../build/webpack.app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'workflow',
  port: 3003,
  title: '工作流程',
  exposes: { './routes': './src/routes.ts', './App': './src/App.tsx' },
});
