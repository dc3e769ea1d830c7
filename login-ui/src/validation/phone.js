// Phone numbers of specification section 5 through libphonenumber-js and its metadata: a
// module of its own so that only the screens with the phone widget (a later chunk) load them.
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

// The number of national digits the chosen country expects (its mask), e.g. 10 for CA.
export function expectedDigits(iso2) {
  const example = examples[iso2];
  return example ? example.length : null;
}

export function dialCode(iso2) {
  try {
    return `+${getCountryCallingCode(iso2)}`;
  } catch {
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

// The countries of the phone widget's list ([phone] countries of the channels offered, null: all):
// a person picks only a country some channel serves ("My country is not listed" says the rest).
export function servedCountries({ phoneChannels, phoneCountries } = DEFAULT_POLICY) {
  const served = phoneChannels.flatMap((channel) => phoneCountries[channel] || []);
  return served.includes('*') ? null : [...new Set(served)];
}

// A country the chosen channel does not serve, refused as the server refuses it (code 52); the
// kind of number (premium, satellite...) is the server's to tell, in the words it names.
export function checkDestination(iso2, channel, { phoneCountries } = DEFAULT_POLICY) {
  const countries = phoneCountries[channel] || [];
  if (countries.includes('*') || countries.includes(iso2)) return null;
  return { code: ERRORS.PHONE_NUMBER_REFUSED, data: { reason: 'country', channel, countries: [...countries] } };
}
