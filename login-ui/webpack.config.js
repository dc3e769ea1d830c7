const path = require('path');
const zlib = require('zlib');
const webpack = require('webpack');
const zopfli = require('@gfx/zopfli');
const CompressionPlugin = require('compression-webpack-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { WebpackManifestPlugin } = require('webpack-manifest-plugin');

// The messages src/i18n/messages.js loads, each language's ASTs in two parts (?first, ?later:
// src/i18n/parts.js), each a chunk of its own; and the phone metadata and examples of the
// countries the widget offers, not all 245. Both builds read them so.
const SOURCE_RULES = [
  {
    test: /[\\/]src[\\/]i18n[\\/](en|fr)\.json$/,
    issuer: /[\\/]src[\\/]i18n[\\/]messages\.js$/,
    type: 'javascript/esm',
    use: path.resolve(__dirname, 'webpack/compiled-messages-loader.js'),
  },
  {
    test: /[\\/]node_modules[\\/]libphonenumber-js[\\/](metadata\.min|examples\.mobile)\.json\.js$/,
    use: path.resolve(__dirname, 'webpack/phone-metadata-loader.js'),
  },
];

// react-router's exports name its development build for every condition; its production
// build (no warnings) is 0.4 KB gzip less of the first screen's 100 KB.
const ROUTER = path.resolve(__dirname, 'node_modules/react-router/dist/production');
const RESOLVE = {
  extensions: ['.js', '.jsx', '.json'],
  alias: {
    'react-router$': path.join(ROUTER, 'index.mjs'),
    'react-router/dom$': path.join(ROUTER, 'dom-export.mjs'),
    // every message arrives compiled (SOURCE_RULES): intl-messageformat never parses one, so
    // the ICU parser stays out of the bundle (FormatJS's "no-parser" build: its types alone)
    '@formatjs/icu-messageformat-parser$': '@formatjs/icu-messageformat-parser/no-parser.js',
  },
};

// What webpack made (modules, minified and compressed files) is kept in node_modules/.cache/webpack
// and made again only when its sources, this file or the packages change: a build after a change
// to the UI redoes that change's part.
const CACHE = { type: 'filesystem', buildDependencies: { config: [__filename] } };

// src/prerender/build.js for Node, one file (its screens' later chunks inside), run by `npm run
// build` once the browser's bundle is in dist/: it writes dist/prerendered.json. It is a
// build tool, kept out of dist/ (which is served).
const prerender = (mode) => ({
  name: 'prerender',
  mode,
  target: 'node',
  entry: { prerender: './src/prerender/build.js' },
  output: { path: path.resolve(__dirname, 'node_modules/.cache/prerender'), filename: '[name].js', clean: true },
  resolve: RESOLVE,
  module: {
    rules: [{ test: /\.jsx?$/, exclude: /node_modules/, use: 'babel-loader' }, ...SOURCE_RULES],
  },
  plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  // run once at build time, never served: minifying it cost 8 of make run's seconds from a fresh
  // clone (prerender 13.7 s against 5.5 s) for the same dist/prerendered.json
  optimization: { minimize: false },
  performance: { hints: false },
  cache: CACHE,
});

module.exports = (env, argv) => [browser(argv), prerender(argv.mode === 'development' ? 'development' : 'production')];

// Flask serves login-ui/dist/ at /static/ui/ (through WhiteNoise) with a strict CSP
// (script-src 'self'; style-src 'self'): no eval source maps, no runtime <style> tags.
// File names carry a hash of their content, so browsers may keep them for a year;
// manifest.json tells the HTML shell (idp/shell.py) the current names: `files` (chunk name
// → file) and `entrypoints` (the files the entry needs, which the shell names with the
// messages chunk of its language). The entry holds the screens a first visit opens; every
// other screen is in a later chunk (src/routes.jsx) that webpack's runtime fetches from
// publicPath. Every file also gets a gzip and a brotli copy, made here once rather than on
// every request.
function browser(argv) {
  const production = argv.mode !== 'development';
  const compressible = /\.(js|css|svg)$/;
  return {
    name: 'browser',
    mode: production ? 'production' : 'development',
    // later-styles: the later screens' stylesheet alone (src/components/later.jsx)
    entry: { app: './src/index.jsx', 'later-styles': './src/styles/later.css' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: '[name].[contenthash:16].js',
      chunkFilename: '[name].[contenthash:16].js',
      publicPath: '/static/ui/',
      clean: true,
    },
    devtool: production ? false : 'source-map',
    cache: CACHE,
    resolve: RESOLVE,
    module: {
      rules: [
        { test: /\.jsx?$/, exclude: /node_modules/, use: 'babel-loader' },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        ...SOURCE_RULES,
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:16].css' }),
      new WebpackManifestPlugin({
        fileName: 'manifest.json',
        publicPath: '',
        generate: (seed, files, entrypoints) => ({
          files: Object.fromEntries(files.filter((file) => file.isChunk).map((file) => [file.name, file.path])),
          entrypoints,
        }),
      }),
      new CompressionPlugin({
        filename: '[path][base].gz',
        // Zopfli writes gzip every browser reads, about 3 % smaller than zlib's best (the
        // first screen of a browser without brotli); a build costs a few seconds more.
        algorithm: (input, options, callback) => zopfli.gzip(input, options, callback),
        compressionOptions: { numiterations: 15 },
        test: compressible,
        threshold: 0,
        minRatio: 1,
      }),
      new CompressionPlugin({
        filename: '[path][base].br',
        algorithm: 'brotliCompress',
        test: compressible,
        compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
        threshold: 0,
        minRatio: 1,
      }),
    ],
    optimization: {
      // terser for the scripts ('...'), cssnano for the stylesheet: its comments and spaces were
      // 0.5 KB gzip of the first screen's 100 KB (bench/ui_bundle_size.py)
      minimizer: ['...', new CssMinimizerPlugin()],
      runtimeChunk: false,
      splitChunks: {
        cacheGroups: {
          // the phone widget and libphonenumber-js, shared by every screen of a later chunk
          // that asks for or shows a phone number; the metadata of the countries offered (of
          // the "min" set: lengths and formats, not the full patterns) is a chunk of its own
          // beside it
          phoneMetadata: {
            test: /[\\/]node_modules[\\/]libphonenumber-js[\\/](metadata\.min|examples\.mobile)\.json\.js$/,
            name: 'phone-metadata',
            chunks: 'async',
            enforce: true,
            priority: 10,
          },
          // libphonenumber-js's as-you-type formatter (the mask of the phone field), a chunk
          // fetched beside `phone`, each within the later-chunk budget (bench/ui_bundle_size.py)
          phoneFormat: {
            test: /[\\/]node_modules[\\/]libphonenumber-js[\\/]es6[\\/]AsYouType/,
            name: 'phone-format',
            chunks: 'async',
            enforce: true,
            priority: 5,
          },
          phone: {
            test: /[\\/](node_modules[\\/]libphonenumber-js|src[\\/]phone|src[\\/]validation[\\/]phone\.js|src[\\/]components[\\/]Phone(Field|Setup)\.jsx)/,
            name: 'phone',
            chunks: 'async',
            enforce: true,
          },
        },
      },
    },
    performance: { hints: false },
  };
}
