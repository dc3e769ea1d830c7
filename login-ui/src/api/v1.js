// Client of the /v1 JSON API. Every answer is the envelope {success, message, data};
// failures are non-2xx with success:false and message a catalogue code.
import { readConfig } from '../config';
import ERRORS from '../i18n/errorCodes.json';
import { PROOF_HEADER, solve } from './proofOfWork';

const DEFAULT_TIMEOUT_MS = 15000;

export class ApiError extends Error {
  constructor({ message = null, data = null, status = 0, timeout = false } = {}) {
    super(message || (timeout ? 'timeout' : ''));
    this.name = 'ApiError';
    // `message` stays null when the server did not answer one (timeout, network, bad body)
    this.message = message || '';
    this.data = data;
    this.status = status;
    this.timeout = timeout;
  }
}

let settings = { apiBase: null, timeoutMs: DEFAULT_TIMEOUT_MS };

export function configureApi(next) {
  settings = { ...settings, ...next };
}

function apiBase() {
  if (settings.apiBase == null) settings.apiBase = readConfig().apiBase || '/v1';
  return settings.apiBase.replace(/\/$/, '');
}

export async function request(method, path, body, { headers = {}, base } = {}) {
  const controller = typeof AbortController !== 'undefined' ? new AbortController() : null;
  const timer = setTimeout(() => {
    if (controller) controller.abort();
  }, settings.timeoutMs);
  const url = `${base != null ? base : apiBase()}${path}`;
  let response;
  try {
    const init = {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...headers },
      signal: controller ? controller.signal : undefined,
    };
    if (body !== undefined) init.body = JSON.stringify(body);
    const pending = fetch(url, init);
    response = await Promise.race([
      pending,
      new Promise((_, reject) => {
        // also covers fetch implementations that ignore the abort signal
        if (controller) controller.signal.addEventListener('abort', () => reject(new Error('abort')));
      }),
    ]);
  } catch {
    clearTimeout(timer);
    // no answer (time limit reached or network failure) counts as a timeout
    throw new ApiError({ timeout: true });
  }
  clearTimeout(timer);
  let envelope = null;
  try {
    envelope = await response.json();
  } catch {
    envelope = null;
  }
  if (!response.ok || !envelope || envelope.success === false) {
    // asked a proof of work: solved and sent again, once
    if (envelope && envelope.message === ERRORS.PROOF_OF_WORK_REQUIRED && !headers[PROOF_HEADER]) {
      const answer = await solve(envelope.data && envelope.data.challenge);
      if (answer) return request(method, path, body, { headers: { ...headers, [PROOF_HEADER]: answer }, base });
    }
    throw new ApiError({
      message: envelope && typeof envelope.message === 'string' ? envelope.message : null,
      data: envelope ? envelope.data : null,
      status: response.status,
    });
  }
  return envelope;
}

// A step may open the browser's session (the first screen's passkey request, the sign-in, the
// privacy notice, a recovery), whose cookie comes with its answer. Two sent together opened two
// sessions, and the second could not take the service's waiting request the first had taken: it
// was refused as a page out of date. So each step goes once the one before has its answer (or failed).
let previousStep = Promise.resolve();
const post = (path, body) => {
  const step = previousStep.then(() => request('POST', path, body || {}));
  previousStep = step.catch(() => undefined);
  return step;
};
const get = (path, options) => request('GET', path, undefined, options);

