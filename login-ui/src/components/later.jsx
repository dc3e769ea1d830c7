import { lazy, use } from 'react';
import { useLocation } from 'react-router-dom';
import { intlLocale, languageOf } from '../i18n';
import { IntlProvider } from '../i18n/intl';
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

// A screen of a later chunk (React.lazy) with every message of its language: the first
// screen shipped only the entry's part (i18n/parts.js), so the screen waits for the later
// part too, inside the frame (Layout's PageLoading; a navigation or a language switch
// keeps the page it leaves meanwhile), and reads both parts merged.
export default function later(load) {
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
