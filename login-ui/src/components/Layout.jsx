import { useEffect } from 'react';
import { IntlProvider } from 'react-intl';
import { Outlet, useLocation } from 'react-router-dom';
import { languageOf, messages } from '../i18n';
import Footer from './Footer';
import Header from './Header';
import { ServerSessionProvider } from '../session/ServerSession';

// Shared frame of every page: language from the route (else the flow a guard came from,
// else the browser), header,
// main landmark and footer.
export default function Layout() {
  const location = useLocation();
  const language = languageOf(location);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <IntlProvider locale={language === 'fr' ? 'fr-CA' : 'en-CA'} messages={messages[language]} defaultLocale="en-CA">
      <ServerSessionProvider language={language}>
        <Header />
        <main id="main" className="container site-main" tabIndex={-1}>
          <Outlet />
        </main>
        <Footer />
      </ServerSessionProvider>
    </IntlProvider>
  );
}
