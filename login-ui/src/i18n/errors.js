// Error texts by catalogue code (specification section 8 and the server contract).
// A server failure's message is a code: its text comes from the catalogue in the current
// language; an unknown message is shown as it is; no message at all gives the code 7 text.
// The code names (errorCodes.json) are generated from the server's idp/errors.py.
import { DEFAULT_POLICY } from '../config';
import ERRORS from './errorCodes.json';

export { ERRORS };

const hasMessage = (intl, id) => Object.prototype.hasOwnProperty.call(intl.messages, id);
const positive = (value) => Number.isFinite(Number(value)) && Number(value) > 0;
const EMAIL_REASONS = ['characters', 'domain', 'length'];
const PASSWORD_REASONS = ['breached', 'common', 'sequence', 'repeat', 'personal', 'weak'];

export function passwordLengthText(intl, { pwdMinLength = DEFAULT_POLICY.pwdMinLength, pwdMaxLength = DEFAULT_POLICY.pwdMaxLength } = {}) {
  // prefix (5) + min + joining word (12) + max + suffix (13)
  return [
    intl.formatMessage({ id: 'error.5' }),
    pwdMinLength,
    intl.formatMessage({ id: 'error.12' }),
    pwdMaxLength,
    intl.formatMessage({ id: 'error.13' }),
  ].join('');
}

// The texts whose words depend on the error's data (or on the policy).
const BUILDERS = {
  [ERRORS.PASSWORD_LENGTH]: (intl, data, policy) => passwordLengthText(intl, { ...policy, ...data }),
  [ERRORS.INVALID_CODE_FORMAT]: (intl, data, policy) =>
    intl.formatMessage({ id: 'error.3' }, { codeLength: policy.codeLength }),
  [ERRORS.PHONE_DIGITS]: (intl, data) =>
    data.digits
      ? `${intl.formatMessage({ id: 'error.8' })}${data.digits}${intl.formatMessage({ id: 'error.9' })}`
      : intl.formatMessage({ id: 'error.22' }),
  // an address without a single "@" between two parts has the catalogue's text; others say what is wrong
  [ERRORS.INVALID_EMAIL]: (intl, data) =>
    intl.formatMessage({ id: EMAIL_REASONS.includes(data.reason) ? `error.2.${data.reason}` : 'error.2' }),
  // an empty required name (the last name) or a name refused for its characters
  [ERRORS.INVALID_NAME]: (intl, data) =>
    intl.formatMessage({ id: data.reason === 'invalid' ? 'error.11.invalid' : 'error.11' }),
  [ERRORS.TOO_MANY_CODES]: (intl, data) => waitInMinutes(intl, ERRORS.TOO_MANY_CODES, data),
  [ERRORS.TOO_MANY_PASSWORD_TRIES]: (intl, data) => waitInMinutes(intl, ERRORS.TOO_MANY_PASSWORD_TRIES, data),
  [ERRORS.PHONE_SENDING_PAUSED]: (intl, data) => waitInMinutes(intl, ERRORS.PHONE_SENDING_PAUSED, data),
  // the day of an address (data.channel email) or a phone number (sms, voice): what to do, and when it ends
  [ERRORS.DESTINATION_DAY_SPENT]: (intl, data) => {
    const kind = { email: 'email', sms: 'phone', voice: 'phone' }[data.channel];
    return kind && positive(data.retryAfter)
      ? intl.formatMessage({ id: `error.${ERRORS.DESTINATION_DAY_SPENT}.${kind}` }, { hours: hoursOf(data.retryAfter) })
      : intl.formatMessage({ id: `error.${ERRORS.DESTINATION_DAY_SPENT}` });
  },
  // a number refused for its country (naming those the channel serves) or its kind
  [ERRORS.PHONE_NUMBER_REFUSED]: (intl, data) => {
    const code = ERRORS.PHONE_NUMBER_REFUSED;
    if (data.reason === 'country' && Array.isArray(data.countries) && data.countries.length) {
      return intl.formatMessage({ id: `error.${code}.country` }, { channel: data.channel, countries: countryNames(intl, data.countries) });
    }
    const kind = `error.${code}.${data.reason}`;
    return intl.formatMessage({ id: data.reason !== 'country' && hasMessage(intl, kind) ? kind : `error.${code}` });
  },
  [ERRORS.EMAIL_SENDING_PAUSED]: (intl, data) =>
    positive(data.retryAfter)
      ? intl.formatMessage({ id: `error.${ERRORS.EMAIL_SENDING_PAUSED}.wait` }, { hours: hoursOf(data.retryAfter) })
      : intl.formatMessage({ id: `error.${ERRORS.EMAIL_SENDING_PAUSED}` }),
  [ERRORS.PASSWORD_TOO_EASY]: (intl, data) => {
    const reason = PASSWORD_REASONS.includes(data.reason) ? data.reason : 'weak';
    return `${intl.formatMessage({ id: 'error.21' })} ${intl.formatMessage({ id: `error.21.${reason}` })}`;
  },
  [ERRORS.NAME_TOO_LONG]: (intl, data) =>
    data.maxLength
      ? intl.formatMessage({ id: 'error.28.max' }, { maxLength: data.maxLength })
      : intl.formatMessage({ id: 'error.28' }),
  // a device that already holds a passkey of this account says so; any other failure alike
  [ERRORS.PASSKEY_FAILED]: (intl, data) =>
    intl.formatMessage({ id: ['registered', 'unavailable'].includes(data.reason) ? `error.39.${data.reason}` : 'error.39' }),
  [ERRORS.PASSKEY_NAME]: (intl, data) =>
    intl.formatMessage({ id: 'error.41' }, { maxLength: positive(data.maxLength) ? Number(data.maxLength) : 100 }),
  // a backup code spent before: how many are left, when the server says
  [ERRORS.BACKUP_CODE_USED]: (intl, data) =>
    Number.isInteger(data.remaining) && data.remaining >= 0
      ? intl.formatMessage({ id: 'error.42' }, { remaining: data.remaining })
      : intl.formatMessage({ id: 'error.14' }),
  // how long a page stays open without use, as the server says
  [ERRORS.PAGE_EXPIRED]: (intl, data) =>
    intl.formatMessage({ id: `error.${ERRORS.PAGE_EXPIRED}` }, { minutes: positive(data.minutes) ? Number(data.minutes) : 30 }),
  // a reset already waits: which, and when it takes effect in the server's words (the same day
  // the e-mail and the text name)
  [ERRORS.RESET_WAITING]: (intl, data) => {
    const when = data.when && data.when[intl.locale.slice(0, 2)];
    return ['phone', 'account'].includes(data.kind) && when
      ? intl.formatMessage({ id: `error.${ERRORS.RESET_WAITING}.${data.kind}` }, { when })
      : intl.formatMessage({ id: `error.${ERRORS.RESET_WAITING}` });
  },
  [ERRORS.RESEND_TOO_SOON]: (intl, data) =>
    positive(data.retryAfter)
      ? intl.formatMessage({ id: 'error.34.wait' }, { seconds: Math.ceil(Number(data.retryAfter)) })
      : intl.formatMessage({ id: 'error.34' }),
};
// the password and phone messages are built from parts whose codes may come back alone
BUILDERS['12'] = BUILDERS[ERRORS.PASSWORD_LENGTH];
BUILDERS['13'] = BUILDERS[ERRORS.PASSWORD_LENGTH];
BUILDERS['9'] = BUILDERS[ERRORS.PHONE_DIGITS];

