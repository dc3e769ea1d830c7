// What webpack/compiled-messages-loader.js makes of a message file, for Jest: each message
// parsed to FormatJS's AST, its text parts as texts (src/i18n/intl.jsx formats that form only).
const { parse } = require('@formatjs/icu-messageformat-parser');
const { texts } = require('../../webpack/compiled-messages-loader');

const compiled = (messages) => Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, JSON.parse(JSON.stringify(parse(text), texts))]));

module.exports = { compiled };
