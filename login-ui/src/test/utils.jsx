// Test helpers: render the whole app at a path with a mocked /v1 API that keeps the
// journeys as the server would (GET /v1/session answers them; an answer carrying a
// journey moves it).
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { configureApi } from '../api/v1';
import App from '../App';
import { DEFAULT_POLICY } from '../config';
import en from '../i18n/en.json';
import fr from '../i18n/fr.json';
import { initialUserData } from '../session/reducer';

export const texts = { en, fr };

export const SERVICE = { id: 1, title: 'Reservations', description: '', url: 'http://localhost:5001' };

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

// The screens of each state, as the server's journey view names them (the contract:
// SCREENS of idp/flows/journey.py).
const ASKING = (screen, ...back) => ({ CODE_SENT: [screen, ...back], METHOD_CHOSEN: [screen, ...back] });
const SCREENS = {
  signup: {
    PRIVACY_ACCEPTED: ['signUp', 'signUp/privacy'],
    EMAIL_CODE_SENT: ['signUp/verification/email', 'signUp', 'signUp/privacy'],
    EMAIL_VERIFIED: ['signUp/password', 'signUp', 'signUp/privacy'],
    ACCOUNT_CREATED: ['signUp/verificationsetup'],
    PHONE_CODE_SENT: ['signUp/verification/{otpType}', 'signUp/verificationsetup'],
    PHONE_VERIFIED: ['signUp/profile'],
    COMPLETED: ['redirecttorp'],
  },
  signin: {
    PASSWORD_VERIFIED: ['signIn/selectverification', 'signIn', 'signIn/password'],
    ...ASKING('signIn/verification/{otpType}', 'signIn/selectverification', 'signIn', 'signIn/password'),
    LOST_PHONE_CODE_SENT: ['signIn/lostphone', 'signIn', 'signIn/password'],
    PHONE_RESET_REQUESTED: ['signIn/lostphone/requested', 'signIn', 'signIn/password'],
    COMPLETED: ['redirecttorp', 'signIn', 'signIn/password'],
  },
  recovery: {
    EMAIL_CODE_SENT: ['forgotpassword/checkemail', 'forgotpassword'],
    EMAIL_VERIFIED: ['forgotpassword/verification', 'forgotpassword/accountreset', 'forgotpassword'],
    ...ASKING('forgotpassword/verification', 'forgotpassword/accountreset', 'forgotpassword'),
    SECOND_FACTOR_VERIFIED: ['forgotpassword/newpassword'],
    NO_SECOND_FACTOR: ['forgotpassword/newpassword'],
    COMPLETED: ['redirecttorp'],
    ADDRESS_ONLY: ['forgotpassword/accountreset', 'forgotpassword'],
    ACCOUNT_RESET_REQUESTED: ['forgotpassword/accountreset/requested', 'forgotpassword'],
    ACCOUNT_RESET_DUE: ['forgotpassword/accountreset/delete', 'forgotpassword'],
    ACCOUNT_DELETED: ['account/deleted'],
  },
  email_change: {
    PASSWORD_VERIFIED: ['firstverifyitsyou'],
    ...ASKING('completetwostepverification', 'firstverifyitsyou'),
    REAUTHENTICATED: ['enternewemail'],
    NEW_EMAIL_CODE_SENT: ['checkyouremail', 'enternewemail'],
    NEW_EMAIL_VERIFIED: ['areYouSureUpdateYourEmail', 'enternewemail'],
    COMPLETED: ['youMayUpdateEmailAtOtherPlaces'],
  },
  phone_change: {
    PASSWORD_VERIFIED: ['firstverifyitsyou/phone'],
    ...ASKING('completetwostepverification/phone', 'firstverifyitsyou/phone'),
    REAUTHENTICATED: ['enterNewPhoneNumber'],
    PHONE_CODE_SENT: ['verifynewphone', 'enterNewPhoneNumber'],
    COMPLETED: ['phonechanged'],
  },
  password_change: {
    PASSWORD_VERIFIED: ['firstverifyitsyou/password'],
    ...ASKING('completetwostepverification/password', 'firstverifyitsyou/password'),
    REAUTHENTICATED: ['changepassword'],
    COMPLETED: ['passwordchanged'],
  },
  methods: {
    PASSWORD_VERIFIED: ['firstverifyitsyou/methods'],
    ...ASKING('completetwostepverification/methods', 'firstverifyitsyou/methods'),
    REAUTHENTICATED: ['signinmethods/change', 'signinmethods'],
    APP_PENDING: ['signinmethods/app', 'signinmethods/change'],
    PASSKEY_PENDING: ['signinmethods/passkey', 'signinmethods/change'],
    COMPLETED: ['signinmethods/done', 'signinmethods'],
  },
  account_deletion: {
    PASSWORD_VERIFIED: ['firstverifyitsyou/delete'],
    ...ASKING('completetwostepverification/delete', 'firstverifyitsyou/delete'),
    REAUTHENTICATED: ['account/delete'],
    COMPLETED: ['account/deleted'],
  },
  information: {
    PASSWORD_VERIFIED: ['firstverifyitsyou/download'],
    ...ASKING('completetwostepverification/download', 'firstverifyitsyou/download'),
    REAUTHENTICATED: ['account/download'],
    COMPLETED: ['account/download'],
  },
  passkey: {
    PASSKEY_PENDING: ['signIn'],
    SECOND_FACTOR_VERIFIED: ['signIn/password', 'signIn'],
    COMPLETED: ['redirecttorp', 'signIn'],
  },
};

