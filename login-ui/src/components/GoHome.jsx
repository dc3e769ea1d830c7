import { Navigate } from 'react-router-dom';
import { ERRORS } from '../i18n/errors';
import { useLanguage } from './hooks';

// An unmet guard sends the person to '/' (section 4), saying why on the home page in the
// language of the flow they were in: `why` is the server's cause, an error of the catalogue
// (another tab or window moved the journey on, the page expired, the browser lost its
// session); `next` is the page a signed-out person opened, where signing in leads. Both go
// along in router state, which the home page reads (languageOf, Home).
export default function GoHome({ language, why = null, next = null }) {
  const current = useLanguage();
  return <Navigate to="/" replace state={{ language: language || current, why, next }} />;
}

// Why a journey's page finds no journey: the server's word when the browser holds no
// session, else another tab or window moved the journey on (or ended it).
export const whyNoJourney = (server) => server.noSession || { code: ERRORS.STEP_OUT_OF_ORDER };
