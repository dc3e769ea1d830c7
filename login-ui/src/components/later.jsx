import { lazy, use } from 'react';
import { useLocation } from 'react-router-dom';
import { intlLocale, languageOf } from '../i18n';
import { IntlProvider } from 'react-intl';
import { loadMessages, loadedMessages } from '../i18n/messages';

function WithMessages({ language, messages, children }) {
  return (
    <IntlProvider locale={intlLocale(language)} messages={messages}>
      {children}
    </IntlProvider>
  );
}

// suspends until the later part of the language's messages is there
function AwaitMessages({ language, children }) {
  return <WithMessages language={language} messages={use(loadMessages(language, 'all'))}>{children}</WithMessages>;
}

// The stylesheet of the later chunks' screens only (styles/later.css), which the shell names
// and prefetches (idp/templates/shell.html): applied before the first such screen shows. No
// such link (Jest, the build's prerender): nothing to wait for.
let stylesheet = null;
function styles() {
  const link = typeof document === 'undefined' ? null : document.getElementById('later-styles');
  if (!link) return Promise.resolve();
  stylesheet =
    stylesheet ||
    new Promise((resolve) => {
      // a stylesheet that cannot come leaves the screen plain, not missing
      link.onload = resolve;
      link.onerror = resolve;
      link.rel = 'stylesheet';
    });
  return stylesheet;
}

// A screen of a later chunk (React.lazy) with every message of its language: the first
// screen shipped only the entry's part (i18n/parts.js), so the screen waits for the later
// part too, inside the frame (Layout's PageLoading; a navigation or a language switch
// keeps the page it leaves meanwhile), and reads both parts merged; its styles come with it.
export default function later(loadScreen) {
  const load = () => Promise.all([loadScreen(), styles()]).then(([screen]) => screen);
  const Screen = lazy(load);
  return function LaterScreen(props) {
    const language = languageOf(useLocation());
    const messages = loadedMessages(language, 'all');
    if (messages) {
      return (
        <WithMessages language={language} messages={messages}>
          <Screen {...props} />
        </WithMessages>
      );
    }
    // the screen's chunk downloads meanwhile, not after the messages
    load();
    return (
      <AwaitMessages language={language}>
        <Screen {...props} />
      </AwaitMessages>
    );
  };
}
