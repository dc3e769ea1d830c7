// Where a journey stands is the server's answer (the journey view of GET /v1/session and
// of every call that moves a journey): `screen` is the path, after /{language}/, of the
// screen for the current state, and `open` every screen the person may be on in it.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLanguage } from '../components/hooks';
import { languageFromPath } from '../i18n';
import { FINISH } from './reducer';
import { useSession } from './SessionContext';

// The screen of a path: what follows /{language}/ (the whole path without a language
// segment), lower case, so that it compares with `open` in any case.
export function stepOf(pathname) {
  const parts = (pathname || '/').split('/').filter(Boolean);
  if (languageFromPath(pathname)) parts.shift();
  return parts.join('/').toLowerCase();
}

export const isOpen = (journey, step) => journey.open.some((screen) => screen.toLowerCase() === step);

export const screenPath = (language, journey) => `/${language}/${journey.screen}`;

// A page of this UI a sign-in may lead to: a path in a language, of plain segments (the
// server checks it again: never another site, `//host`, a backslash or a control character).
export const isLocalPage = (path) => typeof path === 'string' && path.length <= 200 && /^\/(en|fr)(\/[A-Za-z0-9_-]+)+$/.test(path);

// After a successful call: on to the screen the answer's journey names (keeping the
// redirect address of a journey's last step for the redirect page). A passkey's WebAuthn
// options go along to the next screen in router state, with `state`; so does `resumed`
// when a sign-in or a recovery takes the person back to their unfinished sign-up.
export function useFollow() {
  const language = useLanguage();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { dispatch } = useSession();
  return useCallback(
    (answer, state) => {
      const { journey, redirectTo, publicKey, prototypeUrl } = answer.data || {};
      if (redirectTo) dispatch({ type: FINISH, payload: { redirectTo, flow: journey ? journey.flow : null, prototypeUrl } });
      const resumed = Boolean(journey && journey.flow === 'signup' && !stepOf(pathname).startsWith('signup'));
      const extra = { ...(publicKey ? { publicKey } : {}), ...(resumed ? { resumed } : {}) };
      const carried = Object.keys(extra).length ? { ...extra, ...state } : state;
      navigate(journey ? screenPath(language, journey) : '/', carried ? { state: carried } : undefined);
    },
    [language, navigate, dispatch, pathname],
  );
}
