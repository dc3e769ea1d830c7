import { Fragment, useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { canOpen } from '../session/guards';
import { useSession } from '../session/SessionContext';
import { normalizeFlow } from './hooks';

// Renders its screen only when the session meets the guard of section 4, else goes to '/'.
// The guard is computed once per path so that a state change just before a navigation
// does not bounce the user. The screen is remounted on a new step, but not when only the
// language segment changes: the language toggle keeps what the person typed.
export default function Guard({ screen, children }) {
  const location = useLocation();
  const params = useParams();
  const { state } = useSession();
  const flow = normalizeFlow(params.flow);
  const allowed = useMemo(
    () => flow !== null && canOpen(flow, screen, state.userData, params.type),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.pathname],
  );
  if (!allowed) return <Navigate to="/" replace />;
  const step = location.pathname.split('/').slice(2).join('/');
  return <Fragment key={step}>{children}</Fragment>;
}
