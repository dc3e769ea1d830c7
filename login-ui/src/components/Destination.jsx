// Where a finished journey goes on to: the redirectTo of its last answer (kept in the
// browser), named as it really is. A relying service waits only while GET /v1/session
// still says so (its `service`, asked for each page before any hand-off): the resume
// address then goes to that service. Otherwise the person goes to their account: the page of
// it they opened signed out (a local page the server answers), else their profile; never to
// a service that does not wait.
import { useLocation } from 'react-router-dom';
import { isLocalPage, stepOf } from '../session/journey';
import { useServerSession } from '../session/ServerSession';
import { useSession } from '../session/SessionContext';
import { usePath, useT } from './hooks';

const RESUME = '/authorize/resume/';

// Only same-origin destinations are followed (the server answers a path such as
// /authorize/resume/<uid>).
export function safeDestination(redirectTo, origin = window.location.origin) {
  if (typeof redirectTo !== 'string' || !redirectTo) return null;
  try {
    const url = new URL(redirectTo, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

// {href, label, service, flow} of the page's destination; null without one, undefined
// until the server has answered for this page.
export function useDestination() {
  const t = useT();
  const path = usePath();
  const { pathname } = useLocation();
  const { state } = useSession();
  const server = useServerSession();
  if (server.step !== stepOf(pathname)) return undefined;
  const href = safeDestination(state.userData.redirectTo);
  if (!href) return null;
  const flow = state.userData.flow || 'signin';
  if (new URL(href).pathname.startsWith(RESUME) && server.service) {
    return { href, service: server.service, flow, label: t('redirect.continueTo', { service: server.service }) };
  }
  const { pathname: page } = new URL(href);
  return { href: isLocalPage(page) ? page : path('profilehome'), service: null, flow, label: t('redirect.continueToAccount') };
}

// "Continue to <the service>" / "Continue to your account", as a button-styled link
// (secondary where another action comes first).
export function ContinueLink({ destination, secondary = false }) {
  return (
    <a className={`button ${secondary ? 'button--secondary' : 'button--link'}`} href={destination.href}>
      {destination.label}
    </a>
  );
}
