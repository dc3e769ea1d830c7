// Phone numbers of specification section 5 through libphonenumber-js and its metadata: a
// module of its own so that only the screens with the phone widget (a later chunk) load them.
import {
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  getCountryCallingCode,
} from 'libphonenumber-js';
import examples from 'libphonenumber-js/mobile/examples';
import { DEFAULT_POLICY } from '../config';
import ERRORS from '../i18n/errorCodes.json';

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

export function validatePhone(value, iso2, maxDigits = DEFAULT_POLICY.phoneMaxDigits) {
  const input = (value || '').trim();
  if (!input) return { code: ERRORS.PHONE_REQUIRED };
  const digitCount = { code: ERRORS.PHONE_DIGITS, data: { digits: expectedDigits(iso2) } };
  if (EXTENSION_RE.test(input) || !ALLOWED_RE.test(input)) return { code: ERRORS.INVALID_PHONE };
  if (input.replace(/\D/g, '').length > maxDigits) return digitCount;
  const lengthProblem = validatePhoneNumberLength(input, iso2);
  if (lengthProblem === 'INVALID_COUNTRY') return { code: ERRORS.INVALID_PHONE };
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
