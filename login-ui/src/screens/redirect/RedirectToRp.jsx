import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { trackEvent } from '../../analytics';
import { Notice } from '../../components/fields';
import { useT } from '../../components/hooks';
import Page from '../../components/Page';
import { useServerSession } from '../../session/ServerSession';
import { useSession } from '../../session/SessionContext';

const PAGE = 'redirectToRp';
export const REDIRECT_DELAY_MS = 1500;

// Only same-origin destinations are followed (the server answers a path such as
// /authorize/resume/<uid>).
export function safeDestination(redirectTo, origin = window.location.origin) {
  if (typeof redirectTo !== 'string' || !redirectTo) return null;
  try {
    const url = new URL(redirectTo, origin);
    return url.origin === origin ? url.href : null;
  } catch (e) {
    return null;
  }
}

// The browser navigation (replaced in tests, where jsdom cannot navigate).
export const redirector = { assign: (url) => window.location.assign(url) };

// /{language}/redirecttorp: "you are signed in", then on to the relying service (the
// redirectTo of a journey's last answer, kept in the browser).
export default function RedirectToRp() {
  const t = useT();
  const { state } = useSession();
  const { serviceName } = useServerSession();
  const destination = safeDestination(state.userData.redirectTo);
  const flow = state.userData.flow || 'signin';
  useEffect(() => {
    if (!destination) return undefined;
    const timer = setTimeout(() => {
      trackEvent({ category: flow, page: PAGE, result: 'redirect_rp', label: 'link' });
      redirector.assign(destination);
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [destination]);
  if (!destination) return <Navigate to="/" replace />;
  const service = serviceName || t('redirect.serviceFallback');
  return (
    <Page pageName={PAGE} title={t('redirect.title')}>
      <Notice kind="success">
        <p>{t('redirect.text', { service })}</p>
      </Notice>
      <p>
        <a href={destination}>{t('redirect.link', { service })}</a>
      </p>
    </Page>
  );
}
