// Client session state of specification section 3, kept in sessionStorage so that a
// reload does not lose the flow.
export const SIGN_UP = 'SIGN_UP';
export const SIGN_IN = 'SIGN_IN';
export const LOG_OUT = 'LOG_OUT';

export const STORAGE_KEY = 'idp.session.v1';

export const initialUserData = Object.freeze({
  service: null,
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
  verificationType: null,
  // added by this UI: which flow the data belongs to, and where the last step sends the user
  flow: null,
  redirectTo: null,
});

export const initialState = Object.freeze({ isAuthenticated: false, userData: initialUserData });

export function sessionReducer(state, action) {
  switch (action.type) {
    // SIGN_UP replaces the user data with the payload.
    case SIGN_UP:
      return {
        isAuthenticated: action.authenticated === undefined ? state.isAuthenticated : !!action.authenticated,
        userData: { ...initialUserData, ...action.payload, flow: 'signup' },
      };
    // SIGN_IN does the same for the sign-in flow. `authenticated: true` marks the last step.
    case SIGN_IN:
      return {
        isAuthenticated: action.authenticated === undefined ? state.isAuthenticated : !!action.authenticated,
        userData: { ...initialUserData, ...action.payload, flow: 'signin' },
      };
    case LOG_OUT:
      return { isAuthenticated: false, userData: { ...initialUserData, language: state.userData.language } };
    default:
      return state;
  }
}

export function loadState(storage = safeStorage()) {
  if (!storage) return initialState;
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return initialState;
    const parsed = JSON.parse(raw);
    return {
      isAuthenticated: !!parsed.isAuthenticated,
      userData: { ...initialUserData, ...(parsed.userData || {}) },
    };
  } catch (e) {
    return initialState;
  }
}

export function saveState(state, storage = safeStorage()) {
  if (!storage) return;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch (e) {
    // storage full or disabled: the flow still works until a reload
  }
}

function safeStorage() {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch (e) {
    return null;
  }
}
