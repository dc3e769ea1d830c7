require('@testing-library/jest-dom');
const { TextEncoder, TextDecoder } = require('util');
const { loadMessages } = require('./src/i18n/messages');

if (typeof global.TextEncoder === 'undefined') global.TextEncoder = TextEncoder;
if (typeof global.TextDecoder === 'undefined') global.TextDecoder = TextDecoder;

// jsdom has no beacon: the first-party analytics (src/analytics) hand their batches to this one,
// which keeps them away from the API each test mocks; the analytics' own tests watch it.
beforeEach(() => {
  navigator.sendBeacon = jest.fn(() => true);
  window.sessionStorage.clear();
  window.dataLayer = [];
  document.title = '';
  document.documentElement.lang = '';
  document.body.innerHTML = '';
});

// The app loads a language's messages on demand (src/i18n/messages.js); under Jest both
// parts are the source JSON files, loaded once before the tests as the shell's chunk and a
// later screen would.
beforeAll(() => Promise.all(['en', 'fr'].flatMap((language) => [loadMessages(language), loadMessages(language, 'all')])));

// jsdom has no Web Crypto digest; the proof of work (altcha-lib) needs it, as browsers have it.
if (!global.crypto || !global.crypto.subtle) {
  Object.defineProperty(global, 'crypto', { value: require('crypto').webcrypto, configurable: true });
}
