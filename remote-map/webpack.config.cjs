const { createAppConfig } = require('../build/webpack.app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'map',
  port: 3001,
  title: '照明地图',
  exposes: { './routes': './src/routes.ts', './App': './src/App.tsx' },
});
