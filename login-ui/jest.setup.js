require('@testing-library/jest-dom');
const { TextEncoder, TextDecoder } = require('util');

if (typeof global.TextEncoder === 'undefined') global.TextEncoder = TextEncoder;
if (typeof global.TextDecoder === 'undefined') global.TextDecoder = TextDecoder;

beforeEach(() => {
  window.sessionStorage.clear();
  window.dataLayer = [];
  document.title = '';
  document.documentElement.lang = '';
  document.body.innerHTML = '';
});
