// Each language's messages come in two chunks (webpack compiles them ahead to ASTs and
// splits them by src/i18n/parts.js): `messages-xx`, what the entry's screens need, and
// `messages-xx-later`, the rest. A page downloads the first part of the language it shows
// (the HTML shell names its chunk beside the entry, so it is already there when the app
// asks for it); the later part comes with the first screen of a later chunk
// (components/later.jsx), and the other language only when the person switches.
const LOADERS = {
  en: {
    first: () => import(/* webpackChunkName: "messages-en" */ './en.json?first'),
    later: () => import(/* webpackChunkName: "messages-en-later" */ './en.json?later'),
  },
  fr: {
    first: () => import(/* webpackChunkName: "messages-fr" */ './fr.json?first'),
    later: () => import(/* webpackChunkName: "messages-fr-later" */ './fr.json?later'),
  },
};

// {language: {first, all}}: `all` is both parts merged, one object per language so that
// IntlProvider keeps its formatters while the page stays in that language
const loaded = {};
const pending = {};

function load(language, part) {
  const key = `${language}.${part}`;
  if (!pending[key]) {
    const both = () => Promise.all([load(language, 'first'), LOADERS[language].later()]);
    const request = part === 'first' ? LOADERS[language].first().then((module) => module.default) : both().then(([first, later]) => ({ ...first, ...later.default }));
    pending[key] = request.then((messages) => {
      loaded[language] = { ...loaded[language], [part]: messages };
      return messages;
    });
  }
  return pending[key];
}

// The messages of a language: part 'first' (the entry's screens) or 'all'.
export const loadMessages = (language, part = 'first') => load(language, part);

// The messages of a language already loaded (part 'first' or 'all'), else undefined.
export const loadedMessages = (language, part = 'first') => loaded[language] && loaded[language][part];
