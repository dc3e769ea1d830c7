import cases from '../../../tests/shared/validation_cases.json';
import ERRORS from '../i18n/errorCodes.json';
import { validateCode, validateEmail, validateName, validatePassword } from '.';
import { checkDestination, dialCode, exampleNumber, expectedDigits, formatAsTyped, toE164, validatePhone } from './phone';

// The shared table (tests/shared/validation_cases.json) that pytest runs through the
// server's validation too: both sides give the same catalogue code and data.
const shown = (input) => JSON.stringify(input).slice(0, 40);

describe('the shared validation table', () => {
  test.each(cases.email.map((c) => [shown(c.input), c]))('e-mail %s', (_, c) => {
    expect(validateEmail(c.input)).toEqual(c.expect);
  });
  test.each(cases.code.map((c) => [shown(c.input), c]))('code %s', (_, c) => {
    expect(validateCode(c.input)).toEqual(c.expect);
  });
  test.each(cases.password.map((c) => [shown(c.input), c]))('password %s', (_, c) => {
    expect(validatePassword(c.input)).toEqual(c.expect);
  });
  test.each(cases.name.map((c) => [`${shown(c.input)} required=${c.required}`, c]))('name %s', (_, c) => {
    expect(validateName(c.input, { required: c.required })).toEqual(c.expect);
  });
  test.each(cases.phone.map((c) => [`${c.country} ${shown(c.input)}`, c]))('phone %s', (_, c) => {
    expect(validatePhone(c.input, c.country)).toEqual(c.expect);
    if (c.expect === null) expect(toE164(c.input, c.country)).toBe(c.sent);
  });
  // the kind of a number is the server's to tell (serverOnly): the UI lets it through to it
  test.each(cases.phoneDestination.map((c) => [`${c.channel} ${c.sent}`, c]))('phone destination %s', (_, c) => {
    expect(checkDestination(c.country, c.channel)).toEqual(c.serverOnly ? null : c.expect);
  });
});

test('the table covers every field the UI checks', () => {
  expect(Object.keys(cases).filter((key) => !key.startsWith('_')).sort()).toEqual(['code', 'email', 'name', 'password', 'phone', 'phoneDestination']);
});

describe('bounds from the server policy', () => {
  test('a code has the length of the policy', () => {
    expect(validateCode('12345678', 8)).toBeNull();
    expect(validateCode('123456', 8)).toEqual({ code: ERRORS.INVALID_CODE_FORMAT });
  });
  test('spaces between the digits of a code are ignored', () => {
    expect(validateCode('123 456')).toBeNull();
  });
  test('a password uses the bounds of the policy', () => {
    expect(validatePassword('a'.repeat(12), { pwdMinLength: 14, pwdMaxLength: 20 })).toEqual({
      code: ERRORS.PASSWORD_LENGTH,
      data: { pwdMinLength: 14, pwdMaxLength: 20 },
    });
  });
  test('a name longer than the policy maximum gives code 28 with the maximum', () => {
    expect(validateName('Abc', { maxLength: 2 })).toEqual({ code: ERRORS.NAME_TOO_LONG, data: { maxLength: 2 } });
  });
  test('a name is measured after NFC normalisation', () => {
    expect(validateName('Nguye\u0302\u0303n', { maxLength: 6 })).toBeNull();
  });
  test('a phone with more digits than the policy cap is refused with the country digit count', () => {
    expect(validatePhone('613 234 5678', 'CA', { phoneMaxDigits: 9 })).toEqual({ code: ERRORS.PHONE_DIGITS, data: { digits: 10 } });
  });
});

describe('the "long numbers" option (phone.long_numbers)', () => {
  const LONG = { phoneMaxDigits: 15, phoneLongNumbers: true };
  test('without it a number longer than the country\'s mask is refused with the digit count', () => {
    expect(validatePhone('613 234 5678 901', 'CA')).toEqual({ code: ERRORS.PHONE_DIGITS, data: { digits: 10 } });
  });
  test('with it a valid number followed by more digits passes, past the 15-digit cap, sent as + and digits', () => {
    expect(validatePhone('613 234 5678 901 234', 'CA', LONG)).toBeNull();
    expect(toE164('613 234 5678 901 234', 'CA')).toBe('+16132345678901234');
  });
  test('with it the number must still start with a valid number of the country', () => {
    expect(validatePhone('000 234 5678 901', 'CA', LONG)).toEqual({ code: ERRORS.INVALID_PHONE });
  });
  test('with it a number shorter than the mask is still refused', () => {
    expect(validatePhone('613 234', 'CA', LONG)).toEqual({ code: ERRORS.PHONE_DIGITS, data: { digits: 10 } });
  });
  test('with it the number stops at what the server stores: 19 digits with the country code', () => {
    expect(validatePhone('613 234 5678 901 234 567', 'CA', LONG)).toEqual({ code: ERRORS.PHONE_DIGITS, data: { digits: 10 } });
  });
});

describe('the country\'s format (mask) as the person types', () => {
  test.each([
    ['CA', '6132345', '(613) 234-5'],
    ['CA', '6132345678', '(613) 234-5678'],
    ['FR', '0612345678', '06 12 34 56 78'],
  ])('%s: %s reads %s', (country, typed, shown) => {
    expect(formatAsTyped(typed, country)).toBe(shown);
  });
  test('what is not a number is left as typed, for the check to name', () => {
    expect(formatAsTyped('613 ext 5', 'CA')).toBe('613 ext 5');
  });
  test('a formatted number is still sent as + and digits', () => {
    expect(toE164(formatAsTyped('6132345678', 'CA'), 'CA')).toBe('+16132345678');
  });
  test('the example shown is in the country\'s format', () => {
    expect(exampleNumber('CA')).toBe('(506) 234-5678');
    expect(exampleNumber('FR')).toBe('06 12 34 56 78');
  });
});

test('dial code and digit count come from the country', () => {
  expect(dialCode('CA')).toBe('+1');
  expect(dialCode('FR')).toBe('+33');
  expect(expectedDigits('CA')).toBe(10);
  expect(expectedDigits('FR')).toBe(9);
});
