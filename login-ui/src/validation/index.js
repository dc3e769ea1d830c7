// Client-side validation of specification section 5, with the bounds of the server's
// policy (config.js). Every check returns null when the value passes, or an error
// {code, data} whose code is a catalogue code (i18n/errorCodes.json). Forms run these
// first and call the API only when they pass; the server checks everything again.
// tests/shared/validation_cases.json holds the cases both sides must agree on. Phone numbers
// are checked in ./phone.js, with the phone widget's chunk (libphonenumber-js metadata).
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

// A backup code as it was shown (ABCDE-23456): `length` letters and digits; spaces and
// dashes typed between groups are ignored, as the server ignores them.
export function normaliseBackupCode(value) {
  return (value || '').toUpperCase().replace(/[\s-]+/g, '');
}

export function validateBackupCode(value, length = DEFAULT_POLICY.backupCodeLength) {
  return new RegExp(`^[A-Z0-9]{${length}}$`).test(normaliseBackupCode(value)) ? null : { id: 'error.backupCode', data: { length } };
}
