import { Link } from 'react-router-dom';
import { trackEvent } from '../../analytics';
import { usePath, useT } from '../../components/hooks';
import { SignInStart } from '../signin/SignInEmail';

const PAGE = 'home';

// / and /{language}: the sign-in start (no call), with the ways into sign-up and a word
// about the service.
export default function Home() {
  const t = useT();
  const path = usePath();
  const onPrivacyClick = () => {
    trackEvent({ category: 'signup', page: PAGE, result: 'redirect_privacy', label: 'link' });
  };
  const more = (
    <>
      <ul className="link-list">
        <li>
          <Link to={path('signUp/privacy')} onClick={onPrivacyClick}>
            {t('home.firstTime')}
          </Link>
        </li>
        <li>
          {t('home.noAccount')} <Link to={path('signUp/privacy')}>{t('home.signUp')}</Link>
        </li>
        <li>
          {t('home.haveAccount')} <Link to={path('signIn')}>{t('home.signIn')}</Link>
        </li>
      </ul>
      <details className="details">
        <summary className="details__summary">{t('home.details.summary')}</summary>
        <div className="details__text">
          <p>{t('home.details.p1')}</p>
          <p>{t('home.details.p2')}</p>
          <p>{t('home.details.p3')}</p>
        </div>
      </details>
    </>
  );
  return <SignInStart page={PAGE} titleId="home.title" leadId="home.lead" after={more} />;
}
