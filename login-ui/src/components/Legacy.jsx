import { Navigate, useLocation } from 'react-router-dom';
import { browserLanguage, fromCorrespondence } from '../i18n';
import { useServerSession } from '../session/ServerSession';
import { stepOf } from '../session/journey';
import GoHome, { whyNoJourney } from './GoHome';
import ShowError from './ShowError';

// Older non-prefixed paths: their prefixed form, in the language of the sign-up the server
// holds (a French flow stays French), else the browser's. /password and /verification go
// to the screen of the sign-up or sign-in journey the server holds.
const journeyScreen = (journeys, matches) =>
  ['signup', 'signin'].map((flow) => journeys[flow]).find((journey) => journey && matches(journey));

const TARGETS = {
  '/signup': () => 'signUp',
  '/signup/privacy': () => 'signUp/privacy',
  '/signup/verification/email': () => 'signUp/verification/email',
  '/signup/verificationsetup': () => 'signUp/verificationsetup',
  '/signup/profile': () => 'signUp/profile',
  '/signin': () => 'signIn',
  '/signin/selectverification': () => 'signIn/selectverification',
  '/password': (journeys) => {
    const found = journeyScreen(journeys, (j) => j.open.some((screen) => /^sign(Up|In)\/password$/.test(screen)));
    return found && found.flow === 'signup' ? 'signUp/password' : 'signIn/password';
  },
  '/verification': (journeys) => {
    const found = journeyScreen(journeys, (j) => /\/verification\//.test(j.screen));
    return found ? found.screen : null;
  },
};

export default function Legacy({ from }) {
  const { pathname } = useLocation();
  const server = useServerSession();
  // the server's answer for this path first
  if (server.step !== stepOf(pathname)) return null;
  if (server.failure) return <ShowError failure={server.failure} />;
  const target = TARGETS[from](server.journeys);
  const signup = server.journeys.signup;
  const language = signup && signup.emailLanguage ? fromCorrespondence(signup.emailLanguage) : browserLanguage();
  return target ? <Navigate to={`/${language}/${target}`} replace /> : <GoHome language={language} why={whyNoJourney(server)} />;
}
