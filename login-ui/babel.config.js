// Project-wide Babel config (babel.config.js, not .babelrc) so that Jest can also
// transform the ESM-only packages (@formatjs...) listed in jest.config.js.
module.exports = (api) => {
  const isTest = api.env('test');
  return {
    presets: [
      ['@babel/preset-env', isTest ? { targets: { node: 'current' } } : { targets: 'defaults' }],
      ['@babel/preset-react', { runtime: 'automatic' }],
    ],
  };
};
