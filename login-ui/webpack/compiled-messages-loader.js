// Turns a message file ({"id": "ICU text"}) into the ASTs src/i18n/intl.jsx formats without
// parsing (FormatJS's `formatjs compile --ast`), so the browser never gets the ICU parser.
// A message that does not parse fails the build, not a person's page. The resource query
// picks one part of the file (src/i18n/parts.js): `?first` the first screen's messages,
// `?later` the others. Each text part ({"type": 0, "value": "Sign in"}) is its text alone,
// which src/i18n/intl.jsx reads so; and the module is an ES module, not JSON: 0.13 KB gzip
// less of the first screen in each language (bench/ui_bundle_size.py).
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
    .then((json) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(json)).filter(([id]) => wanted(id))), texts))
    .then((json) => done(null, `export default ${json};`), done);
};

const LITERAL = 0;

// JSON.stringify's replacer: a text part becomes its text
function texts(key, value) {
  return value && value.type === LITERAL ? value.value : value;
}

module.exports.texts = texts;