// "Canada and United States", "Canada et États-Unis": region codes as the language names them.
function countryNames(intl, regions) {
  const names = new Intl.DisplayNames([intl.locale], { type: 'region' });
  return new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(regions.map((region) => names.of(region) || region));
}

// A wait of a day's ceiling, in whole hours (never 0).
const hoursOf = (seconds) => Math.max(1, Math.ceil(Number(seconds) / 3600));

function waitInMinutes(intl, code, data) {
  if (!positive(data.retryAfter)) return intl.formatMessage({ id: `error.${code}` });
  const minutes = Math.max(1, Math.ceil(Number(data.retryAfter) / 60));
  return intl.formatMessage({ id: `error.${code}.wait` }, { minutes });
}

export function errorText(intl, error, policy = DEFAULT_POLICY) {
  if (!error) return '';
  // client-side messages that are not server codes carry their message id
  if (error.id) return intl.formatMessage({ id: error.id }, error.data || {});
  const code = error.code != null ? String(error.code) : '';
  if (!code) return intl.formatMessage({ id: `error.${ERRORS.SERVER_ERROR}` });
  if (BUILDERS[code]) return BUILDERS[code](intl, error.data || {}, policy);
  if (/^\d+$/.test(code) && hasMessage(intl, `error.${code}`)) return intl.formatMessage({ id: `error.${code}` });
  // an unknown message is shown as it is
  return code;
}

// Turns a caught failure (ApiError or other) into an error object for errorText.
export function fromFailure(failure) {
  if (failure && failure.message) return { code: failure.message, data: failure.data || {} };
  // no answer at all (a lost connection, the time limit): not the server's error
  if (failure && failure.timeout) return { id: 'error.page.noAnswer', data: {} };
  return { code: ERRORS.SERVER_ERROR };
}

// The refusals of a page whose journey is gone from it: another tab moved it on, the page
// expired, the browser lost its session. Each is started again.
const GONE = [ERRORS.STEP_OUT_OF_ORDER, ERRORS.PAGE_EXPIRED, ERRORS.SESSION_LOST];

// Where a person goes on after an error that a form cannot fix: {to, labelId} (`to` a
// screen path after /{language}/, '' for home), or null. `restart` is the first screen
// of the change a profile form belongs to: a journey gone from the page or a proof given
// too long ago starts that change again there, not at the sign-in home.
export function followUp(error, restart = null) {
  const code = error ? String(error.code) : '';
  if (GONE.includes(code)) return { to: restart || '', labelId: 'common.startAgain' };
  if (code === ERRORS.REAUTHENTICATION_EXPIRED && restart) return { to: restart, labelId: 'reauthenticate.again' };
  if (code === ERRORS.ACCOUNT_NEEDS_RECOVERY) return { to: 'forgotpassword', labelId: 'password.signin.forgot' };
  if (code === ERRORS.LAST_STRONG_METHOD) return { to: 'signinmethods', labelId: 'methods.addAnotherFirst' };
  return null;
}
