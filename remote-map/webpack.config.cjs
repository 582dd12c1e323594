const path = require('node:path');
const { createAppConfig } = require('../build/webpack.app.cjs');
const { GlyphsPlugin } = require('./build/glyphs.cjs');

const app = createAppConfig({
  dir: __dirname,
  name: 'map',
  port: 3001,
  title: '照明地图',
  exposes: { './routes': './src/routes.ts', './App': './src/App.tsx' },
});

// The label glyphs (build/glyphs.cjs) travel with the remote: dist/fonts/<fontstack>/<range>.pbf.
module.exports = (env, argv) => {
  const config = app(env, argv);
  config.plugins.push(new GlyphsPlugin(path.join(__dirname, 'node_modules', '.cache', 'lighting-glyphs')));
  return config;
};
