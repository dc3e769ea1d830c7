import { canOpen } from './guards';
import { initialState, initialUserData, loadState, LOG_OUT, saveState, sessionReducer, SIGN_IN, SIGN_UP, STORAGE_KEY } from './reducer';

test('the initial state follows section 3', () => {
  expect(initialState.isAuthenticated).toBe(false);
  expect(initialUserData).toMatchObject({
    language: 'en',
    email: null,
    emailLanguage: null,
    emailValidated: false,
    trxnId: null,
    passwordSubmitted: false,
    phone: null,
    stepVerificationSent: false,
    stepVerified: false,
    viewPrivacy: false,
    id: null,
    otpType: null,
    passwordValidated: false,
  });
});

test('SIGN_UP replaces the user data with the payload', () => {
  const before = sessionReducer(initialState, { type: SIGN_UP, payload: { email: 'a@b.ca', trxnId: 'T' } });
  const after = sessionReducer(before, { type: SIGN_UP, payload: { viewPrivacy: true } });
  expect(after.userData).toMatchObject({ viewPrivacy: true, email: null, trxnId: null, flow: 'signup' });
});

test('SIGN_IN replaces the user data and can mark the session authenticated', () => {
  const state = sessionReducer(initialState, { type: SIGN_IN, payload: { email: 'a@b.ca' }, authenticated: true });
  expect(state).toMatchObject({ isAuthenticated: true, userData: { email: 'a@b.ca', flow: 'signin' } });
});

test('LOG_OUT resets the state', () => {
  const signedIn = sessionReducer(initialState, { type: SIGN_IN, payload: { email: 'a@b.ca' }, authenticated: true });
  expect(sessionReducer(signedIn, { type: LOG_OUT })).toEqual({ isAuthenticated: false, userData: initialUserData });
});

test('the state survives a reload through sessionStorage', () => {
  const state = sessionReducer(initialState, { type: SIGN_UP, payload: { viewPrivacy: true } });
  saveState(state);
  expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY)).userData.viewPrivacy).toBe(true);
  expect(loadState()).toEqual(state);
});

test('a damaged stored state gives the initial state', () => {
  window.sessionStorage.setItem(STORAGE_KEY, '{not json');
  expect(loadState()).toEqual(initialState);
});

describe('sign-up guards: each step needs the previous ones', () => {
  const u = (data) => ({ ...initialUserData, flow: 'signup', ...data });
  const privacy = u({ viewPrivacy: true });
  const sent = { ...privacy, email: 'a@b.ca', trxnId: 'T', otpType: 'email' };
  const validated = { ...sent, emailValidated: true };
  const created = { ...validated, passwordSubmitted: true, id: 'U' };
  const phoneSent = { ...created, stepVerificationSent: true, phone: '+16135550100', otpType: 'sms' };
  const verified = { ...phoneSent, stepVerified: true };

  test('the privacy notice is always open', () => expect(canOpen('signup', 'privacy', initialUserData)).toBe(true));
  test('the e-mail step needs viewPrivacy', () => {
    expect(canOpen('signup', 'email', u({}))).toBe(false);
    expect(canOpen('signup', 'email', privacy)).toBe(true);
  });
  test('the e-mail code step needs a sent e-mail code', () => {
    expect(canOpen('signup', 'verification', privacy, 'email')).toBe(false);
    expect(canOpen('signup', 'verification', sent, 'email')).toBe(true);
  });
  test('the password step needs emailValidated', () => {
    expect(canOpen('signup', 'password', sent)).toBe(false);
    expect(canOpen('signup', 'password', validated)).toBe(true);
  });
  test('phone setup needs passwordSubmitted and an id', () => {
    expect(canOpen('signup', 'verificationsetup', validated)).toBe(false);
    expect(canOpen('signup', 'verificationsetup', created)).toBe(true);
  });
  test('phone code step needs stepVerificationSent, for the type sent', () => {
    expect(canOpen('signup', 'verification', created, 'sms')).toBe(false);
    expect(canOpen('signup', 'verification', phoneSent, 'sms')).toBe(true);
    expect(canOpen('signup', 'verification', phoneSent, 'voice')).toBe(false);
  });
  test('the profile step needs stepVerified', () => {
    expect(canOpen('signup', 'profile', phoneSent)).toBe(false);
    expect(canOpen('signup', 'profile', verified)).toBe(true);
  });
  test('sign-up steps do not open from a sign-in session', () => {
    expect(canOpen('signup', 'password', { ...validated, flow: 'signin' })).toBe(false);
  });
});

describe('sign-in guards', () => {
  const u = (data) => ({ ...initialUserData, flow: 'signin', ...data });
  test('password needs a valid e-mail', () => {
    expect(canOpen('signin', 'password', u({ email: 'bad' }))).toBe(false);
    expect(canOpen('signin', 'password', u({ email: 'a@b.ca' }))).toBe(true);
  });
  test('the verification steps need a validated password plus phone and id', () => {
    const base = u({ email: 'a@b.ca', passwordValidated: true, phone: '******1234', id: 'U' });
    expect(canOpen('signin', 'selectverification', { ...base, id: null })).toBe(false);
    expect(canOpen('signin', 'selectverification', base)).toBe(true);
    expect(canOpen('signin', 'verification', { ...base, trxnId: 'T', otpType: 'sms' }, 'sms')).toBe(true);
    expect(canOpen('signin', 'verification', { ...base, trxnId: 'T', otpType: 'sms', passwordValidated: false }, 'sms')).toBe(false);
  });
  test('sign-in has no e-mail code step', () => {
    expect(canOpen('signin', 'verification', u({ email: 'a@b.ca', otpType: 'email', trxnId: 'T' }), 'email')).toBe(false);
  });
});
