// Client-side validation of specification section 5. Every check returns null when the
// value passes, or an error {code, data} whose code is a catalogue code (see i18n/errors.js).
// Forms run these first and call the API only when they pass.
import {
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  getCountryCallingCode,
} from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';

export const CODE_LENGTH = 6;
export const NAME_INPUT_SIZE = 10;
export const MAX_PHONE_DIGITS = 15;
export const DEFAULT_PASSWORD_POLICY = { pwdMinLength: 12, pwdMaxLength: 65 };

// Local part: letters, digits and . _ % + -; the top-level domain has at least 2 letters.
const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function validateEmail(value) {
  const email = (value || '').trim();
  return EMAIL_RE.test(email) ? null : { code: '2' };
}

export function validateCode(value) {
  const code = (value || '').replace(/\s+/g, '');
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code) ? null : { code: '3' };
}

export function validatePassword(value, policy = DEFAULT_PASSWORD_POLICY) {
  const { pwdMinLength, pwdMaxLength } = policy;
  const length = (value || '').length;
  if (length < pwdMinLength || length > pwdMaxLength) {
    return { code: '5', data: { pwdMinLength, pwdMaxLength } };
  }
  return null;
}

// 2 or more of: letters, hyphen, underscore, space, apostrophes, French accented letters.
const NAME_RE = /^[A-Za-zÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸàâæçéèêëîïôœùûüÿ'’ _-]{2,}$/;

export function validateName(value, { required = false } = {}) {
  const name = (value || '').trim();
  if (!name) return required ? { code: '11', data: { reason: 'required' } } : null;
  return NAME_RE.test(name) ? null : { code: '11', data: { reason: 'invalid' } };
}

// The number of national digits the chosen country expects (its mask), e.g. 10 for CA.
export function expectedDigits(iso2) {
  const example = examples[iso2];
  return example ? example.length : null;
}

export function dialCode(iso2) {
  try {
    return `+${getCountryCallingCode(iso2)}`;
  } catch (e) {
    return '';
  }
}

const EXTENSION_RE = /(ext|x|#|;|,)/i;
const ALLOWED_RE = /^[\d\s().+-]+$/;

export function validatePhone(value, iso2) {
  const input = (value || '').trim();
  if (!input) return { code: '10' };
  const digitCount = { code: '8', data: { digits: expectedDigits(iso2) } };
  if (EXTENSION_RE.test(input) || !ALLOWED_RE.test(input)) return { code: '22' };
  const digits = input.replace(/\D/g, '');
  if (digits.length > MAX_PHONE_DIGITS) return digitCount;
  const lengthProblem = validatePhoneNumberLength(input, iso2);
  if (lengthProblem === 'INVALID_COUNTRY') return { code: '22' };
  if (lengthProblem) return digitCount;
  const parsed = parsePhoneNumberFromString(input, iso2);
  if (!parsed || parsed.country !== iso2 || !parsed.isValid() || parsed.ext) return { code: '22' };
  if (parsed.number.replace(/\D/g, '').length > MAX_PHONE_DIGITS) return digitCount;
  return null;
}

// The number as sent to the API: "+" followed by digits only.
export function toE164(value, iso2) {
  const parsed = parsePhoneNumberFromString((value || '').trim(), iso2);
  return parsed ? `+${parsed.number.replace(/\D/g, '')}` : null;
}
