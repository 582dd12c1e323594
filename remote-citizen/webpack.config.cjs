// Two builds of the citizen remote:
// 1. the federated remote (createAppConfig): ./routes for the host (the /bt/gzh pages rendered by the
//    host's public route, and the console's bt/citizen pages), ./App standalone;
// 2. the phone door ("lite"): the same citizen pages with React bundled in, no federation runtime,
//    inlined into dist/lite/index.html, which the server answers /bt/gzh/* documents with (one round
//    trip on a weak network), plus its service worker (dist/lite/sw.js) and lazy chunks.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { createAppConfig } = require('../build/webpack.app.cjs');

const federated = createAppConfig({
  dir: __dirname,
  name: 'citizen',
  port: 3006,
  title: '市民服务',
  exposes: { './routes': './src/routes.ts', './App': './src/App.tsx' },
});

const LITE_PUBLIC = '/remotes/citizen/lite/';

function page(js) {
  // '</script' inside the code would end the element early
  const safe = js.replace(/<\/(script)/gi, '<\\/$1');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover"/><meta name="theme-color" content="#1677ff"/><title>路灯报修</title><style>html,body,#root{min-height:100%;margin:0;background:#f4f6f9}</style></head><body><div id="root"></div><script>${safe}</script></body></html>`;
}

const lite = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    name: 'citizen-lite',
    dependencies: ['citizen'],
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { lite: './src/lite.tsx', sw: './src/sw.ts' },
    devtool: false,
    output: {
      path: path.join(__dirname, 'dist', 'lite'),
      publicPath: LITE_PUBLIC,
      filename: (data) => (data.chunk.name === 'sw' ? 'sw.js' : '[name].[contenthash:10].js'),
      chunkFilename: '[name].[contenthash:10].js',
      assetModuleFilename: '[name].[contenthash:10][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      // Preact's React-compatible layer instead of React here: the same components in about a
      // third of the bytes a phone must download and parse before the page can be used (the
      // federated build, inside the host, keeps the console's one React)
      alias: {
        react$: 'preact/compat',
        'react-dom/client$': 'preact/compat/client',
        'react-dom$': 'preact/compat',
        'react/jsx-runtime$': 'preact/jsx-runtime',
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
        { test: /\.wasm$/, type: 'asset/resource' },
      ],
    },
    experiments: { asyncWebAssembly: false },
    plugins: [
      new HtmlWebpackPlugin({
        filename: 'index.html',
        inject: false,
        templateContent: ({ compilation }) => {
          const name = Object.keys(compilation.assets).find((n) => /^lite\.[0-9a-f]+\.js$/.test(n));
          if (!name) throw new Error('lite bundle missing');
          return page(compilation.assets[name].source().toString());
        },
      }),
    ],
    optimization: {
      minimizer: [
        new TerserPlugin({
          minify: TerserPlugin.swcMinify,
          terserOptions: { compress: { passes: 2 }, ecma: 2020 },
        }),
      ],
      // the phone door is one inlined file: no runtime chunk, no vendor split
      splitChunks: false,
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};

module.exports = (env, argv) => [{ ...federated(env, argv), name: 'citizen' }, lite(env, argv)];
