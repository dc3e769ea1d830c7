// ESLint (`npm run lint`, run by `make test` before Jest): JavaScript's recommended rules,
// React's (with the JSX transform, which needs no React in scope) and the rules of hooks.
// prop-types is off: the project declares no prop types (components are read with their
// callers, and Jest renders every screen).
const js = require('@eslint/js');
const react = require('eslint-plugin-react');
const reactHooks = require('eslint-plugin-react-hooks');
const globals = require('globals');

module.exports = [
  { ignores: ['dist/', 'node_modules/'] },
  js.configs.recommended,
  react.configs.flat.recommended,
  react.configs.flat['jsx-runtime'],
  reactHooks.configs.flat.recommended,
  {
    files: ['**/*.{js,jsx}'],
    settings: { react: { version: 'detect' } },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    rules: {
      'react/prop-types': 'off',
    },
  },
  // the build's and Jest's own modules, CommonJS in Node; parts.js is read by the build too
  {
    files: ['*.config.js', 'webpack/**', 'jest.*.js', 'src/test/*.js', 'src/i18n/parts.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  // the prerender runs in Node at build time
  {
    files: ['src/prerender/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.test.{js,jsx}', 'src/test/**', 'jest.setup.js'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
];
