import { Suspense, use, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { intlLocale, languageOf } from '../i18n';
import { IntlProvider } from 'react-intl';
import { loadMessages, loadedMessages } from '../i18n/messages';
import Footer from './Footer';
import Header from './Header';
import PageLoading from './PageLoading';
import { ServerSessionProvider } from '../session/ServerSession';

// Shared frame of every page: language from the route (else the flow a guard came from,
// else the browser), header, main landmark and footer. The first-screen part of the first
// language's messages is loaded before the first render (index.jsx); a switch to the other
// language waits for its chunk while the page stays as it was (navigation is a
// transition). A screen of a later chunk shows PageLoading inside the frame while its code
// and the later part of the messages arrive (later.jsx).
export default function Layout() {
  const location = useLocation();
  const language = languageOf(location);
  const messages = loadedMessages(language) || use(loadMessages(language));
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <IntlProvider locale={intlLocale(language)} messages={messages}>
      <ServerSessionProvider language={language}>
        <Header />
        <main id="main" className="container site-main" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </ServerSessionProvider>
    </IntlProvider>
  );
}
