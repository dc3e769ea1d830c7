// src/i18n/messages.js's French parts under Jest (jest.config.js): the whole file, compiled
module.exports = require('./messages').compiled(require('../i18n/fr.json'));
