import { Navigate, useLocation } from 'react-router-dom';
import { useLanguage } from './hooks';

// A failure no form can show the person: the server answered 5xx (503 while its database
// is down) or nothing at all (network, time limit). A refusal (4xx) is not one: the
// screens say what it means.
export const unexpected = (failure) => Boolean(failure) && (Boolean(failure.timeout) || failure.status >= 500);

// Sends the person to the generic Error screen (section 2), saying which of the two it
// was, with the page they were on so that "Try again" goes back there.
export default function ShowError({ failure }) {
  const language = useLanguage();
  const { pathname, search } = useLocation();
  const reason = failure && failure.timeout ? 'noAnswer' : 'unavailable';
  return <Navigate to={`/${language}/error`} replace state={{ reason, from: `${pathname}${search}` }} />;
}
