// Turns a message file ({"id": "ICU text"}) into the ASTs react-intl formats without
// parsing (FormatJS's `formatjs compile --ast`), so the browser never gets the ICU parser
// (webpack.config.js points @formatjs/icu-messageformat-parser at its no-parser build).
// A message that does not parse fails the build, not a person's page. The resource query
// picks one part of the file (src/i18n/parts.js): `?first` the first screen's messages,
// `?later` the others.
const { inFirstScreen } = require('../src/i18n/parts');

module.exports = function compiledMessages() {
  const done = this.async();
  const part = this.resourceQuery.slice(1);
  if (part !== 'first' && part !== 'later') {
    done(new Error(`${this.resourcePath}: import it with ?first or ?later, not "${this.resourceQuery}"`));
    return;
  }
  const wanted = (id) => inFirstScreen(id) === (part === 'first');
  import('@formatjs/cli-lib')
    .then(({ compile }) => compile([this.resourcePath], { ast: true, format: 'simple' }))
    .then((json) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(json)).filter(([id]) => wanted(id)))))
    .then((json) => done(null, json), done);
};
