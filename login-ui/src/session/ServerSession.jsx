// What the server says about this browser session, asked again on every page (a page may
// follow a call, Back/Forward, another tab or a reload): which relying service waits (its
// title is in the header), its login hint, and where each journey stands.
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from '../api/v1';
import { unexpected } from '../components/ShowError';
import { stepOf } from './journey';
import { SERVICE } from './reducer';
import { useSession } from './SessionContext';

const NOTHING = { step: null, language: null, service: null, loginHint: null, journeys: {}, failure: null };
const ServerSessionContext = createContext({ ...NOTHING, serviceName: '' });

export function ServerSessionProvider({ language, children }) {
  const { pathname } = useLocation();
  const { state, dispatch } = useSession();
  const stored = state.userData.language === language ? state.userData.service : null;
  const [answer, setAnswer] = useState(NOTHING);
  const [firstService, setFirstService] = useState({ title: null, language: null });
  const latest = useRef(0);

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
        setAnswer({
          step,
          language,
          service: data.service ? data.service.title : null,
          loginHint: data.loginHint || null,
          journeys: data.journeys || {},
          failure,
        });
      });
  }, [pathname, language]);

  // the first listed service names the header when no service waits (section 3)
  useEffect(() => {
    let live = true;
    api
      .services(language)
      .then((result) => {
        const first = Array.isArray(result.data) && result.data[0];
        if (live && first) setFirstService({ title: first.title, language });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [language]);

  // only titles in the language of the page (the answers for the other one may still be here)
  const inLanguage = (piece, title) => (piece.language === language ? title : null);
  const serviceName = inLanguage(answer, answer.service) || inLanguage(firstService, firstService.title) || stored || '';
  useEffect(() => {
    if (serviceName && serviceName !== stored) dispatch({ type: SERVICE, payload: { service: serviceName, language } });
  }, [serviceName, stored, language, dispatch]);

  return <ServerSessionContext.Provider value={{ ...answer, serviceName }}>{children}</ServerSessionContext.Provider>;
}

// {step, serviceName, loginHint, journeys, failure}; `step` is the page (stepOf) the
// answer was asked for, so a guard knows whether it speaks of the page shown.
export const useServerSession = () => useContext(ServerSessionContext);
