import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { trackEvent } from '../../analytics';
import { Notice } from '../../components/fields';
import { useErrorText, usePath, useT } from '../../components/hooks';
import { DESTINATION } from '../../session/reducer';
import { useSession } from '../../session/SessionContext';
import { SignInStart } from '../signin/SignInEmail';

const PAGE = 'home';

// Why a guard sent the person here (GoHome), said once: the page's history entry keeps
// the language but not the reason, so Back or a reload later does not say it again. The
// page a signed-out person opened is kept for the sign-in (DESTINATION), which leads there.
function useReason() {
  const location = useLocation();
  const navigate = useNavigate();
  const { dispatch } = useSession();
  const carried = location.state || {};
  const [reason] = useState({ why: carried.why || null, next: carried.next || null });
  useEffect(() => {
    if (carried.next) dispatch({ type: DESTINATION, payload: { next: carried.next } });
    if (carried.why || carried.next) navigate(location.pathname, { replace: true, state: { language: carried.language } });
  }, [carried.why, carried.next, carried.language, location.pathname, navigate, dispatch]);
  return reason;
}

// / and /{language}: the sign-in start (no call), with the ways into sign-up and a word
// about the service; after an unmet guard, why the person is here.
export default function Home() {
  const t = useT();
  const path = usePath();
  const reason = useReason();
  const errorText = useErrorText();
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
  // the cause the server gave, else only the page waiting behind the sign-in
  const said = reason.why ? errorText(reason.why) : reason.next && t('home.signInFirst');
  const before = said ? <Notice kind={reason.why ? 'warning' : 'info'}>{said}</Notice> : null;
  return <SignInStart page={PAGE} titleId="home.title" leadId="home.lead" before={before} after={more} />;
}
