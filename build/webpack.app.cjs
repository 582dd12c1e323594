// One webpack + Module Federation configuration for the host and every remote.
// Each app's webpack.config.cjs calls createAppConfig({ ... }) with its own name and exposes.
const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { sharedConfig, contractRange } = require('./shared.cjs');
const { FaviconPlugin } = require('./favicon.cjs');

/**
 * @param {object} o
 * @param {string} o.dir          the app folder (__dirname of its webpack.config.cjs)
 * @param {string} o.name         federation name (host, map, lowcode, workflow, system, chat)
 * @param {Record<string,string>} [o.exposes]
 * @param {boolean} [o.isHost]
 * @param {number} o.port         dev-server port
 * @param {string} o.title        page title of the app's own index.html
 */
function createAppConfig({ dir, name, exposes = {}, isHost = false, port, title }) {
  // Where the app's index.html is served from. The host lives at /, each remote's standalone
  // (kiosk) app at /remotes/<name>/. Chunks use publicPath 'auto' so the same build also works
  // when a remote is deployed on another origin (only remotes.json changes).
  // the contract range a remote was built for ("@lighting/shared": "workspace:^1.0.0" in its
  // package.json), published in its manifest (metaData.contract). A remote naming none
  // ('workspace:*', as the low-code generator's remotes still do) publishes none: the host loads it
  // without a check.
  const range = isHost ? null : contractRange(dir);
  const htmlPublicPath = process.env.PUBLIC_PATH || (isHost ? '/' : `/remotes/${name}/`);
  // The release this build is (RELEASE, else the app's package.json version). It names the build's
  // chunk-loading global, so two releases of one remote can be on one page: when a team rolls its
  // remote forward, pages of the old release still open in the console's tabs keep loading their
  // own chunks while the new release's pages load theirs (docs/architecture.md "Remote registry and
  // loading"). A release rolled out beside another must carry its own RELEASE.
  const release = String(
    process.env.RELEASE || JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version,
  ).replace(/[^A-Za-z0-9_$]/g, '_');
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: `lighting_${name}`,
        chunkLoadingGlobal: `webpackChunklighting_${name}_${release}`,
        // Entry files stay unhashed (served no-cache): MF's runtime module resolves the entry
        // filename template before hashes exist. Every other chunk is content-hashed (long cache).
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            // our own TypeScript, including @lighting/shared (a workspace source package)
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { target: 'es2020', jsx: 'automatic' },
          },
          // shared's core and formcore are pure logic by contract (no React, no I/O: the server runs
          // them too), so an import of their index ('@lighting/shared/core') brings only the modules
          // whose exports are used, not the whole folder (the validators' expression tokenizer and
          // big.js, the chat and citizen rules...) into the chunk that imports it.
          { test: /[\\/]shared[\\/]src[\\/](core|formcore)[\\/]/, sideEffects: false },
          // big.js only defines Big: a module that imports it for a function nobody calls (the
          // validators' expression tokenizer, on /login) no longer brings it (3 KB gzip)
          { test: /[\\/]big\.js[\\/]big\.m?js$/, sideEffects: false },
          { test: /\.(png|jpe?g|gif|svg|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        // axios without its fetch adapter, which the console never uses (build/axios-no-fetch.mjs)
        new webpack.NormalModuleReplacementPlugin(
          /[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/,
          path.join(__dirname, 'axios-no-fetch.mjs'),
        ),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // No static remotes: the host registers them at run time from /remotes.json.
          remotes: {},
          shared: sharedConfig(range),
          // 'loaded-first' keeps the shell alive when a remote is down (federation.md).
          shareStrategy: 'loaded-first',
          runtimePlugins: isHost ? [path.join(dir, 'src/federation/runtimePlugin.ts')] : [],
          manifest: {
            fileName: 'mf-manifest.json',
            // the host reads it before it loads the remote (host/src/federation/contract.ts)
            additionalData: range
              ? ({ stats }) => {
                  stats.metaData.contract = { name: '@lighting/shared', range };
                  return stats;
                }
              : undefined,
          },
          dts: false,
          dev: false,
          // Browser only: leaves out the runtime's Node loading code.
          experiments: { optimization: { target: 'web' } },
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          publicPath: htmlPublicPath,
          templateParameters: { title, base: htmlPublicPath },
          chunks: ['main'],
        }),
        // favicon.svg and favicon.ico beside index.html (linked by the template; /favicon.ico is the host's)
        new FaviconPlugin(),
      ],
      optimization: {
        // SWC's minifier (through terser-webpack-plugin): it removes functions webpack marked unused
        // inside module bodies, which esbuild's minify cannot (it tree-shakes top-level code only):
        // measured on react-router, 178 KB → 63 KB raw; on antd's shared chunk 868 KB → 813 KB.
        minimizer: [
          new TerserPlugin({
            minify: TerserPlugin.swcMinify,
            terserOptions: { compress: { passes: 2 }, ecma: 2020 },
          }),
        ],
      },
      performance: { hints: false },
      devServer: {
        port,
        // disableDotRule: a page address may hold a dot (a copied model's dynamicModel/x.copy1), as
        // the server's own fallback allows (server/src/static.ts servesPage); files are served first
        historyApiFallback: { index: htmlPublicPath + 'index.html', disableDotRule: true },
        devMiddleware: { publicPath: htmlPublicPath },
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          {
            context: ['/api', '/config.json', '/remotes.json', '/remotes', '/help'],
            target: process.env.API_TARGET || 'http://127.0.0.1:8080',
            ws: true,
          },
        ],
      },
      stats: 'errors-warnings',
    };
  };
}

module.exports = { createAppConfig };
