// Each language's messages are a chunk of their own (webpack compiles them ahead to ASTs):
// a page downloads the language it shows, and the other only when the person switches.
// The HTML shell names the chunk of its language beside the entry, so the first one is
// already there when the app asks for it.
const LOADERS = {
  en: () => import(/* webpackChunkName: "messages-en" */ './en.json'),
  fr: () => import(/* webpackChunkName: "messages-fr" */ './fr.json'),
};

const loaded = {};
const pending = {};

export function loadMessages(language) {
  if (!pending[language]) {
    pending[language] = LOADERS[language]().then((module) => {
      loaded[language] = module.default;
      return module.default;
    });
  }
  return pending[language];
}

// The messages of a language already loaded, else undefined.
export const loadedMessages = (language) => loaded[language];
