module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.js'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/src/test/styleStub.js',
    // both parts of a language's messages (built by webpack) are the whole source file here
    '^\\./(en|fr)\\.json\\?(first|later)$': '<rootDir>/src/i18n/$1.json',
  },
  // react-intl 12, its @formatjs dependencies and altcha-lib ship ES modules only.
  transformIgnorePatterns: ['/node_modules/(?!(react-intl|@formatjs|intl-messageformat|tslib|altcha-lib)/)'],
  // Jest's summary, then one plain "jest: N passed, N failed" closing line
  reporters: ['default', '<rootDir>/jest.summary-reporter.js'],
};