// A journey view of the server: journey('signup', 'PHONE_CODE_SENT', { otpType: 'sms' }).
export function journey(flow, state, fields = {}) {
  const view = { flow, state, email: null, emailLanguage: null, otpType: null, phone: '', trxnId: null, id: null, resendAfter: 0, methods: [], ...fields };
  const open = SCREENS[flow][state].map((screen) => screen.replace('{otpType}', view.otpType));
  return { ...view, screen: open[0], open };
}

const EMAIL = 'ada@example.com';
const signup = { email: EMAIL, emailLanguage: 'eng' };
const signin = { email: EMAIL, phone: '******0100', otpType: 'sms', methods: ['sms', 'voice'] };
const account = { email: EMAIL, phone: '******0100', otpType: 'sms', methods: ['sms', 'voice'] };
// a person with every method: the app used last
const everything = { ...account, otpType: 'app', methods: ['app', 'sms', 'voice', 'passkey', 'backup'] };
// A reset that waits, as the server says it (idp/flows/screens.py: waiting_reset): the moment
// in the words of each language, in the service's time zone.
const WHEN = {
  en: 'Wednesday, January 2, 2030, 7:00 a.m. (Eastern Standard Time)',
  fr: 'mercredi 2 janvier 2030, 07 h 00 (heure normale de l’Est)',
};
// A text found inside a longer one, its characters taken literally (the moment's parentheses).
export const literally = (text) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
export const WAITING = {
  phone: { kind: 'phone', effectiveAt: '2030-01-02T12:00:00Z', when: WHEN },
  account: { kind: 'account', effectiveAt: '2030-01-02T12:00:00Z', when: WHEN },
};
// the WebAuthn request options a passkey's answer carries (py_webauthn's JSON)
export const PASSKEY_OPTIONS = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }], userVerification: 'preferred' };

