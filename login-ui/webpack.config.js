const path = require('path');
const zlib = require('zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { WebpackManifestPlugin } = require('webpack-manifest-plugin');

// Flask serves login-ui/dist/ at /static/ui/ (through WhiteNoise) with a strict CSP
// (script-src 'self'; style-src 'self'): no eval source maps, no runtime <style> tags.
// File names carry a hash of their content, so browsers may keep them for a year;
// manifest.json tells the HTML shell (idp/shell.py) the current names. Every file also
// gets a gzip and a brotli copy, made here once rather than on every request.
module.exports = (env, argv) => {
  const production = argv.mode !== 'development';
  const compressible = /\.(js|css|svg)$/;
  return {
    mode: production ? 'production' : 'development',
    entry: { app: './src/index.jsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: '[name].[contenthash:16].js',
      publicPath: '/static/ui/',
      clean: true,
    },
    devtool: production ? false : 'source-map',
    resolve: { extensions: ['.js', '.jsx', '.json'] },
    module: {
      rules: [
        { test: /\.jsx?$/, exclude: /node_modules/, use: 'babel-loader' },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:16].css' }),
      new WebpackManifestPlugin({ fileName: 'manifest.json', publicPath: '' }),
      new CompressionPlugin({ filename: '[path][base].gz', algorithm: 'gzip', test: compressible, threshold: 0, minRatio: 1 }),
      new CompressionPlugin({
        filename: '[path][base].br',
        algorithm: 'brotliCompress',
        test: compressible,
        compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
        threshold: 0,
        minRatio: 1,
      }),
    ],
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  };
};
