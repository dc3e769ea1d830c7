const path = require('path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

// Flask serves login-ui/dist/ at /static/ui/ with a strict CSP
// (script-src 'self'; style-src 'self'): no eval source maps, no runtime <style> tags.
module.exports = (env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { app: './src/index.jsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: '[name].js',
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
    plugins: [new MiniCssExtractPlugin({ filename: '[name].css' })],
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
  };
};