// Where the journeys stand after each step of the flows.
export const JOURNEY = {
  signup: {
    privacy: journey('signup', 'PRIVACY_ACCEPTED'),
    emailSent: journey('signup', 'EMAIL_CODE_SENT', { ...signup, otpType: 'email', trxnId: 'T1', resendAfter: 10 }),
    emailVerified: journey('signup', 'EMAIL_VERIFIED', { ...signup, otpType: 'email', trxnId: 'T1' }),
    created: journey('signup', 'ACCOUNT_CREATED', { ...signup, otpType: 'email', trxnId: 'T1', id: 'U1' }),
    phoneSent: journey('signup', 'PHONE_CODE_SENT', { ...signup, otpType: 'sms', phone: '+16135550100', trxnId: 'T2', id: 'U1', resendAfter: 10 }),
    phoneVerified: journey('signup', 'PHONE_VERIFIED', { ...signup, otpType: 'sms', phone: '+16135550100', trxnId: 'T2', id: 'U1' }),
    completed: journey('signup', 'COMPLETED', { ...signup, otpType: 'sms', id: 'U1' }),
  },
  signin: {
    password: journey('signin', 'PASSWORD_VERIFIED', signin),
    everything: journey('signin', 'PASSWORD_VERIFIED', everything),
    codeSent: journey('signin', 'CODE_SENT', { ...signin, trxnId: 'T3', resendAfter: 10 }),
    app: journey('signin', 'METHOD_CHOSEN', { ...everything, otpType: 'app' }),
    backup: journey('signin', 'METHOD_CHOSEN', { ...everything, otpType: 'backup' }),
    passkey: journey('signin', 'METHOD_CHOSEN', { ...everything, otpType: 'passkey' }),
    completed: journey('signin', 'COMPLETED', { ...signin, trxnId: 'T3', methods: [] }),
    // a person whose only strong method is the phone: "I no longer have this phone"
    onlyPhone: journey('signin', 'PASSWORD_VERIFIED', { ...signin, lostPhone: true }),
    lostPhoneSent: journey('signin', 'LOST_PHONE_CODE_SENT', { ...signin, otpType: 'email', trxnId: 'L1', resendAfter: 10, methods: [] }),
    phoneResetRequested: journey('signin', 'PHONE_RESET_REQUESTED', { ...signin, otpType: 'email', methods: [], waitingReset: WAITING.phone }),
    // someone asked the phone's removal: said instead of "I no longer have this phone"
    resetWaiting: journey('signin', 'PASSWORD_VERIFIED', { ...signin, waitingReset: WAITING.phone }),
  },
  recovery: {
    emailSent: journey('recovery', 'EMAIL_CODE_SENT', { email: EMAIL, otpType: 'email', trxnId: 'R1', resendAfter: 10 }),
    phoneSent: journey('recovery', 'CODE_SENT', { ...account, trxnId: 'R2', resendAfter: 10 }),
    app: journey('recovery', 'METHOD_CHOSEN', everything),
    phoneVerified: journey('recovery', 'SECOND_FACTOR_VERIFIED', { ...account, trxnId: 'R2', methods: [] }),
    // the account's deletion: asked by whoever can prove nothing but the address, then due
    deletionWaits: journey('recovery', 'CODE_SENT', { ...account, trxnId: 'R2', resendAfter: 10, waitingReset: WAITING.account }),
    addressOnly: journey('recovery', 'ADDRESS_ONLY', { email: EMAIL, otpType: 'email', methods: [] }),
    resetRequested: journey('recovery', 'ACCOUNT_RESET_REQUESTED', { ...account, methods: [], waitingReset: WAITING.account }),
    resetDue: journey('recovery', 'ACCOUNT_RESET_DUE', { email: EMAIL, otpType: 'email', methods: [], waitingReset: WAITING.account }),
    completed: journey('recovery', 'COMPLETED', { ...account, methods: [] }),
  },
  emailChange: {
    codeSent: journey('email_change', 'CODE_SENT', { ...account, trxnId: 'E1', resendAfter: 10 }),
    reauthenticated: journey('email_change', 'REAUTHENTICATED', { ...account, methods: [] }),
    newEmailSent: journey('email_change', 'NEW_EMAIL_CODE_SENT', { ...account, email: 'ada@new.example.com', otpType: 'email', trxnId: 'E2', resendAfter: 10, methods: [] }),
    newEmailVerified: journey('email_change', 'NEW_EMAIL_VERIFIED', { ...account, email: 'ada@new.example.com', otpType: 'email', methods: [] }),
    completed: journey('email_change', 'COMPLETED', { ...account, email: 'ada@new.example.com', otpType: 'email', methods: [] }),
  },
  phoneChange: {
    codeSent: journey('phone_change', 'CODE_SENT', { ...account, trxnId: 'P0', resendAfter: 10 }),
    reauthenticated: journey('phone_change', 'REAUTHENTICATED', { ...account, methods: [] }),
    newPhoneSent: journey('phone_change', 'PHONE_CODE_SENT', { email: EMAIL, phone: '******0199', otpType: 'sms', trxnId: 'P1', resendAfter: 10 }),
    completed: journey('phone_change', 'COMPLETED', { email: EMAIL, phone: '******0199', otpType: 'sms' }),
  },
  passwordChange: {
    codeSent: journey('password_change', 'CODE_SENT', { ...account, trxnId: 'W1', resendAfter: 10 }),
    reauthenticated: journey('password_change', 'REAUTHENTICATED', { ...account, methods: [] }),
    completed: journey('password_change', 'COMPLETED', { ...account, methods: [] }),
  },
  methods: {
    codeSent: journey('methods', 'CODE_SENT', { ...account, trxnId: 'M1', resendAfter: 10 }),
    passkeyAsked: journey('methods', 'METHOD_CHOSEN', { ...everything, otpType: 'passkey' }),
    reauthenticated: journey('methods', 'REAUTHENTICATED', { ...account, methods: [] }),
    appPending: journey('methods', 'APP_PENDING', { ...account, methods: [] }),
    passkeyPending: journey('methods', 'PASSKEY_PENDING', { ...account, methods: [] }),
    completed: journey('methods', 'COMPLETED', { ...account, methods: [] }),
  },
  deletion: {
    codeSent: journey('account_deletion', 'CODE_SENT', { ...account, trxnId: 'D1', resendAfter: 10 }),
    reauthenticated: journey('account_deletion', 'REAUTHENTICATED', { ...account, methods: [] }),
    completed: journey('account_deletion', 'COMPLETED', { ...account, methods: [] }),
  },
  information: {
    reauthenticated: journey('information', 'REAUTHENTICATED', { ...account, methods: [] }),
    completed: journey('information', 'COMPLETED', { ...account, methods: [] }),
  },
};

