const { createAppConfig } = require('../build/webpack.app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'chat',
  port: 3005,
  title: '即时通讯',
  exposes: {
    './routes': './src/routes.ts',
    './App': './src/App.tsx',
    './ChatDrawer': './src/ChatDrawer.tsx',
  },
});
