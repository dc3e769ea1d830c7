import { Navigate } from 'react-router-dom';
import { useLanguage } from './hooks';

// An unmet guard sends the person to '/' (section 4), saying why on the home page
// ("Your session ended. Start again.") in the language of the flow they were in: both go
// along in router state, which the home page reads (languageOf, Home).
export default function GoHome({ language }) {
  const current = useLanguage();
  return <Navigate to="/" replace state={{ language: language || current, reason: 'sessionEnded' }} />;
}
