// The profile area's pieces: the signed-in person's profile (GET /v1/profile; nobody
// signed in → home), sign-out, and the success page that ends a change.
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { api } from '../api/v1';
import { ERRORS, fromFailure } from '../i18n/errors';
import { isLocalPage } from '../session/journey';
import { trackEvent } from '../analytics';
import { LOG_OUT } from '../session/reducer';
import { useSession } from '../session/SessionContext';
import { Button, Notice } from './fields';
import GoHome from './GoHome';
import ShowError from './ShowError';
import { useLanguage, usePath, useT } from './hooks';
import Page from './Page';

// The profile of the server session: { profile, status: 'loading' | 'ready' | 'signedOut' | 'failed', failure }.
function useProfile() {
  const language = useLanguage();
  const [answer, setAnswer] = useState({ profile: null, status: 'loading', failure: null });
  useEffect(() => {
    let live = true;
    api
      .profile(language)
      .then((result) => live && setAnswer({ profile: result.data, status: 'ready' }))
      .catch((failure) => live && setAnswer({ profile: null, status: failure.status === 401 ? 'signedOut' : 'failed', failure }));
    return () => {
      live = false;
    };
  }, [language]);
  return answer;
}

// Why a signed-in page sends its person to sign in: a page the person was on when its
// session expired says so; one opened from outside (a link in an e-mail, a bookmark: the
// tab's first entry, react-router's 'default' key) only asks to sign in, claiming nothing.
const whySignIn = (failure, location) =>
  failure && failure.message === ERRORS.PAGE_EXPIRED && location.key !== 'default' ? fromFailure(failure) : null;

// Renders children(profile) for a signed-in person; anybody else signs in (home), then
// comes back to this page.
export function SignedIn({ children }) {
  const { dispatch } = useSession();
  const location = useLocation();
  const { profile, status, failure } = useProfile();
  useEffect(() => {
    // the server session is gone: the browser's copy of the person goes too
    if (status === 'signedOut') dispatch({ type: LOG_OUT });
  }, [status, dispatch]);
  if (status === 'signedOut') {
    return <GoHome why={whySignIn(failure, location)} next={isLocalPage(location.pathname) ? location.pathname : null} />;
  }
  // the server down or silent is not a sign-out: the Error screen says so
  if (status === 'failed') return <ShowError failure={failure} />;
  if (status === 'loading') return null;
  return children(profile);
}

// Ends the server session (POST /v1/logout), then clears the browser's state (LOG_OUT).
export function SignOutButton() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const { dispatch } = useSession();
  const onSubmit = async (event) => {
    event.preventDefault();
    try {
      await api.logout();
    } catch {
      // the session may already be gone; the browser forgets it either way
    }
    dispatch({ type: LOG_OUT });
    trackEvent({ category: 'profile', page: 'profile', result: 'redirect_sign-out' });
    navigate(`/${language}`);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="inline-form">
      <Button secondary>{t('profile.signOut')}</Button>
    </form>
  );
}

// A change is done: what happened, then "back to profile" and "sign out".
export function SuccessPage({ pageName, titleId, noticeId, textId }) {
  const t = useT();
  const path = usePath();
  return (
    <Page pageName={pageName} title={t(titleId)}>
      <Notice kind="success">
        <p>{t(noticeId)}</p>
      </Notice>
      {textId ? <p>{t(textId)}</p> : null}
      <div className="button-group">
        <Link className="button button--link" to={path('profilehome')}>
          {t('profile.backToProfile')}
        </Link>
        <SignOutButton />
      </div>
    </Page>
  );
}