// An answer that moved a journey ({...data, journey}), as every such call answers.
export const moved = (view, data = {}) => ok({ ...data, journey: view });

// A code transaction answer (the seed's fields, resendAfter, and where the journey stands).
export const codeSent = (view, { trxnId = 'T9', type = 'emailotp', resendAfter = 20 } = {}) =>
  moved(view, { trxnId, type, state: 'PENDING', retries: 4, resendAfter });

// The signed-in person of the profile tests, as GET /v1/profile answers.
const PROFILE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: EMAIL,
  emailVerified: true,
  phone: '******0100',
  phoneChannel: 'sms',
  language: 'en',
  notifications: 'email',
  services: [SERVICE],
  reset: null,
};

// How the signed-in person of the profile tests signs in, as GET /v1/profile/methods answers:
// the phone only.
export const PHONE_ONLY = { phone: { number: '******0100', channel: 'sms' }, app: null, passkeys: [], backupCodes: null, preferred: 'phone' };

// The days the methods of these tests were added and used, as the server says them in each
// language (idp/moments.py: day_said).
const DAYS_SAID = {
  en: { '2026-03-02': 'March 2, 2026', '2026-03-03': 'March 3, 2026', '2026-03-04': 'March 4, 2026', '2026-03-05': 'March 5, 2026' },
  fr: { '2026-03-02': '2 mars 2026', '2026-03-03': '3 mars 2026', '2026-03-04': '4 mars 2026', '2026-03-05': '5 mars 2026' },
};
const languageOf = (url) => new URL(url, 'http://x').searchParams.get('lang');
const withDaysSaid = (method, language) =>
  method && {
    ...method,
    addedSaid: DAYS_SAID[language][method.addedAt.slice(0, 10)],
    lastUsedSaid: method.lastUsedAt ? DAYS_SAID[language][method.lastUsedAt.slice(0, 10)] : null,
  };

export const signedIn = (routes = {}, profile = {}, methods = PHONE_ONLY) => ({
  'GET /v1/profile': ok({ ...PROFILE, ...profile }),
  'GET /v1/profile/methods': (body, url) =>
    ok({
      ...methods,
      app: withDaysSaid(methods.app, languageOf(url)),
      passkeys: methods.passkeys.map((passkey) => withDaysSaid(passkey, languageOf(url))),
    }),
  ...routes,
});

export const signedOut = { 'GET /v1/profile': fail('29', null, 401) };

// routes: { 'POST /v1/otp/transient_otp/send': ok({...}) | (body, url) => response }
// journeys: where the journeys stand at first ({ signup: JOURNEY.signup.emailSent }).
// service: the relying service waiting for this browser (GET /v1/session's `service`).
export function mockApi(routes = {}, journeys = {}, service = null) {
  const calls = [];
  const server = { journeys: { ...journeys } };
  const defaults = {
    'GET /v1/session': () => ok({ authenticated: false, service, loginHint: null, journeys: server.journeys }),
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
    const moves = answer.body && answer.body.success && answer.body.data && answer.body.data.journey;
    if (moves) server.journeys = { ...server.journeys, [moves.flow]: moves };
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

// path: a path or a location ({pathname, state}); journeys: the server's at first;
// userData: the browser's own session state; config: the shell's configuration block;
// service: the relying service waiting (its title in English).
export async function renderApp(path, { userData, journeys, config, api, service } = {}) {
  configureApi({ apiBase: '/v1', timeoutMs: 15000 });
  const calls = mockApi(api, journeys, service || null);
  const appConfig = { environment: 'production', apiBase: '/v1', policy: DEFAULT_POLICY, ...(config || {}) };
  const initialSession = userData ? { userData: { ...initialUserData, ...userData } } : undefined;
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <App config={appConfig} initialSession={initialSession} />
      <LocationProbe />
    </MemoryRouter>,
  );
  // the header's and the guards' GETs settle inside act()
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

// What a person does on a form: types `value` in the field labelled `label` (when there
// is a value) and presses the button named `button`.
export async function typeAndPress(user, label, value, button) {
  if (value) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole('button', { name: button }));
}

export function storedSession() {
  return JSON.parse(window.sessionStorage.getItem('idp.session.v2') || 'null');
}
