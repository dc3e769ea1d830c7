// The client's own part of the session state of specification section 3, kept in
// sessionStorage so that a reload keeps it. Where a journey stands (the seed's flags
// viewPrivacy, emailValidated, passwordSubmitted, stepVerificationSent, stepVerified,
// passwordValidated, and the trxnId, id, phone and otpType of each step) is the server's:
// the screens read it from GET /v1/session and from each answer (see journey.js).
export const SIGN_IN = 'SIGN_IN';
export const FINISH = 'FINISH';
export const SERVICE = 'SERVICE';
export const LOG_OUT = 'LOG_OUT';
export const DESTINATION = 'DESTINATION';

export const STORAGE_KEY = 'idp.session.v2';

export const initialUserData = Object.freeze({
  // the relying service's title as the header last showed it, and the language it is in
  service: null,
  language: 'en',
  // the e-mail typed at the sign-in entry, which makes no call
  email: null,
  // where the last step of a journey sends the person, and that journey's flow
  redirectTo: null,
  flow: null,
  // test mode's sample person only: the design prototype their success opens
  prototypeUrl: null,
  // the page a signed-out person opened (a link from an e-mail): the sign-in leads there
  next: null,
});

export const initialState = Object.freeze({ userData: initialUserData });

const merge = (state, payload) => ({ userData: { ...state.userData, ...payload } });

export function sessionReducer(state, action) {
  switch (action.type) {
    // payload {email}: the sign-in entry checks the address without a call
    case SIGN_IN:
      return merge(state, { email: action.payload.email });
    // payload {redirectTo, flow, prototypeUrl}: the answer of a journey's last step
    case FINISH:
      return merge(state, { redirectTo: action.payload.redirectTo, flow: action.payload.flow, prototypeUrl: action.payload.prototypeUrl || null, next: null });
    // payload {next}: the page to open once signed in (a local path, or null)
    case DESTINATION:
      return merge(state, { next: action.payload.next });
    // payload {service, language}: shown in the header at once after a reload
    case SERVICE:
      return merge(state, { service: action.payload.service, language: action.payload.language });
    // the person signed out: nothing of theirs stays in the browser
    case LOG_OUT:
      return merge(state, { email: null, redirectTo: null, flow: null, prototypeUrl: null, next: null });
    default:
      return state;
  }
}

const KNOWN = Object.keys(initialUserData);

export function loadState(storage = safeStorage()) {
  if (!storage) return initialState;
  try {
    const stored = JSON.parse(storage.getItem(STORAGE_KEY) || 'null');
    const userData = (stored && stored.userData) || {};
    return { userData: { ...initialUserData, ...Object.fromEntries(KNOWN.filter((k) => k in userData).map((k) => [k, userData[k]])) } };
  } catch {
    return initialState;
  }
}

export function saveState(state, storage = safeStorage()) {
  if (!storage) return;
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled: the flow still works until a reload
  }
}

function safeStorage() {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}