export const api = {
  requestPasswordPolicy: () => get('/password/policy'),
  // {authenticated, service, loginHint, journeys}: where each journey of this browser stands
  session: (lang) => get(`/session?lang=${lang}`),
  // starts a sign-up: the privacy notice was accepted
  signupPrivacy: () => post('/signup/privacy', {}),
  transientOtpSend: ({ userName, otpType, phoneNumber, language }) =>
    post('/otp/transient_otp/send', { userName, otpType, phoneNumber, language }),
  transientOtpVerify: ({ userName, otpType, otp, trxnId }) =>
    post('/otp/transient_otp/verify', { userName, otpType, otp, trxnId }),
  create: ({ userName, password, trxnId }) => post('/users/create', { userName, password, trxnId }),
  createCoreProfile: ({ userName, firstName, lastName, id, language }) =>
    post('/users/createcoreprofile', { userName, firstName, lastName, id, language }),
  // afterPasskey: a passkey without user verification came first (the server's journey decides)
  login: ({ userName, password, next, afterPasskey }) =>
    post('/otp/users/login', { userName, password, ...(next ? { next } : {}), ...(afterPasskey ? { afterPasskey } : {}) }),
  // the first screen's passkey: options for any passkey of this site, then its answer
  signinPasskeyOptions: () => post('/signin/passkey/options', {}),
  signinPasskeyVerify: ({ credential, next }) => post('/signin/passkey/verify', { credential, ...(next ? { next } : {}) }),
  otpSend: ({ userName, otpType, phone }) => post('/otp/otp/send', { userName, otpType, phone }),
  // otp: a code; credential: a passkey's answer (navigator.credentials.get())
  otpVerify: ({ userName, otpType, otp, trxnId, credential }) =>
    post('/otp/otp/verify', { userName, otpType, otp, trxnId, credential }),
  // "I no longer have this phone": a code to the address, then the removal asked
  lostPhoneSend: ({ userName }) => post('/otp/lostphone/send', { userName }),
  lostPhoneVerify: ({ userName, otp, trxnId }) => post('/otp/lostphone/verify', { userName, otp, trxnId }),
  // the link of the notices of a reset (a lost phone's removal, the account's deletion)
  resetCancel: ({ token }) => post('/resets/cancel', { token }),
  profileResetCancel: () => post('/profile/reset/cancel', {}),
  logout: () => post('/logout', {}),
  // profile: the person is the one of the server session, never an id sent from here
  profile: (lang) => get(`/profile?lang=${lang}`),
  profileName: ({ firstName, lastName }) => post('/profile/name', { firstName, lastName }),
  profileLanguage: ({ language }) => post('/profile/language', { language }),
  // proving it is you before a change (email, phone, password or methods): the password,
  // then the second factor ({otp} or {credential})
  reauthenticatePassword: (change, { password }) => post(`/profile/${change}/password`, { password }),
  reauthenticateCodeSend: (change, { otpType }) => post(`/profile/${change}/code/send`, { otpType }),
  reauthenticateCodeVerify: (change, { otp, credential }) => post(`/profile/${change}/code/verify`, { otp, credential }),
  profileEmailNew: ({ email }) => post('/profile/email/new', { email }),
  profileEmailNewVerify: ({ otp }) => post('/profile/email/new/verify', { otp }),
  profileEmailConfirm: () => post('/profile/email/confirm', {}),
  profilePhone: ({ phoneNumber, otpType }) => post('/profile/phone', { phoneNumber, otpType }),
  profilePhoneVerify: ({ otp }) => post('/profile/phone/verify', { otp }),
  profilePasswordNew: ({ password }) => post('/profile/password/new', { password }),
  // how you sign in
  profileMethods: (lang) => get(`/profile/methods?lang=${lang}`),
  methodsApp: () => post('/profile/methods/app', {}),
  methodsAppConfirm: ({ otp }) => post('/profile/methods/app/confirm', { otp }),
  methodsBackupCodes: () => post('/profile/methods/backup-codes', {}),
  methodsPasskey: () => post('/profile/methods/passkey', {}),
  methodsPasskeyRegister: ({ credential, name }) => post('/profile/methods/passkey/register', { credential, name }),
  methodsRemove: ({ method, id }) => post('/profile/methods/remove', { method, id }),
  // the account pages: where the person is signed in (a page at a time: after = the last page's next)
  accountSessions: (lang, after) => get(`/account/sessions?lang=${lang}${after ? `&after=${encodeURIComponent(after)}` : ''}`),
  accountSessionEnd: ({ session }) => post('/account/sessions/end', { session }),
  accountSessionsEndOthers: () => post('/account/sessions/end-others', {}),
  accountServices: (lang) => get(`/account/services?lang=${lang}`),
  accountServiceDisconnect: ({ service }) => post('/account/services/disconnect', { service }),
  // what happened on the account, newest first (a page at a time), and "This wasn't me"
  accountActivity: (lang, after) => get(`/account/activity?lang=${lang}${after ? `&after=${encodeURIComponent(after)}` : ''}`),
  accountActivityNotMe: ({ event }) => post('/account/activity/not-me', { event }),
  // after the proof (reauthenticate*('delete' | 'download'))
  accountDelete: () => post('/account/delete', {}),
  accountInformation: (lang) => post(`/account/information?lang=${lang}`, {}),
  // password recovery ("I forgot my password")
  recoverySend: ({ userName, language }) => post('/recovery/send', { userName, language }),
  recoveryVerify: ({ otp }) => post('/recovery/verify', { otp }),
  // "I can't use any of these": the account's deletion asked, then (once due) done
  recoveryAccountReset: () => post('/recovery/accountreset', {}),
  recoveryAccountResetDelete: () => post('/recovery/accountreset/delete', {}),
  recoveryCodeSend: ({ otpType }) => post('/recovery/code/send', { otpType }),
  recoveryCodeVerify: ({ otp, credential }) => post('/recovery/code/verify', { otp, credential }),
  recoveryPassword: ({ password }) => post('/recovery/password', { password }),
  devOutbox: () => request('GET', '/dev/outbox.json', undefined, { base: '' }),
};

// The bounds the server answers, or `fallback` when its call fails (section 8: 12 and 65
// by default, the shell's policy in practice).
export async function fetchPasswordPolicy(fallback) {
  try {
    const answer = await api.requestPasswordPolicy();
    const { pwdMinLength, pwdMaxLength } = answer.data || {};
    if (Number.isInteger(pwdMinLength) && Number.isInteger(pwdMaxLength)) {
      return { pwdMinLength, pwdMaxLength };
    }
  } catch {
    // fall through
  }
  return { pwdMinLength: fallback.pwdMinLength, pwdMaxLength: fallback.pwdMaxLength };
}
