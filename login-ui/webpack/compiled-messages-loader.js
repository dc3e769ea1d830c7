// Turns a message file ({"id": "ICU text"}) into the ASTs react-intl formats without
// parsing (FormatJS's `formatjs compile --ast`), so the browser never gets the ICU parser
// (webpack.config.js points @formatjs/icu-messageformat-parser at its no-parser build).
// A message that does not parse fails the build, not a person's page.
module.exports = function compiledMessages() {
  const done = this.async();
  import('@formatjs/cli-lib')
    .then(({ compile }) => compile([this.resourcePath], { ast: true, format: 'simple' }))
    .then((json) => done(null, json), done);
};
