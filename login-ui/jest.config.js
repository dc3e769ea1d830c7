module.exports = {
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.js'],
  moduleNameMapper: {
    '\\.css$': '<rootDir>/src/test/styleStub.js',
    // both parts of a language's messages (built by webpack) are the whole file here, compiled
    '^\\./(en|fr)\\.json\\?(first|later)$': '<rootDir>/src/test/messages-$1.js',
  },
  // react-intl, FormatJS's other packages and altcha-lib ship ES modules only.
  transformIgnorePatterns: ['/node_modules/(?!(react-intl|intl-messageformat|@formatjs|tslib|altcha-lib)/)'],
  // Jest's summary, then one plain "jest: N passed, N failed" closing line
  reporters: ['default', '<rootDir>/jest.summary-reporter.js'],
};
