import { Link, useLocation } from 'react-router-dom';
import { otherLanguage, swapLanguagePath } from '../i18n';
import { useLanguage, useT } from './hooks';
import { useServerSession } from '../session/ServerSession';

export default function Header() {
  const t = useT();
  const language = useLanguage();
  const location = useLocation();
  const { serviceName } = useServerSession();
  const target = otherLanguage(language);
  const focusMain = (event) => {
    event.preventDefault();
    const main = document.getElementById('main');
    if (main) main.focus();
  };
  return (
    <header className="site-header">
      <a className="skip-link" href="#main" onClick={focusMain}>
        {t('layout.skipToContent')}
      </a>
      <div className="container site-header__inner">
        <div className="site-header__brand">
          <p className="site-header__name">{t('layout.siteName')}</p>
          {/* Its line is there before the server names the service: a name arriving later
              would push the page down under a person's finger, and a press meant for a link
              would land beside it. */}
          <p className="site-header__service" data-testid="service-name">
            {serviceName}
          </p>
        </div>
        <nav className="site-header__language" aria-label={t('layout.languageNav')}>
          <Link
            to={`${swapLanguagePath(location.pathname, target)}${location.search}`}
            // what a screen was handed (backup codes shown once, an app's setup) stays
            state={location.state}
            lang={target}
            hrefLang={target}
            className="language-toggle"
          >
            {t('layout.otherLanguageName')}
          </Link>
        </nav>
      </div>
    </header>
  );
}
