// Test helpers: render the whole app at a path with a mocked /v1 API.
import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { configureApi } from '../api/v1';
import App from '../App';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import { initialUserData } from '../session/reducer';

export const texts = { en, fr };

export const SERVICE = { id: 1, title: 'Reservations', description: '', url: 'http://localhost:5001' };
export const SERVICE_FR = { id: 1, title: 'Réservations', description: '', url: 'http://localhost:5001' };

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
    </output>
  );
}

export function ok(data = {}) {
  return { status: 200, body: { success: true, message: '', data } };
}
export function fail(message, data = null, status = 400) {
  return { status, body: { success: false, message, data } };
}
// a request that never answers (the client's time limit makes it a timeout)
export const NO_ANSWER = { never: true };

// routes: { 'POST /v1/otp/transient_otp/send': ok({...}) | (body, url) => response }
export function mockApi(routes = {}) {
  const calls = [];
  const defaults = {
    'GET /v1/session': (body, url) => ok({ authenticated: false, service: null, loginHint: null, url }),
    'GET /v1/services': (body, url) => ok([url.includes('lang=fr') ? SERVICE_FR : SERVICE]),
    'GET /v1/password/policy': ok({ pwdMinLength: 12, pwdMaxLength: 65 }),
  };
  const table = { ...defaults, ...routes };
  global.fetch = jest.fn((url, init = {}) => {
    const method = init.method || 'GET';
    const path = url.split('?')[0];
    const body = init.body ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, url, body, init });
    let answer = table[`${method} ${path}`];
    if (typeof answer === 'function') answer = answer(body, url);
    if (!answer) answer = fail('30', null, 404);
    if (answer.never) return new Promise(() => {});
    return Promise.resolve({
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      json: () => Promise.resolve(answer.body),
    });
  });
  // calls made to the API other than the header's GETs
  calls.posts = () => calls.filter((c) => c.method === 'POST');
  return calls;
}

export function session(userData = {}, isAuthenticated = false) {
  return { isAuthenticated, userData: { ...initialUserData, ...userData } };
}

// Sessions reached after each step of the flows (section 4).
export const SIGNUP = {
  privacy: { flow: 'signup', viewPrivacy: true, emailLanguage: 'eng' },
};
SIGNUP.emailSent = { ...SIGNUP.privacy, email: 'ada@example.com', trxnId: 'T1', otpType: 'email', verificationType: 'email' };
SIGNUP.emailValidated = { ...SIGNUP.emailSent, emailValidated: true };
SIGNUP.created = { ...SIGNUP.emailValidated, id: 'U1', passwordSubmitted: true };
SIGNUP.phoneSent = { ...SIGNUP.created, phone: '+16135550100', otpType: 'sms', verificationType: 'sms', trxnId: 'T2', stepVerificationSent: true };
SIGNUP.phoneVerified = { ...SIGNUP.phoneSent, stepVerified: true };

export const SIGNIN = { email: { flow: 'signin', email: 'ada@example.com' } };
SIGNIN.password = { ...SIGNIN.email, id: 'U1', phone: '******0100', otpType: 'sms', verificationType: 'sms', passwordValidated: true };
SIGNIN.codeSent = { ...SIGNIN.password, trxnId: 'T3' };

export async function renderApp(path, { userData, isAuthenticated, config, api } = {}) {
  configureApi({ apiBase: '/v1', timeoutMs: 15000 });
  const calls = mockApi(api);
  const appConfig = { environment: 'production', apiBase: '/v1', ...(config || {}) };
  const initialSession = userData ? session(userData, isAuthenticated) : undefined;
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <App config={appConfig} initialSession={initialSession} />
      <LocationProbe />
    </MemoryRouter>,
  );
  // the header's GET /v1/session and /v1/services settle inside act()
  await flush();
  return { ...utils, calls, location: () => utils.getByTestId('location').textContent };
}

// lets pending promises (mocked fetches) settle; uses no timer, so it also works
// with jest.useFakeTimers()
export async function flush() {
  await act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
}

export function storedSession() {
  return JSON.parse(window.sessionStorage.getItem('idp.session.v1') || 'null');
}
