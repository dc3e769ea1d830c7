import { createContext, useContext, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isOpen, screenPath, stepOf } from '../session/journey';
import { useServerSession } from '../session/ServerSession';
import GoHome, { whyNoJourney } from './GoHome';
import ShowError from './ShowError';
import { useLanguage } from './hooks';

const JourneyContext = createContext({ journey: null, update: () => {} });

// The journey view of the guarded screen (what it shows: email, phone, otpType, trxnId,
// id, resendAfter...): the server's newest answer for this page. The page is opened with
// what GET /v1/session said; a call that moves the journey without leaving the page (a new
// code asked) brings a newer view, and the screen answers that one: the server is the
// authority on which code it waits for.
export const useJourney = () => useContext(JourneyContext).journey;

// Hands the guard a newer view of its journey (the `journey` of an answer).
export const useJourneyUpdate = () => useContext(JourneyContext).update;

function Journey({ opened, children }) {
  const [newer, setNewer] = useState(null);
  const journey = newer && opened && newer.flow === opened.flow ? newer : opened;
  return <JourneyContext.Provider value={{ journey, update: setNewer }}>{children}</JourneyContext.Provider>;
}

// A screen of a journey (flow: signup, signin, recovery, email_change, phone_change) opens
// when the server says the person may be on it: its path is in the journey's `open`.
// Another screen of a journey that exists (Back or Forward after a step) is replaced by
// the journey's own screen; without a journey, the person goes to '/' (section 4), told the
// server's cause;
// when the server could not answer, to the Error screen.
// `entry` opens the screen without a journey too (the sign-in password after the e-mail
// was typed, the new e-mail address after a recent sign-in).
// The screen remounts on a new step, but not when only the language segment changes:
// the language toggle keeps what the person typed.
export default function Guard({ flow, entry = false, children }) {
  const { pathname } = useLocation();
  const language = useLanguage();
  const server = useServerSession();
  const step = stepOf(pathname);
  // until the server has answered for this page
  if (server.step !== step) return null;
  if (server.failure) return <ShowError failure={server.failure} />;
  const journey = server.journeys[flow] || null;
  const shown = entry || (journey && isOpen(journey, step));
  if (!shown) return journey ? <Navigate to={screenPath(language, journey)} replace /> : <GoHome why={whyNoJourney(server)} />;
  return (
    <Journey key={step} opened={journey}>
      {children}
    </Journey>
  );
}
