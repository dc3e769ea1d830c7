// What webpack/compiled-messages-loader.js makes of a message file, for Jest: each message
// parsed to FormatJS's AST, which react-intl formats without parsing.
const { parse } = require('@formatjs/icu-messageformat-parser');

const compiled = (messages) => Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)]));

module.exports = { compiled };
