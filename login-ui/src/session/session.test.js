import { isLocalPage, isOpen, screenPath, stepOf } from './journey';
import { DESTINATION, FINISH, initialState, initialUserData, loadState, LOG_OUT, saveState, SERVICE, sessionReducer, SIGN_IN, STORAGE_KEY } from './reducer';

test("the browser keeps only its own part of section 3: service, language, the typed e-mail, the redirect, test mode's prototype link and the page opened signed out", () => {
  expect(initialUserData).toEqual({ service: null, language: 'en', email: null, redirectTo: null, flow: null, prototypeUrl: null, next: null });
});

test('DESTINATION keeps the page a signed-out person opened, until the sign-in finishes', () => {
  const state = sessionReducer(initialState, { type: DESTINATION, payload: { next: '/fr/account/activity' } });
  expect(state.userData.next).toBe('/fr/account/activity');
  expect(sessionReducer(state, { type: FINISH, payload: { redirectTo: '/fr/account/activity', flow: 'signin' } }).userData.next).toBeNull();
});

test.each(['/en/account/activity', '/fr/profilehome'])('%s is a page of this UI a sign-in may lead to', (path) => {
  expect(isLocalPage(path)).toBe(true);
});

test.each(['https://elsewhere.example/en/x', '//elsewhere.example/en', '/\\elsewhere', '/en/a\\b', '/en/a\nb', '/en/../v1', '/v1/logout', '/en', null])(
  '%s is no page a sign-in may lead to',
  (path) => {
    expect(isLocalPage(path)).toBe(false);
  },
);

test('no step of a journey is kept in the browser (the server holds where it stands)', () => {
  const flags = ['viewPrivacy', 'emailValidated', 'passwordSubmitted', 'stepVerificationSent', 'stepVerified', 'passwordValidated', 'trxnId', 'phone', 'id', 'otpType'];
  expect(Object.keys(initialUserData).filter((key) => flags.includes(key))).toEqual([]);
});

test('SIGN_IN keeps the e-mail typed at the sign-in entry', () => {
  expect(sessionReducer(initialState, { type: SIGN_IN, payload: { email: 'a@b.ca' } }).userData.email).toBe('a@b.ca');
});

test('FINISH keeps where the last step sends the person, and its flow', () => {
  const state = sessionReducer(initialState, { type: FINISH, payload: { redirectTo: '/authorize/resume/x', flow: 'signup' } });
  expect(state.userData).toMatchObject({ redirectTo: '/authorize/resume/x', flow: 'signup' });
});

test('SERVICE keeps the header\'s service title with its language', () => {
  const state = sessionReducer(initialState, { type: SERVICE, payload: { service: 'Réservations', language: 'fr' } });
  expect(state.userData).toMatchObject({ service: 'Réservations', language: 'fr' });
});

test('LOG_OUT forgets the person but keeps the service title', () => {
  let state = sessionReducer(initialState, { type: SIGN_IN, payload: { email: 'a@b.ca' } });
  state = sessionReducer(state, { type: FINISH, payload: { redirectTo: '/x', flow: 'signin' } });
  state = sessionReducer(state, { type: SERVICE, payload: { service: 'Reservations', language: 'en' } });
  expect(sessionReducer(state, { type: LOG_OUT }).userData).toEqual({ ...initialUserData, service: 'Reservations' });
});

test('the state survives a reload through sessionStorage', () => {
  const state = sessionReducer(initialState, { type: SIGN_IN, payload: { email: 'a@b.ca' } });
  saveState(state);
  expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY)).userData.email).toBe('a@b.ca');
  expect(loadState()).toEqual(state);
});

test('flags an older version stored are not read back', () => {
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ userData: { email: 'a@b.ca', viewPrivacy: true } }));
  expect(loadState().userData).toEqual({ ...initialUserData, email: 'a@b.ca' });
});

test('a damaged stored state gives the initial state', () => {
  window.sessionStorage.setItem(STORAGE_KEY, '{not json');
  expect(loadState()).toEqual(initialState);
});

describe('journey views', () => {
  const view = { screen: 'signUp/verification/sms', open: ['signUp/verification/sms', 'signUp/verificationsetup'] };
  test('the step of a path is what follows the language, in lower case', () => {
    expect(stepOf('/en/signUp/verification/sms')).toBe('signup/verification/sms');
    expect(stepOf('/fr/profilehome/')).toBe('profilehome');
    expect(stepOf('/password')).toBe('password');
    expect(stepOf('/en')).toBe('');
  });
  test('a step is open when the journey lists it, in any case', () => {
    expect(isOpen(view, 'signup/verificationsetup')).toBe(true);
    expect(isOpen(view, 'signup/password')).toBe(false);
  });
  test('the journey\'s screen is a path in the current language', () => {
    expect(screenPath('fr', view)).toBe('/fr/signUp/verification/sms');
  });
});
