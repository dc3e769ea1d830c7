// src/i18n/messages.js's English parts under Jest (jest.config.js): the whole file, compiled
module.exports = require('./messages').compiled(require('../i18n/en.json'));
