import { useT } from './hooks';

export default function Footer() {
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="container">
        <nav aria-label={t('footer.nav')}>
          <ul className="site-footer__links">
            <li>
              <a href={t('footer.aboutUrl')}>{t('footer.about')}</a>
            </li>
            <li>
              <a href={t('footer.helpUrl')}>{t('footer.help')}</a>
            </li>
            <li>
              <a href={t('footer.termsUrl')}>{t('footer.terms')}</a>
            </li>
          </ul>
        </nav>
        <p className="site-footer__identity">{t('footer.identity')}</p>
      </div>
    </footer>
  );
}
