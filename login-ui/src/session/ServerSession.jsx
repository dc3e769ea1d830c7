// What the server says about this browser session, asked again on every page (a page may
// follow a call, Back/Forward, another tab or a reload): which relying service waits (its
// title is in the header), its login hint, and where each journey stands.
import { createContext, startTransition, useContext, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { offerJourney, setService } from '../analytics';
import { api } from '../api/v1';
import { useHydrated } from '../components/hooks';
import { unexpected } from '../components/ShowError';
import { stepOf } from './journey';
import { redirector } from './redirector';
import { SERVICE } from './reducer';
import { useSession } from './SessionContext';

const NOTHING = { step: null, language: null, service: null, loginHint: null, passkeyRequired: false, continueTo: null, journeys: {}, noSession: null, failure: null };

// The screens of a sign-in or a sign-up before any account is made: a tab left on one while
// another tab signed the browser in goes on to its service (the server's followTo: the
// sign-in as it stands answers it) instead of asking the password and a code again.
const FOLLOWS = /^(|signin(\/.*)?|signup|signup\/privacy|signup\/verification\/email)$/;

// Asked again when the person comes back to the tab: another tab may have moved on meanwhile.
function useReturns() {
  const [returns, setReturns] = useState(0);
  useEffect(() => {
    const back = () => {
      if (document.visibilityState === 'visible') setReturns((count) => count + 1);
    };
    document.addEventListener('visibilitychange', back);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('focus', back);
    };
  }, []);
  return returns;
}

const ServerSessionContext = createContext({ ...NOTHING, serviceName: '' });

export function ServerSessionProvider({ language, children }) {
  const { pathname } = useLocation();
  const { state, dispatch } = useSession();
  // The title kept for this tab, once React has taken the page over, deferred as the server's
  // answer is (a transition, below): urgent, it would make React drop a prerendered screen still
  // waiting for its chunk (Privacy) for the loading frame and back.
  const hydrated = useDeferredValue(useHydrated());
  const stored = hydrated && state.userData.language === language ? state.userData.service : null;
  const [answer, setAnswer] = useState(NOTHING);
  const latest = useRef(0);
  const returns = useReturns();

  useEffect(() => {
    const request = (latest.current += 1);
    const step = stepOf(pathname);
    api
      .session(language)
      .then((result) => ({ data: result.data || {}, failure: null }))
      // the server down or silent: whether a journey goes on is unknown (`failure`, shown
      // by the guards as the Error screen); any other refusal: no journey to continue
      .catch((failure) => ({ data: {}, failure: unexpected(failure) ? { status: failure.status, timeout: failure.timeout } : null }))
      .then(({ data, failure }) => {
        if (request !== latest.current) return;
        if (typeof data.followTo === 'string' && data.followTo.startsWith('/authorize/resume/') && FOLLOWS.test(step)) {
          redirector.assign(data.followTo);
          return;
        }
        setService(data.service ? data.service.id : null);
        offerJourney(data.insightJourney);
        // A transition: while a screen rendered at build time waits for its chunk before React
        // takes it over (Privacy), an urgent change of the context around it would make React
        // drop its HTML for the loading frame; this one waits for the take-over instead.
        startTransition(() =>
          setAnswer({
            step,
            language,
            service: data.service ? data.service.title : null,
            loginHint: data.loginHint || null,
            // the waiting service asks a passkey; where a signed-in person goes on to it
            passkeyRequired: data.passkeyRequired === true,
            continueTo: typeof data.continueTo === 'string' ? data.continueTo : null,
            journeys: data.journeys || {},
            // why the browser holds no session (the page expired, or it lost its cookie), as
            // an error of the catalogue
            noSession: data.noSession ? { code: data.noSession.message, data: data.noSession.data || {} } : null,
            failure,
          }),
        );
      });
  }, [pathname, language, returns]);

  // The header names the relying service that waits for this browser, as the server says,
  // and no other: a person who came straight here (their account, a direct sign-in) is
  // signing in to no service. Until the server has answered, the title kept for this tab
  // (sessionStorage) is shown, so that a reload does not flicker.
  const answered = answer.step !== null && answer.language === language;
  const serviceName = answered ? answer.service || '' : stored || '';
  useEffect(() => {
    if (answered && serviceName !== (stored || '')) startTransition(() => dispatch({ type: SERVICE, payload: { service: serviceName || null, language } }));
  }, [answered, serviceName, stored, language, dispatch]);

  // the same value while nothing changed: a new one would be a change of context, too
  const value = useMemo(() => ({ ...answer, serviceName }), [answer, serviceName]);
  return <ServerSessionContext.Provider value={value}>{children}</ServerSessionContext.Provider>;
}

// {step, serviceName, loginHint, passkeyRequired, continueTo, journeys, noSession, failure}; `step` is the page (stepOf) the
// answer was asked for, so a guard knows whether it speaks of the page shown.
export const useServerSession = () => useContext(ServerSessionContext);
