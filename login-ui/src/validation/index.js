// Client-side validation of specification section 5, with the bounds of the server's
// policy (config.js). Every check returns null when the value passes, or an error
// {code, data} whose code is a catalogue code (i18n/errorCodes.json). Forms run these
// first and call the API only when they pass; the server checks everything again.
// tests/shared/validation_cases.json holds the cases both sides must agree on.
import {
  AsYouType,
  parsePhoneNumber,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  getCountryCallingCode,
} from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { DEFAULT_POLICY } from '../config';
import ERRORS from '../i18n/errorCodes.json';

// Section 9: name inputs have size 10 (the spec's field width, not a length limit).
export const NAME_INPUT_SIZE = 10;
// RFC 5321: an address longer than this cannot be delivered.
const EMAIL_MAX_LENGTH = 254;

// Local part: letters, digits and . _ % + -; the top-level domain has at least 2 letters.
const EMAIL_LOCAL_RE = /^[A-Za-z0-9._%+-]+$/;
const EMAIL_DOMAIN_RE = /^([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;

// What is wrong with an address, so the message names it (the server answers the same).
function emailProblem(email) {
  if (email.length > EMAIL_MAX_LENGTH) return 'length';
  const parts = email.split('@');
  if (parts.length !== 2 || !parts.every(Boolean)) return 'at';
  if (!EMAIL_LOCAL_RE.test(parts[0])) return 'characters';
  if (!EMAIL_DOMAIN_RE.test(parts[1])) return 'domain';
  return null;
}

export function validateEmail(value) {
  const reason = emailProblem((value || '').trim());
  return reason ? { code: ERRORS.INVALID_EMAIL, data: { reason } } : null;
}

// Exactly `length` ASCII digits (spaces typed between groups are ignored).
export function validateCode(value, length = DEFAULT_POLICY.codeLength) {
  const code = (value || '').replace(/\s+/g, '');
  return new RegExp(`^[0-9]{${length}}$`).test(code) ? null : { code: ERRORS.INVALID_CODE_FORMAT };
}

export function validatePassword(value, { pwdMinLength, pwdMaxLength } = DEFAULT_POLICY) {
  const length = (value || '').length;
  if (length < pwdMinLength || length > pwdMaxLength) {
    return { code: ERRORS.PASSWORD_LENGTH, data: { pwdMinLength, pwdMaxLength } };
  }
  return null;
}

// Names as people write them in any script (Muñoz, Nguyễn, 李小龍): letters and combining
// marks, hyphen, apostrophes (' and ’), space and underscore, with at least 2 letters.
const NAME_RE = /^[\p{L}\p{M}'’ _-]+$/u;
const LETTER_RE = /\p{L}/gu;
const NAME_MIN_LETTERS = 2;

export function validateName(value, { required = false, maxLength = DEFAULT_POLICY.nameMaxLength } = {}) {
  const name = (value || '').normalize('NFC').trim();
  if (!name) return required ? { code: ERRORS.INVALID_NAME, data: { reason: 'required' } } : null;
  if ([...name].length > maxLength) return { code: ERRORS.NAME_TOO_LONG, data: { maxLength } };
  const letters = (name.match(LETTER_RE) || []).length;
  if (letters < NAME_MIN_LETTERS || !NAME_RE.test(name)) {
    return { code: ERRORS.INVALID_NAME, data: { reason: 'invalid' } };
  }
  return null;
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

// The chosen country's format (its mask) of an example number: "(506) 234-5678" for CA.
export function exampleNumber(iso2) {
  const example = examples[iso2];
  return example ? parsePhoneNumber(example, iso2).formatNational() : null;
}

const EXTENSION_RE = /(ext|x|#|;|,)/i;
const ALLOWED_RE = /^[\d\s().+-]+$/;

// A number as the person types it, in the chosen country's format ("6132345" becomes
// "(613) 234-5"). Anything but digits and the format's own signs is left as typed, for
// the check to name.
export function formatAsTyped(value, iso2) {
  if (!value || !ALLOWED_RE.test(value)) return value;
  return new AsYouType(iso2).input(value);
}

// With the "long numbers" option, a number may run past the country's length (a direct
// line after a switchboard's number) as long as it starts with a valid number, up to what
// the server stores ("+" and 19 digits).
export const LONG_NUMBER_MAX_DIGITS = 19;

function startsWithValidNumber(input, iso2) {
  const parsed = parsePhoneNumberFromString(input, iso2);
  if (!parsed) return false;
  const national = parsed.nationalNumber;
  for (let length = national.length - 1; length >= (expectedDigits(iso2) || 1); length -= 1) {
    const prefix = parsePhoneNumberFromString(`+${parsed.countryCallingCode}${national.slice(0, length)}`);
    if (prefix && prefix.country === iso2 && prefix.isValid()) return true;
  }
  return false;
}

// policy: the server's phoneMaxDigits and phoneLongNumbers (config.js).
export function validatePhone(value, iso2, { phoneMaxDigits, phoneLongNumbers } = DEFAULT_POLICY) {
  const input = (value || '').trim();
  if (!input) return { code: ERRORS.PHONE_REQUIRED };
  const maxDigits = phoneLongNumbers ? LONG_NUMBER_MAX_DIGITS : phoneMaxDigits;
  const digitCount = { code: ERRORS.PHONE_DIGITS, data: { digits: expectedDigits(iso2) } };
  if (EXTENSION_RE.test(input) || !ALLOWED_RE.test(input)) return { code: ERRORS.INVALID_PHONE };
  if (input.replace(/\D/g, '').length > maxDigits) return digitCount;
  const lengthProblem = validatePhoneNumberLength(input, iso2);
  if (lengthProblem === 'INVALID_COUNTRY') return { code: ERRORS.INVALID_PHONE };
  if (lengthProblem === 'TOO_LONG' && phoneLongNumbers) {
    const digits = input.replace(/\D/g, '');
    const sent = input.startsWith('+') ? digits : `${getCountryCallingCode(iso2)}${digits}`;
    if (sent.length > LONG_NUMBER_MAX_DIGITS) return digitCount;
    return startsWithValidNumber(input, iso2) ? null : { code: ERRORS.INVALID_PHONE };
  }
  if (lengthProblem) return digitCount;
  const parsed = parsePhoneNumberFromString(input, iso2);
  if (!parsed || parsed.country !== iso2 || !parsed.isValid() || parsed.ext) return { code: ERRORS.INVALID_PHONE };
  if (parsed.number.replace(/\D/g, '').length > maxDigits) return digitCount;
  return null;
}

// The number as sent to the API: "+" followed by digits only.
export function toE164(value, iso2) {
  const parsed = parsePhoneNumberFromString((value || '').trim(), iso2);
  return parsed ? `+${parsed.number.replace(/\D/g, '')}` : null;
}

// A backup code as it was shown (ABCDE-23456): `length` letters and digits; spaces and
// dashes typed between groups are ignored, as the server ignores them.
export function normaliseBackupCode(value) {
  return (value || '').toUpperCase().replace(/[\s-]+/g, '');
}

export function validateBackupCode(value, length = DEFAULT_POLICY.backupCodeLength) {
  return new RegExp(`^[A-Z0-9]{${length}}$`).test(normaliseBackupCode(value)) ? null : { id: 'error.backupCode', data: { length } };
}
