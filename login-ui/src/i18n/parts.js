// Each language's messages come in two parts. The first-screen part holds what the entry's
// screens (home, sign-in, the frame, the error screen), the sign-in password screen (a chunk
// that needs no other: routes.jsx) and every error text need, and is
// shipped with the first screen; the later part holds the rest (sign-up, codes, recovery,
// profile, methods...) and arrives with the first screen of a later chunk (messages.js,
// components/later.jsx). An entry ending with a dot names every key it starts; any other
// names one key. parts.test.js fails when a module of the entry uses a key outside.
// CommonJS: webpack/compiled-messages-loader.js reads it in Node.
const FIRST_SCREEN = [
  'layout.',
  'footer.',
  'common.',
  'home.',
  // the e-mail and password fields and the sign-in's screens; sign-up's are later
  'email.label',
  'email.hint',
  'email.signin.',
  'password.label',
  'password.show',
  'password.signin.',
  // the first screen's passkey (its button, its status) and the password screen after it
  'passkeyFirst.',
  'error.',
  // errors.js: the text of error 41 (the last strong method kept)
  'methods.addAnotherFirst',
  // errors.js: a step that needs the password again
  'reauthenticate.again',
];

const inFirstScreen = (id) => FIRST_SCREEN.some((entry) => (entry.endsWith('.') ? id.startsWith(entry) : id === entry));

module.exports = { inFirstScreen };
