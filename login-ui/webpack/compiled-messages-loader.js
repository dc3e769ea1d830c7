// Turns a message file ({"id": "ICU text"}) into the ASTs react-intl formats without parsing
// (FormatJS's `formatjs compile --ast`), so the browser never gets the ICU parser
// (webpack.config.js aliases it away). A message that does not parse fails the build, not a
// person's page. The resource query picks one part of the file (src/i18n/parts.js): `?first`
// the first screen's messages, `?later` the others; the module is an ES module, not JSON.
//
// The server formats the same ASTs (idp/catalogue.py reads dist/messages.json, which the
// build's prerender step writes from these modules). Run as a script, `node
// compiled-messages-loader.js FILE` prints a file's ASTs, for the tests of messages of their
// own (tests/shared/message_cases.json).
const { inFirstScreen } = require('../src/i18n/parts');

// {id: AST} of a message file, as a JSON text
const compileFile = (file) => import('@formatjs/cli-lib').then(({ compile }) => compile([file], { ast: true, format: 'simple' }));

module.exports = function compiledMessages() {
  const done = this.async();
  const part = this.resourceQuery.slice(1);
  if (part !== 'first' && part !== 'later') {
    done(new Error(`${this.resourcePath}: import it with ?first or ?later, not "${this.resourceQuery}"`));
    return;
  }
  const wanted = (id) => inFirstScreen(id) === (part === 'first');
  compileFile(this.resourcePath)
    .then((json) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(json)).filter(([id]) => wanted(id)))))
    .then((json) => done(null, `export default ${json};`), done);
};

if (require.main === module) {
  compileFile(process.argv[2]).then(
    (json) => process.stdout.write(json),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
